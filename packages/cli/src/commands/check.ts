import { manifestReference, readIfExists, staleChunks } from "@toolgen/transformer/project";
import { planProjectBuild } from "../build/plan-build.js";
import { createProgress } from "../output/progress.js";
import { reportDiagnostics } from "../output/print-diagnostics.js";
import { loadProjectInfo } from "../project/load-project.js";
import { registryModuleOutsideProgram } from "../project/registry-module-included.js";
import { shown } from "./build.js";

/** `toolgen check`: exit 1 listing every generated file that is missing or stale (for CI). */
export function runCheck(options: { project?: string }): number {
  const progress = createProgress();
  progress.phase("reading the project");
  const info = loadProjectInfo(options.project);
  const plan = planProjectBuild(info, () => progress.phase("analyzing"));
  progress.done();
  if (reportDiagnostics(plan.diagnostics)) return 1;
  const problems: string[] = [];
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
    process.stderr.write(`${problems.join("\n")}\ntoolgen: generated files are out of date or outside the program; see above, then run 'toolgen build'.\n`);
    return 1;
  }
  process.stdout.write(`toolgen: ${plan.files.length} generated files are up to date.\n`);
  return 0;
}
