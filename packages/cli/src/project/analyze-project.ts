import type { Diagnostic } from "@toolgen/core";
import type { ManifestEntry } from "@toolgen/runtime";
import { analyzeForBuild, type ProjectInfo } from "@toolgen/transformer/project";
import { createProgram, loadProjectInfo, typescriptOf } from "./load-project.js";

type SharedTs = Parameters<typeof analyzeForBuild>[0];
type SharedProgram = Parameters<typeof analyzeForBuild>[2];

/**
 * The entries of the current sources, for `list` and `inspect`: the same analysis as a build,
 * without rendering the registry module (its validators are most of a build's time).
 */
export function analyzeProject(project: string | undefined): { entries: ManifestEntry[]; diagnostics: Diagnostic[]; info: ProjectInfo } {
  const info = loadProjectInfo(project);
  const result = analyzeForBuild(typescriptOf(info) as unknown as SharedTs, info, createProgram(info) as unknown as SharedProgram);
  return { entries: result.manifest.entries, diagnostics: result.diagnostics, info };
}
