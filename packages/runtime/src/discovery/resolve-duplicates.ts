import { type EntryDefinition, headOf } from "../registry/entry-definition.js";
import type { DiscoveredManifest } from "./discover-manifests.js";
import { DiscoveryError } from "./discovery-error.js";

/**
 * One registry, one entry per name: a name several packages provide is an error naming the
 * first two origins, unless `overrides` names the package to keep. An override for a
 * package that does not provide the name is an error too — there is no silent shadowing.
 * `providers` are the packages that provide each name before the filters: an override stays
 * valid when the filters leave its name out of this registry.
 */
export function resolveDuplicates(
  all: ReadonlyArray<{ definition: EntryDefinition; from: DiscoveredManifest }>,
  overrides: Record<string, string>,
  providers: ReadonlyMap<string, readonly string[]>,
): EntryDefinition[] {
  const byName = new Map<string, Array<(typeof all)[number]>>();
  for (const item of all) {
    const list = byName.get(headOf(item.definition).name) ?? [];
    list.push(item);
    byName.set(headOf(item.definition).name, list);
  }
  for (const [name, chosen] of Object.entries(overrides)) {
    const providing = [...new Set(providers.get(name))];
    if (!providing.includes(chosen)) {
      throw new DiscoveryError(`The override for '${name}' chooses ${chosen}, which does not provide it${providing.length ? ` (provided by: ${providing.join(", ")})` : " (no package provides it)"}.`);
    }
  }
  const dropped = new Set<(typeof all)[number]>();
  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    const chosen = overrides[name];
    if (chosen === undefined) {
      const [a, b] = list as [(typeof all)[number], (typeof all)[number]];
      if (a.from === b.from) throw new DiscoveryError(`The name '${name}' is provided twice by ${a.definition.origin}: a manifest lists each name once (rebuild the package).`);
      throw new DiscoveryError(
        `The name '${name}' is provided twice: by ${a.definition.origin} and by ${b.definition.origin}. Remove one, or choose the one to keep with overrides: { "${name}": "${b.from.packageName}" } (the "overrides" key of the toolgen configuration, for toolgen call and serve; the overrides option of discoverRegistry).`,
      );
    }
    for (const item of list) if (item.from.packageName !== chosen) dropped.add(item);
  }
  return all.filter((item) => !dropped.has(item)).map((item) => item.definition);
}
