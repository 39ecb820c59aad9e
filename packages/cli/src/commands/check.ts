import { manifestReference, readIfExists, staleChunks } from "@toolgen/transformer/project";
import { planProjectBuild } from "../build/plan-build.js";
import { createProgress } from "../output/progress.js";
import { reportDiagnostics } from "../output/print-diagnostics.js";
import { loadProjectInfo } from "../project/load-project.js";
import { registryModuleOutsideProgram } from "../project/registry-module-included.js";
import { shown } from "./build.js";
import { diffManifests } from "@toolgen/core";
import type { Manifest } from "@toolgen/runtime";
import { formatDiff } from "../contract/format-diff.js";
import { ContractAnalysisError, readContract } from "../contract/read-contract.js";
import { UsageError } from "./usage-error.js";

/**
 * The contract against an earlier version: its breaking changes are a problem unless the
 * package's major version went up since (semantic versioning's promise to callers).
 */
function breakingAgainst(against: string, project: string | undefined, manifest: Manifest): string | undefined {
  let old;
  try {
    old = readContract(against, project);
  } catch (error) {
    if (error instanceof ContractAnalysisError) throw new UsageError(`--against ${against}: ${error.message}`);
    throw error;
  }
  const diff = diffManifests(old.entries, manifest.entries);
  if (diff.bump !== "major") return undefined;
  const [was, is] = [major(old.version), major(manifest.package.version)];
  if (was !== undefined && is !== undefined && is > was) return undefined;
  process.stderr.write(formatDiff(diff, old.label, "the current sources", { command: "toolgen check --against", only: "breaking" }));
  const versions = was === undefined || is === undefined ? "package.json states no version to compare" : `the major version is ${is}, as in ${old.label}`;
  return `breaking: ${diff.changes.filter((c) => c.severity === "breaking").length} breaking contract changes against ${old.label}, and ${versions}; raise the major version, or undo them (listed above)`;
}

function major(version: string | undefined): number | undefined {
  const match = version === undefined ? null : /^(\d+)\./.exec(version);
  return match ? Number(match[1]) : undefined;
}

/**
 * `toolgen check`: exit 1 listing every generated file that is missing or stale (for CI); with
 * `--against <old>`, also on a breaking contract change the package's major version does not
 * announce.
 */
export function runCheck(options: { project?: string; against?: string }): number {
  const progress = createProgress();
  progress.phase("reading the project");
  const info = loadProjectInfo(options.project);
  const plan = planProjectBuild(info, () => progress.phase("analyzing"));
  progress.done();
  if (reportDiagnostics(plan.diagnostics)) return 1;
  const problems: string[] = [];
  if (options.against !== undefined) {
    const refused = breakingAgainst(options.against, options.project, JSON.parse(plan.files[0].content) as Manifest);
    if (refused) problems.push(refused);
  }
  for (const file of plan.files) {
    const current = readIfExists(file.path);
    if (current === undefined) problems.push(`missing: ${shown(file.path)}`);
    else if (current !== file.content) problems.push(`stale:   ${shown(file.path)}`);
  }
  for (const file of staleChunks(plan)) problems.push(`extra:   ${shown(file)}`);
  // A registry module tsc will not compile is a problem CI should catch, whoever wrote it.
  const outside = readIfExists(plan.files[1].path) !== undefined ? registryModuleOutsideProgram(info) : undefined;
  if (outside) problems.push(`outside: ${outside}`);
  // Discovery finds the manifest through package.json; `build` adds the reference.
  if ((info.packageJson.toolgen as { manifest?: unknown } | undefined)?.manifest === undefined) {
    problems.push(`missing: "toolgen": { "manifest": "${manifestReference(info)}" } in ${shown(info.packageJsonPath)}`);
  }
  if (problems.length > 0) {
    const stale = problems.some((p) => !p.startsWith("breaking:"));
    const why = stale ? "generated files are out of date or outside the program; see above, then run 'toolgen build'." : "the contract breaks its callers; see above.";
    process.stderr.write(`${problems.join("\n")}\ntoolgen: ${why}\n`);
    return 1;
  }
  process.stdout.write(`toolgen: ${plan.files.length} generated files are up to date.\n`);
  return 0;
}
