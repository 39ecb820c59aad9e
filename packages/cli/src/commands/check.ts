import { readFileSync } from "node:fs";
import * as path from "node:path";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { planBuild } from "../build/plan-build.js";
import { createProgram, loadProjectInfo } from "../project/load-project.js";

/** `toolgen check`: exit 1 listing every generated file that is missing or stale. */
export function runCheck(options: { project?: string }): number {
  const info = loadProjectInfo(options.project);
  const plan = planBuild(info, createProgram(info));
  if (plan.diagnostics.some((d) => d.severity === "error")) {
    process.stderr.write(formatDiagnostics(plan.diagnostics, process.cwd()) + "\n");
    return 1;
  }
  const problems: string[] = [];
  for (const file of plan.files) {
    let current: string | undefined;
    try {
      current = readFileSync(file.path, "utf8");
    } catch {
      current = undefined;
    }
    const shown = path.relative(process.cwd(), file.path) || file.path;
    if (current === undefined) problems.push(`missing: ${shown}`);
    else if (current !== file.content) problems.push(`stale:   ${shown}`);
  }
  if (problems.length > 0) {
    process.stderr.write(`${problems.join("\n")}\ntoolgen: generated files are out of date; run 'toolgen build'.\n`);
    return 1;
  }
  process.stdout.write(`toolgen: ${plan.files.length} generated files are up to date.\n`);
  return 0;
}
