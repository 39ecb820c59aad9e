import { type EntryDefinition, headOf } from "../registry/entry-definition.js";
import { isUriTemplate } from "../resources/uri-template.js";
import type { DiscoveredManifest } from "./discover-manifests.js";
import { DiscoveryError } from "./discovery-error.js";

/** A package as an override names it: `name`, or `name@version` for one of several installed copies. */
export function packageLabel(from: DiscoveredManifest): string {
  return from.packageVersion === undefined ? from.packageName : `${from.packageName}@${from.packageVersion}`;
}

/**
 * One registry, one entry per name: a name several packages provide is an error naming the
 * first two origins, unless `overrides` names the package to keep (`name`, or `name@version`
 * where npm installed several versions of one package). Copies of one version of a package
 * are one provider: the first found is kept. An override for a package that does not provide
 * the name is an error too — there is no silent shadowing. `providers` are the packages
 * (`name@version`) that provide each name before the filters: an override stays valid when
 * the filters leave its name out of this registry.
 */
export function resolveDuplicates<D extends Pick<EntryDefinition, "head" | "entry" | "origin">>(
  all: ReadonlyArray<{ definition: D; from: DiscoveredManifest }>,
  overrides: Record<string, string>,
  providers: ReadonlyMap<string, readonly DiscoveredManifest[]>,
): D[] {
  const byName = new Map<string, Array<(typeof all)[number]>>();
  const dropped = new Set<(typeof all)[number]>();
  for (const item of all) {
    const name = headOf(item.definition).name;
    const list = byName.get(name) ?? [];
    // Another copy of a version already here (npm installs one per place that needs it); never
    // the application: a dependency that takes its name and version is no copy of it.
    const copy = list.find((other) => other.from !== item.from && !other.from.isApplication && !item.from.isApplication && other.from.packageName === item.from.packageName && other.from.packageVersion !== undefined && other.from.packageVersion === item.from.packageVersion);
    if (copy) dropped.add(item);
    else list.push(item);
    byName.set(name, list);
  }
  const chooses = (chosen: string, from: DiscoveredManifest) => chosen === from.packageName || chosen === packageLabel(from);
  for (const [name, chosen] of Object.entries(overrides)) {
    // A resource URI (entry names never hold ':'): checked with the URIs, below.
    if (name.includes(":")) continue;
    const providing = providers.get(name) ?? [];
    if (!providing.some((from) => chooses(chosen, from))) {
      // A version only where it tells copies of one package apart, or the override named one.
      const versions = (from: DiscoveredManifest) => new Set(providing.filter((p) => p.packageName === from.packageName).map(packageLabel)).size;
      const namesVersionOf = (from: DiscoveredManifest) => chosen.startsWith(`${from.packageName}@`);
      const labels = [...new Set(providing.map((from) => (versions(from) > 1 || namesVersionOf(from) ? packageLabel(from) : from.packageName)))];
      throw new DiscoveryError(`The override for '${name}' chooses ${chosen}, which does not provide it${labels.length ? ` (provided by: ${labels.join(", ")})` : " (no package provides it)"}.`);
    }
  }
  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    const chosen = overrides[name];
    if (chosen === undefined) {
      const [a, b] = list as [(typeof all)[number], (typeof all)[number]];
      if (a.from === b.from) throw new DiscoveryError(`The name '${name}' is provided twice by ${a.definition.origin}: a manifest lists each name once (rebuild the package).`);
      const impostor = a.from.isApplication ? b : b.from.isApplication ? a : undefined;
      if (impostor && a.from.packageName === b.from.packageName) {
        throw new DiscoveryError(`The name '${name}' is provided twice: by the application and by an installed package named like it, ${packageLabel(impostor.from)} (${impostor.from.displayPath}). Remove or rename that package.`);
      }
      // Two versions of one package are told apart by their versions (the one suggested is the application's own dependency, not one nested under another); copies without one cannot be.
      const label = a.from.packageName === b.from.packageName ? packageLabel(leastNested([a.from, b.from])) : b.from.packageName;
      if (a.from.packageName === b.from.packageName && packageLabel(a.from) === packageLabel(b.from)) {
        throw new DiscoveryError(`The name '${name}' is provided twice: by two copies of ${label} (${a.from.displayPath} and ${b.from.displayPath}) without versions to tell them apart. Remove one (npm dedupe), or give the package a version.`);
      }
      // Two versions of one package: each named with its version.
      const origin = (item: (typeof all)[number]) => (a.from.packageName === b.from.packageName ? `${packageLabel(item.from)} (${item.from.displayPath})` : item.definition.origin);
      // Every name the same two packages both provide, said at once, not one run at a time.
      const alike = [...byName].filter(([other, l]) => other !== name && overrides[other] === undefined && l.some((i) => i.from === a.from) && l.some((i) => i.from === b.from)).map(([other]) => `'${other}'`);
      const more = alike.length ? ` They also both provide ${alike.length > 5 ? `${alike.slice(0, 5).join(", ")} and ${alike.length - 5} more` : alike.join(", ")}.` : "";
      // A third provider (the application itself, beside two versions of a library) is named too: an override keeps one of all of them.
      const others = list.slice(2).map((item) => (item.from.isApplication ? `the application (${item.from.displayPath})` : `${packageLabel(item.from)} (${item.from.displayPath})`));
      const also = others.length ? ` So ${others.length === 1 ? "does" : "do"} ${others.join(", ")}.` : "";
      throw new DiscoveryError(
        `The name '${name}' is provided ${list.length === 2 ? "twice" : `${list.length} times`}: by ${origin(a)} and by ${origin(b)}.${also}${more} Remove one, or choose the one to keep with overrides: { "${name}": "${label}" } (the "overrides" key of the toolgen configuration, for the toolgen CLI; the overrides option of discoverRegistry).`,
      );
    }
    const kept = list.filter((item) => chooses(chosen, item.from));
    const impostor = kept.some((item) => item.from.isApplication) ? kept.find((item) => !item.from.isApplication) : undefined;
    if (impostor) {
      throw new DiscoveryError(`The override for '${name}' chooses ${chosen}, the application, and an installed package of that name provides '${name}' too (${impostor.from.displayPath}): a dependency named like the application cannot be told from it. Remove or rename that package.`);
    }
    if (kept.length > 1) {
      throw new DiscoveryError(`The override for '${name}' chooses ${chosen}, which is installed in several versions: ${kept.map((item) => `${packageLabel(item.from)} (${item.from.displayPath})`).join(", ")}. Choose one: { "${name}": "${packageLabel(leastNested(kept.map((item) => item.from)))}" }.`);
    }
    for (const item of list) if (!kept.includes(item)) dropped.add(item);
  }
  const byUri = keptByUri(all.filter((item) => !dropped.has(item)), overrides, chooses);
  return all.filter((item) => !dropped.has(item) && byUri(item)).map((item) => item.definition);
}

/**
 * A static resource URI entries of several packages serve: a client reads it from one. An
 * override keyed by the URI keeps one package's (`{ "docs://readme": "@acme/docs" }`), the
 * others' entries are left out; without one it is an error naming both, not later the
 * registry's bare error. Returns whether an item stays.
 */
function keptByUri<Item extends { definition: Pick<EntryDefinition, "head" | "entry" | "origin">; from: DiscoveredManifest }>(resolved: readonly Item[], overrides: Record<string, string>, chooses: (chosen: string, from: DiscoveredManifest) => boolean): (item: Item) => boolean {
  const serving = new Map<string, Item[]>();
  for (const item of resolved) for (const uri of headOf(item.definition).uris ?? []) if (!isUriTemplate(uri)) serving.set(uri, [...(serving.get(uri) ?? []), item]);
  // One the filters left unserved is no mistake: the same configuration serves other hosts.
  for (const [uri, chosen] of Object.entries(overrides)) {
    const items = uri.includes(":") ? serving.get(uri) : undefined;
    if (items && !items.some((item) => chooses(chosen, item.from))) throw new DiscoveryError(`The override for the URI '${uri}' chooses ${chosen}, which does not serve it (served by: ${[...new Set(items.map((item) => item.from.packageName))].join(", ")}).`);
  }
  const left = new Set<Item>();
  for (const [uri, items] of serving) {
    if (new Set(items.map((item) => item.from)).size < 2) continue;
    const chosen = overrides[uri];
    if (chosen === undefined) {
      const a = items[0]!;
      const b = items.find((item) => item.from !== a.from)!;
      throw new DiscoveryError(`The URI '${uri}' is served by '${headOf(a.definition).name}' of ${a.definition.origin} and by '${headOf(b.definition).name}' of ${b.definition.origin}: a client reads a URI from one resource. Choose the package to keep with overrides: { "${uri}": "${b.from.packageName}" }, or remove one.`);
    }
    for (const item of items) if (!chooses(chosen, item.from)) left.add(item);
  }
  return (item) => !left.has(item);
}

/** Of several installed copies, the application's own dependency: the one under the fewest `node_modules`. */
function leastNested(copies: readonly DiscoveredManifest[]): DiscoveredManifest {
  const depth = (copy: DiscoveredManifest) => copy.packageRoot.split(/[\\/]node_modules[\\/]/).length;
  return copies.reduce((best, copy) => (depth(copy) < depth(best) ? copy : best));
}
