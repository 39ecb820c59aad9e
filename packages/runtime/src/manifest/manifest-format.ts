/**
 * The manifest format: what `toolgen build` writes to `toolgen.manifest.json` and what the
 * runtime reads. It is the TypeScript counterpart of a Java `META-INF/services` descriptor,
 * plus everything a host needs to list and call the tools without reading TypeScript.
 *
 * Paths are POSIX, relative to the package root (the folder holding `package.json`), and
 * point at compiled JavaScript. Keys are written in a stable order (see the serializer in
 * `@toolgen/core`), so the same sources give byte-identical files.
 */

/** The format this runtime writes. It also reads the previous one (see `upgrade-manifest.ts`). */
export const MANIFEST_FORMAT_VERSION = 2;

/** The previous format, the "legacy descriptor" (see {@link LegacyManifest}). */
export const LEGACY_MANIFEST_FORMAT_VERSION = 1;

export type JsonSchema = { [keyword: string]: unknown } | boolean;

export type EntryKind = "tool" | "prompt" | "resource";

export interface Manifest {
  formatVersion: typeof MANIFEST_FORMAT_VERSION;
  package: { name: string; version?: string };
  /** The compiled generated registry module (entries as data, lazy imports). */
  registryModule?: string;
  entries: ManifestEntry[];
}

export interface SourceLocation {
  /** Relative to the package root, POSIX separators. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface Implementation {
  /** Compiled JavaScript module, relative to the package root. */
  module: string;
  /** The exported function, or the exported `@toolset` class. */
  export: string;
  /** For toolsets: the method called on the instance. */
  method?: string;
}

/**
 * How the single JSON arguments object maps onto the function's parameters, one slot per
 * TypeScript parameter in declaration order.
 * - `argument`: the property `name` of the arguments object (after aliases were mapped back).
 * - `request`: the whole arguments object (request style).
 * - `context`: the runtime injects the `ToolContext`.
 */
export type ParameterSlot =
  | { kind: "argument"; name: string }
  | { kind: "request" }
  | { kind: "context" };

export interface ArgumentBinding {
  mode: "positional" | "request";
  parameters: ParameterSlot[];
}

/**
 * A conversion the runtime applies after validation, at every value matched by `at`:
 * a JSON Pointer whose `*` segments match any array index or object key.
 * - `date`: an ISO date-time string becomes a `Date`.
 * - `rename`: in the object at `at`, the model-facing key `from` becomes the TypeScript name `to`.
 * - `ref`: the value at `at` is of a recursive type (`$defs`): the conversions of that type
 *   (`conversionDefs[def]`, their paths relative to the value) apply to it, at every depth.
 */
export type Conversion = (
  | { op: "date"; at: string }
  | { op: "rename"; at: string; from: string; to: string }
  | { op: "ref"; at: string; def: string }
) & {
  /**
   * Where `at` has wildcards (`*`, any item or key): for each, in order, the regular expression
   * (`u`) the key — an item's index, as text — must match, or null for any. A tuple's rest
   * items are those after its elements, a template-literal index signature's keys those of its
   * pattern: an element or a property beside them is not converted as they are.
   */
  match?: (string | null)[];
};

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ManifestEntry {
  kind: EntryKind;
  name: string;
  title?: string;
  description: string;
  implementation: Implementation;
  /** The `@toolset` this entry belongs to, by its name. */
  toolset?: string;
  arguments: ArgumentBinding;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  /** Tools returning content blocks (`ImageContent`, `Content[]`…): the result is passed on as blocks, with no output schema. */
  content?: boolean;
  /** `@returns` text. */
  returns?: string;
  /** Top-level argument defaults (also present as `default` in `inputSchema`). */
  defaults?: Record<string, unknown>;
  conversions?: Conversion[];
  /** The conversions of each recursive type a `ref` conversion names, by its `$defs` name. */
  conversionDefs?: Record<string, Conversion[]>;
  annotations?: ToolAnnotations;
  tags?: string[];
  /** `@scopes`: an authenticated caller must hold every one (a toolset's apply to its members). */
  scopes?: string[];
  supportedFor?: string[];
  excludedFor?: string[];
  /** Schema only: the runtime never executes it, a call is `suspended`. */
  external?: boolean;
  /** `true`, or the deprecation text. */
  deprecated?: boolean | string;
  /** Prompts: the role of the rendered message. */
  role?: "user" | "assistant";
  /** Resources: URIs or RFC 6570 level-1 templates. */
  uris?: string[];
  mimeType?: string;
  /** Prompts and resources: `@complete <argument> <function>`, the completer exported by the entry's module, by argument. */
  completions?: Record<string, string>;
  source: SourceLocation;
}

/**
 * Format 1, the legacy descriptor written by toolgen 0.0.x: tools only (no prompts or
 * resources), positional arguments, no registry module, no conversions. The runtime reads it
 * and upgrades every entry to format 2 (`upgrade-manifest.ts`); docs/runtime.md describes it.
 */
export interface LegacyManifest {
  formatVersion: typeof LEGACY_MANIFEST_FORMAT_VERSION;
  /** The package's name. */
  name: string;
  version?: string;
  tools: LegacyTool[];
}

export interface LegacyTool {
  name: string;
  description: string;
  /** Compiled JavaScript module, relative to the package root. */
  module: string;
  /** The exported function. */
  export: string;
  /** The argument names, in the function's parameter order. */
  parameters: string[];
  inputSchema: JsonSchema;
  tags?: string[];
  supportedFor?: string[];
  excludedFor?: string[];
  external?: boolean;
}
