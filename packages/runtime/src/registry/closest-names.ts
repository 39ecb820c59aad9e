/** Up to three known names closest to a (probably hallucinated) one. */
export function closestNames(name: string, known: readonly string[]): string[] {
  const target = name.toLowerCase();
  return known
    .map((k) => ({ k, d: editDistance(target, k.toLowerCase()) }))
    .filter(({ k, d }) => d <= Math.max(2, Math.ceil(k.length / 2)) || k.toLowerCase().includes(target) || target.includes(k.toLowerCase()))
    .sort((a, b) => a.d - b.d || (a.k < b.k ? -1 : 1))
    .slice(0, 3)
    .map(({ k }) => k);
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
