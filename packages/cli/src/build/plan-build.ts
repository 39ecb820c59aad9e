import { analyzeProgram, ConfigError, planBuild as planSharedBuild, registryModuleOutsideRootDir, renderPlan, type AnalyzedBuild, type BuildPlan, type ProjectInfo, type RegistryModuleCache } from "@toolgen/transformer/project";
import type { ts } from "ts-morph";
import { collectGarbage } from "../project/collect-garbage.js";
import { withProjectCompilerDiagnostics } from "./compiler-diagnostics.js";
import { createProgram, typescriptOf } from "../project/load-project.js";
import type { Typescript } from "../project/typescript.js";

export { manifestReference, type BuildPlan, type PlannedFile } from "@toolgen/transformer/project";

type SharedTs = Parameters<typeof planSharedBuild>[0];
type SharedProgram = Parameters<typeof planSharedBuild>[2];

/**
 * Analyzes the program and renders every output file, without writing anything: `watch`
 * repeats it on each program of its session. The same function the transformer calls, given
 * the TypeScript that made `program`.
 */
export function planBuild(tsm: Typescript, info: ProjectInfo, program: ts.Program, cache?: RegistryModuleCache): BuildPlan {
  assertRegistryModulePlace(info);
  return withProjectCompilerDiagnostics(tsm, info, program, planSharedBuild(tsm as unknown as SharedTs, info, program as unknown as SharedProgram, cache));
}

/**
 * `planBuild` for a one-shot command (`build`, `check`): creates the project's program, lets
 * it go once analyzed, collects it, and only then renders, so the outputs reuse the memory of
 * the program and its type checker instead of adding to the peak (at 1,000 tools the peak
 * would otherwise grow by the rendered module and manifest, about 30 MiB).
 */
export function planProjectBuild(info: ProjectInfo, onAnalyzing?: (sourceFiles: readonly string[], allFiles: readonly string[]) => void): BuildPlan {
  assertRegistryModulePlace(info);
  const analyzed = analyzeProject(info, onAnalyzing);
  collectGarbage();
  return renderPlan(info, analyzed);
}

function analyzeProject(info: ProjectInfo, onAnalyzing?: (sourceFiles: readonly string[], allFiles: readonly string[]) => void): AnalyzedBuild {
  const program = createProgram(info);
  const files = program.getSourceFiles();
  onAnalyzing?.(
    files.flatMap((f) => (f.isDeclarationFile ? [] : [f.fileName])),
    files.map((f) => f.fileName),
  );
  const tsm = typescriptOf(info);
  return withProjectCompilerDiagnostics(tsm, info, program, analyzeProgram(tsm as unknown as SharedTs, info, program as unknown as SharedProgram));
}

/** A registry module tsc cannot compile beside the tools (outside `rootDir`) is refused before anything is read, as the transformer refuses it. */
function assertRegistryModulePlace(info: ProjectInfo): void {
  const outside = registryModuleOutsideRootDir(info, process.cwd());
  if (outside) throw new ConfigError(outside);
}
