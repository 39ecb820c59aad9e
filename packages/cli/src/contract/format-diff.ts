import type { ContractDiff } from "@toolgen/core";

/**
 * A diff for people: a summary line, then the changes grouped by entry, one line each with
 * its severity, path, code and sentence.
 */
export function formatDiff(diff: ContractDiff, oldLabel: string, newLabel: string): string {
  const count = (severity: string) => diff.changes.filter((c) => c.severity === severity).length;
  const lines = [`toolgen diff ${oldLabel} → ${newLabel}: ${count("breaking")} breaking, ${count("compatible")} compatible, ${count("cosmetic")} cosmetic (bump: ${diff.bump})`];
  let entry: string | undefined;
  for (const change of diff.changes) {
    if (change.entry !== entry) {
      entry = change.entry;
      lines.push("", `${change.kind} ${change.entry}`);
    }
    lines.push(`  ${change.severity.padEnd(10)} ${(change.path || "(entry)").padEnd(24)} ${change.code}: ${change.message}`);
  }
  return lines.join("\n") + "\n";
}
