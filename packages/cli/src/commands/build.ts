import { ensureManifestReference, shown, writePlan } from "@toolgen/transformer/project";
import { planProjectBuild } from "../build/plan-build.js";
import { previousRegistryModule, projectWarnings } from "../build/project-warnings.js";
import { diagnosticJson, printJson, relativePosix } from "../output/diagnostic-json.js";
import { createProgress } from "../output/progress.js";
import { reportDiagnostics } from "../output/print-diagnostics.js";
import { loadProjectInfo } from "../project/load-project.js";
import { registryModuleOutsideProgram } from "../project/registry-module-included.js";

export interface BuildOptions {
  project?: string;
  /** Print `{ ok, entries, files, manifestReferenceAdded, warnings, diagnostics }` on stdout instead of text. */
  json?: boolean;
}

/** `toolgen build`: analyze, then write the manifest and the registry module. Exit 1 on errors. */
export function runBuild(options: BuildOptions): number {
  const json = options.json === true;
  const progress = createProgress();
  progress.phase("reading the project");
  const info = loadProjectInfo(options.project);
  const plan = planProjectBuild(info, (files) => progress.phase(`analyzing ${files.length} files`));
  progress.done();
  const result = (ok: boolean, files: string[], warnings: string[], manifestReferenceAdded: string | null = null) =>
    printJson({ ok, entries: plan.entryCount, files, manifestReferenceAdded, warnings, diagnostics: plan.diagnostics.map((d) => diagnosticJson(d)) });
  if (json && plan.diagnostics.some((d) => d.severity === "error")) {
    result(false, [], []);
    return 1;
  }
  if (!json && reportDiagnostics(plan.diagnostics)) {
    process.stderr.write("toolgen: nothing written, fix the errors above.\n");
    return 1;
  }
  const before = previousRegistryModule(plan.files[0].path);
  const { removed } = writePlan(plan);
  const warnings = projectWarnings(info, plan, before, registryModuleOutsideProgram(info));
  const reference = ensureManifestReference(info);
  if (json) {
    result(true, plan.files.map((file) => relativePosix(file.path)), warnings, reference ?? null);
    return 0;
  }
  if (reference) process.stdout.write(`toolgen: added "toolgen": { "manifest": "${reference}" } to ${shown(info.packageJsonPath)}\n`);
  const [manifest, registryModule, ...chunks] = plan.files;
  const chunkNote = chunks.length ? ` (+ ${chunks.length} chunk${chunks.length === 1 ? "" : "s"} in ${shown(plan.chunkDirectory)})` : "";
  const removedNote = removed.length ? `; removed ${removed.map(shown).join(", ")}` : "";
  process.stdout.write(`toolgen: ${plan.entryCount} entr${plan.entryCount === 1 ? "y" : "ies"} -> ${shown(manifest.path)}, ${shown(registryModule.path)}${chunkNote}${removedNote}\n`);
  for (const warning of warnings) process.stderr.write(`toolgen: warning: ${warning}\n`);
  return 0;
}
