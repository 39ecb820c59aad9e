/**
 * A short, stable hash of a name (FNV-1a, 32 bits, 6 base-36 digits): the suffix that keeps
 * sanitized names apart. Pure JavaScript, so it runs wherever the runtime does.
 */
export function hashName(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, "0").slice(-6);
}
