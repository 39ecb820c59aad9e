import type { NameRule } from "./name-rules.js";
import { isAcceptable, sanitizeName, withHash } from "./sanitize-name.js";

/** The reversible map between toolgen's names and one provider's. */
export interface NameMap {
  /** The provider's name for one of ours (our name itself if we do not know it). */
  toProvider(name: string): string;
  /** Our name for one of the provider's, or `undefined` for a name we never gave out. */
  fromProvider(providerName: string): string | undefined;
  /** Every pair, ours first, in the order the names were given. */
  readonly pairs: ReadonlyArray<readonly [ours: string, theirs: string]>;
}

/** Two names still collide after sanitizing: the tools must be renamed. */
export class NameCollisionError extends Error {
  constructor(
    readonly providerName: string,
    readonly names: readonly string[],
  ) {
    super(`toolgen: the tool names ${names.map((n) => `'${n}'`).join(" and ")} all become '${providerName}' for this provider; rename one of them (@tool <name>).`);
    this.name = "NameCollisionError";
  }
}

/**
 * Sanitizes every name of a registry for one provider. Names the provider accepts as they
 * are keep priority; sanitized names that collide with each other or with a kept name all
 * get a hash suffix (so the result does not depend on the order of the input); a collision
 * that still remains is a `NameCollisionError`.
 */
export function createNameMap(names: readonly string[], rule: NameRule): NameMap {
  const unique = [...new Set(names)];
  const first = new Map(unique.map((n) => [n, sanitizeName(n, rule)]));
  const kept = new Set(unique.filter((n) => isAcceptable(n, rule)));
  const count = new Map<string, number>();
  for (const s of first.values()) count.set(s, (count.get(s) ?? 0) + 1);
  const final = new Map<string, string>();
  for (const [name, s] of first) {
    const clashes = !kept.has(name) && (count.get(s)! > 1 || (kept.has(s) && s !== name));
    final.set(name, clashes ? withHash(s, name, rule) : s);
  }
  const back = new Map<string, string>();
  for (const [name, s] of final) {
    const previous = back.get(s);
    if (previous !== undefined) throw new NameCollisionError(s, [previous, name]);
    back.set(s, name);
  }
  return {
    toProvider: (name) => final.get(name) ?? name,
    fromProvider: (providerName) => back.get(providerName),
    pairs: [...final],
  };
}
