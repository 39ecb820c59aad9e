export { missingScopes, type Principal, type ToolContext } from "./context/tool-context.js";
export type { PlatformSignal, ToolSignal } from "./context/platform-signal.js";
export {
  LOG_LEVELS,
  type CallHost,
  type ElicitContent,
  type ElicitField,
  type ElicitRequest,
  type ElicitResult,
  type ElicitSchema,
  type ElicitValue,
  type LogLevel,
  type LogMessage,
  type Progress,
  type SampleRequest,
  type SampleResult,
  type SamplingMessage,
} from "./context/call-host.js";
export {
  audio,
  embeddedResource,
  image,
  resourceLink,
  text,
  toBase64,
  type AudioContent,
  type Content,
  type EmbeddedResource,
  type ImageContent,
  type ResourceLink,
  type TextContent,
} from "./content/content.js";
export { contentText } from "./content/read-content.js";
export {
  LEGACY_MANIFEST_FORMAT_VERSION,
  MANIFEST_FORMAT_VERSION,
  type ArgumentBinding,
  type Conversion,
  type EntryKind,
  type Implementation,
  type JsonSchema,
  type LegacyManifest,
  type LegacyTool,
  type Manifest,
  type ManifestEntry,
  type ParameterSlot,
  type SourceLocation,
  type ToolAnnotations,
} from "./manifest/manifest-format.js";
export { ManifestError, type ManifestProblem } from "./manifest/manifest-error.js";
export { EndTask, ToolError, ToolExecutionError } from "./outcome/errors.js";
export type { EndedOutcome, ErrorCode, ErrorOutcome, ErrorPayloads, OkOutcome, Outcome, OutcomeError, PromptMessage, Repair, SuspendedOutcome } from "./outcome/outcome.js";
export type { ArgumentIssue } from "./pipeline/validate-arguments.js";
export type { ToolsetFactory } from "./pipeline/resolve-implementation.js";
export type { ExternalToolSchema } from "./registration/define-external.js";
export type { ParamDescriptor, ToolSpec } from "./registration/define-tool.js";
export type { Completer } from "./registry/complete-argument.js";
export { lazyEntry, type EntryDefinition, type EntryHead, type ModuleNamespace } from "./registry/entry-definition.js";
export type { AliasedArguments, RenameTree, WithDefaults } from "./registry/aliased-arguments.js";
export { splitEntries, type RegistryChunk, type SplitHead } from "./registry/split-entries.js";
export {
  createRegistry,
  type CallInfo,
  type CallOptions,
  type InputMap,
  type Interceptor,
  type Registry,
  type RegistryOptions,
} from "./registry/create-registry.js";
export { isAllowedForHosts, passesFilters, type EntryFilters } from "./registry/filter-entries.js";
export { compileSchema, compileSchema as interpretSchema } from "./validation/compile-schema.js";
export { formatLookup, type FormatLookup, type FormatTable } from "./validation/format-checks.js";
export type { FormatTest } from "./formats/formats.js";
export { closestNames, editDistance } from "./registry/closest-names.js";
export { followSignal, type Abortable } from "./pipeline/follow-signal.js";
