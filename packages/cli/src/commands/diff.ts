import { diffManifests } from "@toolgen/core";
import { formatDiff } from "../contract/format-diff.js";
import { ContractAnalysisError, otherPackageWarning, readContract } from "../contract/read-contract.js";

/**
 * `toolgen diff <old> [<new>]`: what changed in the tool contract between two versions, each
 * change breaking, compatible or cosmetic. Exit 1 when one is breaking, 2 when a side cannot
 * be read (a usage error, or sources with errors).
 */
export function runDiff(oldSpec: string, newSpec: string | undefined, options: { project?: string; json?: boolean }): number {
  let result;
  try {
    const old = readContract(oldSpec, options.project);
    const now = readContract(newSpec, options.project);
    result = { old, now, diff: diffManifests(old.entries, now.entries) };
  } catch (error) {
    if (!(error instanceof ContractAnalysisError)) throw error;
    process.stderr.write(`${error.report}\ntoolgen: ${error.message}\n`);
    return 2;
  }
  const { old, now, diff } = result;
  const other = otherPackageWarning(old, now);
  if (other) process.stderr.write(other);
  process.stdout.write(options.json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiff(diff, old.label, now.label));
  return diff.bump === "major" ? 1 : 0;
}
