import type { Diagnostic } from "./diagnostic.js";

/** More diagnostics than this with one code at one place are shown as the first plus a count. */
const MAX_REPEATS = 3;

/**
 * A parameter whose type reaches a large graph of unsupported types (a compiler's AST, say)
 * would otherwise get one diagnostic per type, all at the same spot. Input must be sorted
 * (`sortDiagnostics`), so the ones kept are deterministic.
 */
export function collapseRepeats(sorted: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let i = 0; i < sorted.length; ) {
    const first = sorted[i]!;
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.file === first.file && sorted[j]!.start === first.start && sorted[j]!.code === first.code) j++;
    const count = j - i;
    if (count <= MAX_REPEATS) out.push(...sorted.slice(i, j));
    else out.push({ ...first, message: `${first.message} (and ${count - 1} more problems of this kind here)` });
    i = j;
  }
  return out;
}
