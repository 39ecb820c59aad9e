import { planBuild as planSharedBuild, type BuildPlan, type ProjectInfo, type RegistryModuleCache } from "@toolgen/transformer/project";
import type { ts } from "ts-morph";
import type { Typescript } from "../project/typescript.js";

export { manifestReference, type BuildPlan, type PlannedFile } from "@toolgen/transformer/project";

type SharedTs = Parameters<typeof planSharedBuild>[0];
type SharedProgram = Parameters<typeof planSharedBuild>[2];

/**
 * Analyzes the program and renders every output file, without writing anything: `build`
 * writes the plan, `check` compares it with the disk, `watch` repeats it. The same function
 * the transformer calls, given the TypeScript that made `program`.
 */
export function planBuild(tsm: Typescript, info: ProjectInfo, program: ts.Program, cache?: RegistryModuleCache): BuildPlan {
  return planSharedBuild(tsm as unknown as SharedTs, info, program as unknown as SharedProgram, cache);
}
