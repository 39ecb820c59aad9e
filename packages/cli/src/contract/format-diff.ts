import type { ChangeSeverity, ContractDiff } from "@toolgen/core";

/**
 * A diff for people: a summary line, then the changes grouped by entry, one line each with
 * its severity, path, code and sentence — all of them, or those of one severity (`only`).
 */
export function formatDiff(diff: ContractDiff, oldLabel: string, newLabel: string, options: { command?: string; only?: ChangeSeverity } = {}): string {
  const count = (severity: string) => diff.changes.filter((c) => c.severity === severity).length;
  const listed = options.only ? ` (the ${options.only} ones below)` : "";
  const lines = [`${options.command ?? "toolgen diff"} ${oldLabel} → ${newLabel}: ${count("breaking")} breaking, ${count("compatible")} compatible, ${count("cosmetic")} cosmetic (bump: ${diff.bump})${listed}`];
  let entry: string | undefined;
  for (const change of diff.changes.filter((c) => !options.only || c.severity === options.only)) {
    if (change.entry !== entry) {
      entry = change.entry;
      lines.push("", `${change.kind} ${change.entry}`);
    }
    lines.push(`  ${change.severity.padEnd(10)} ${(change.path || "(entry)").padEnd(24)} ${change.code}: ${change.message}`);
  }
  return lines.join("\n") + "\n";
}
