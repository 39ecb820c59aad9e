import { textOf } from "../pipeline/serialize-result.js";

/**
 * Longer than any name a provider or MCP client sends (OpenAI allows 64 characters): nothing
 * is close to it, and its edit distances would cost its length times every known name's — a
 * megabyte "name" from a model or a client blocked every other call for seconds.
 */
const LONGEST_NAME = 256;

/** Up to three known names closest to a (probably hallucinated) one; none for a name that is no string or too long to be one. */
export function closestNames(name: unknown, known: readonly string[]): string[] {
  if (typeof name !== "string" || name.length > LONGEST_NAME) return [];
  const target = name.toLowerCase();
  return known
    .map((k) => ({ k, d: editDistance(target, k.toLowerCase()) }))
    // Containing the name, or contained in it: never for an empty one, which every name contains.
    .filter(({ k, d }) => d <= Math.max(2, Math.ceil(k.length / 2)) || (target !== "" && (k.toLowerCase().includes(target) || target.includes(k.toLowerCase()))))
    .sort((a, b) => a.d - b.d || (a.k < b.k ? -1 : 1))
    .slice(0, 3)
    .map(({ k }) => k);
}

/** A name a message repeats: quoted, and cut when long (a message carries no megabyte of it); a value that is no string as its JSON. */
export function quoteName(name: unknown): string {
  const text = textOf(name);
  return `'${text.length > 80 ? `${text.slice(0, 77)}...` : text}'`;
}

/** Levenshtein distance, two rows (also used by the analyzer for tag typos). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
