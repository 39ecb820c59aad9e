/**
 * Deep equality of JSON values, for `const`, `enum` and `uniqueItems`. It reads own keys
 * only, so a hostile value such as `{ "valueOf": {} }` compares as data; ajv's own helper
 * (fast-deep-equal) calls `a.valueOf()` and throws on it.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return a !== a && b !== b;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
