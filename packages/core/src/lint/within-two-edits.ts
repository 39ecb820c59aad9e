/** Rows of the edit-distance table, reused: a thousand tools make half a million comparisons. */
let rows: [Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64)];

/**
 * Whether two names are at most two edits apart: the edit distance's table in the band of
 * cells that can stay within two, stopping at the first row where none does.
 */
export function withinTwoEdits(a: string, b: string): boolean {
  const limit = 2;
  if (Math.abs(a.length - b.length) > limit) return false;
  if (rows[0].length <= b.length) rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current.fill(limit + 1, 0, b.length + 1);
    current[0] = i;
    let best = i;
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return false;
    [previous, current] = [current, previous];
  }
  return previous[b.length]! <= limit;
}
