import type { Diagnostic } from "@toolgen/core";
import type { ManifestEntry } from "@toolgen/runtime";
import { planBuild } from "../build/plan-build.js";
import { createProgram, loadProjectInfo } from "./load-project.js";

/** The entries of the current sources, without writing anything (for `list` and `inspect`). */
export function analyzeProject(project: string | undefined): { entries: ManifestEntry[]; diagnostics: Diagnostic[] } {
  const info = loadProjectInfo(project);
  const plan = planBuild(info, createProgram(info));
  return { entries: plan.manifest.entries, diagnostics: plan.diagnostics };
}
