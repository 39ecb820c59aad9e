export { analyze, createOutputMapper, type AnalyzeOptions, type AnalyzeResult } from "./analyze.js";
export { DiagnosticCode } from "./diagnostics/codes.js";
export { type Diagnostic, type Severity } from "./diagnostics/diagnostic.js";
export type { BuiltEntry } from "./manifest/build-entry.js";
export { serializeManifest } from "./manifest/serialize-manifest.js";
export { emitRegistryModule, renderRegistryModule, type RegistryModuleEntry, type RegistryModuleOptions, type RegistryModuleText } from "./registry/emit-registry-module.js";
export { compileValidators } from "./registry/validators/compile-validators.js";
export { canReadDocsOnDemand } from "./source/jsdoc-blocks.js";
export { applyNaming, NAMING_STYLES, type NamingStyle } from "./source/naming.js";
