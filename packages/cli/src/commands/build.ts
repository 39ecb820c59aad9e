import * as path from "node:path";
import { ensureManifestReference, importEndingProblem, writePlan } from "@toolgen/transformer/project";
import { planProjectBuild } from "../build/plan-build.js";
import { diagnosticJson, printJson, relativePosix } from "../output/diagnostic-json.js";
import { createProgress } from "../output/progress.js";
import { reportDiagnostics } from "../output/print-diagnostics.js";
import { registryModuleOf } from "../project/load-built-registry.js";
import { loadProjectInfo, unsupportedTypescript } from "../project/load-project.js";
import { leftUnpublished } from "../project/manifest-published.js";
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
  writePlan(plan);
  const warnings: string[] = [];
  const now = plan.manifest.registryModule;
  if (before !== undefined && now !== undefined && before !== now) {
    // Another tsconfig of the package built it (one without a package.json of its own), or "registryModule" moved.
    warnings.push(`${shown(plan.files[0].path)} described the registry module ${before} (a build of another tsconfig of this package, or before "registryModule" changed); it now describes ${now}. Give each tsconfig its own "manifest", or delete ${before} if nothing uses it.`);
  }
  const outside = registryModuleOutsideProgram(info);
  if (outside) warnings.push(outside);
  const unpublished = leftUnpublished(info, plan.manifest);
  if (unpublished) warnings.push(unpublished);
  const ending = importEndingProblem(info);
  if (ending) warnings.push(ending);
  const typescript = unsupportedTypescript(info);
  if (typescript) warnings.push(typescript);
  const reference = ensureManifestReference(info);
  if (plan.entryCount === 0) warnings.push(`no entries: no exported function, method or const in the files of ${shown(info.tsconfigPath)} has @tool, @prompt or @resource in its doc comment (a /** … */ block right above it).`);
  if (json) {
    result(true, plan.files.map((file) => relativePosix(file.path)), warnings, reference ?? null);
    return 0;
  }
  if (reference) process.stdout.write(`toolgen: added "toolgen": { "manifest": "${reference}" } to ${shown(info.packageJsonPath)}\n`);
  const [manifest, registryModule, ...chunks] = plan.files;
  const chunkNote = chunks.length ? ` (+ ${chunks.length} chunk${chunks.length === 1 ? "" : "s"} in ${shown(plan.chunkDirectory)})` : "";
  process.stdout.write(`toolgen: ${plan.entryCount} entr${plan.entryCount === 1 ? "y" : "ies"} -> ${shown(manifest.path)}, ${shown(registryModule.path)}${chunkNote}\n`);
  for (const warning of warnings) process.stderr.write(`toolgen: warning: ${warning}\n`);
  return 0;
}

/** A path as the user would type it from where they ran the command. */
export function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

/** The registry module the manifest already there names (read from its head), if there is one toolgen can read. */
function previousRegistryModule(manifestPath: string): string | undefined {
  try {
    const named = registryModuleOf(manifestPath);
    return typeof named === "string" ? named : undefined;
  } catch {
    return undefined; // none yet, or not one of ours
  }
}
