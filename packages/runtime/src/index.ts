export type { ToolContext } from "./context/tool-context.js";
export {
  MANIFEST_FORMAT_VERSION,
  type ArgumentBinding,
  type Conversion,
  type EntryKind,
  type Implementation,
  type JsonSchema,
  type Manifest,
  type ManifestEntry,
  type ParameterSlot,
  type SourceLocation,
  type ToolAnnotations,
} from "./manifest/manifest-format.js";
export { EndTask, ToolError, ToolExecutionError } from "./outcome/errors.js";
export type { EndedOutcome, ErrorCode, ErrorOutcome, OkOutcome, Outcome, Repair, SuspendedOutcome } from "./outcome/outcome.js";
export type { ArgumentIssue } from "./pipeline/validate-arguments.js";
export type { EntryDefinition, ModuleNamespace } from "./registry/entry-definition.js";
export {
  createRegistry,
  type CallInfo,
  type CallOptions,
  type InputMap,
  type Interceptor,
  type Registry,
  type RegistryOptions,
} from "./registry/create-registry.js";
export { isAllowedForHosts } from "./registry/filter-entries.js";
