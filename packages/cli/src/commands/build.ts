import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { manifestReference, planBuild, type PlannedFile } from "../build/plan-build.js";
import { createProgram, loadProjectInfo, type ProjectInfo } from "../project/load-project.js";

export interface BuildOptions {
  project?: string;
}

/** `toolgen build`: analyze, then write the manifest and the registry module. Exit 1 on errors. */
export function runBuild(options: BuildOptions): number {
  const info = loadProjectInfo(options.project);
  const plan = planBuild(info, createProgram(info));
  if (plan.diagnostics.length > 0) process.stderr.write(formatDiagnostics(plan.diagnostics, process.cwd()) + "\n");
  if (plan.diagnostics.some((d) => d.severity === "error")) {
    process.stderr.write("toolgen: nothing written, fix the errors above.\n");
    return 1;
  }
  for (const file of plan.files) writeIfChanged(file);
  ensureManifestReference(info);
  const shown = plan.files.map((f) => path.relative(process.cwd(), f.path) || f.path).join(", ");
  process.stdout.write(`toolgen: ${plan.entryCount} entr${plan.entryCount === 1 ? "y" : "ies"} -> ${shown}\n`);
  return 0;
}

/** Writes only when the bytes differ, so watchers and incremental compilers see no change. */
export function writeIfChanged(file: PlannedFile): boolean {
  try {
    if (readFileSync(file.path, "utf8") === file.content) return false;
  } catch {
    // Missing: written below.
  }
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.content);
  return true;
}

/** package.json must point at the manifest (`"toolgen": { "manifest": … }`) for discovery. */
function ensureManifestReference(info: ProjectInfo): void {
  const reference = manifestReference(info);
  const section = info.packageJson.toolgen as { manifest?: string } | undefined;
  if (section?.manifest !== undefined) return;
  const text = readFileSync(info.packageJsonPath, "utf8");
  const indent = /^(\s+)"/m.exec(text)?.[1] ?? "  ";
  const updated = { ...info.packageJson, toolgen: { ...section, manifest: reference } };
  writeFileSync(info.packageJsonPath, JSON.stringify(updated, null, indent) + "\n");
  process.stdout.write(`toolgen: added "toolgen": { "manifest": "${reference}" } to ${path.relative(process.cwd(), info.packageJsonPath)}\n`);
}
