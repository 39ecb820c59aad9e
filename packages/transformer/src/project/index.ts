// The build logic the CLI and the transformer share (`@toolgen/transformer/project`).
export { ConfigError, parseConfig, parsePluginOptions, type ToolgenConfig } from "./config.js";
export { createProjectInfo, findPackageRoot, jsonErrorPlace, missingTsconfig, pluginsFile, readPackageConfig, readProjectInfo, readTsconfig, tsconfigPathOf, type ProjectInfo } from "./project-info.js";
export { analyzeForBuild, analyzeProgram, manifestReference, planBuild, renderPlan, type AnalyzedBuild, type BuildPlan, type PlannedFile, type RegistryModuleCache } from "./plan-build.js";
export { isGeneratedFile, readIfExists, staleChunks, writePlan, writeReplacing } from "./write-outputs.js";
export { ensureManifestReference } from "./manifest-reference.js";
export { shown } from "./shown-path.js";
export { makeDirectory } from "./make-directory.js";
export { importEndingProblem } from "./import-ending.js";
export { registryModuleOutsideRootDir } from "./registry-module-place.js";
