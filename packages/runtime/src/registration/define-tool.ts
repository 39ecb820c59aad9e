import type { ToolContext } from "../context/tool-context.js";
import type { EntryKind, JsonSchema, ManifestEntry, ToolAnnotations } from "../manifest/manifest-format.js";
import type { Completer } from "../registry/complete-argument.js";
import type { EntryDefinition } from "../registry/entry-definition.js";
import type { FormatLookup } from "../validation/format-checks.js";
import { compileSchema } from "../validation/compile-schema.js";

/**
 * One parameter of a programmatically registered tool (the seeds' `ParamDescriptor`):
 * the model sees it as a property of the arguments object.
 */
export interface ParamDescriptor {
  name: string;
  description?: string;
  /** A JSON type; or give the full `schema` instead. */
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
  /** The parameter's JSON Schema (wins over `type`). */
  schema?: JsonSchema;
  /** Default: required unless a `default` is given. */
  required?: boolean;
  /** Used when the model leaves the parameter out; must match the parameter's schema. */
  default?: unknown;
}

/** What `registry.register()` takes. */
export interface ToolSpec {
  name: string;
  description: string;
  title?: string;
  /** `tool` (default), `prompt` (returns a string or messages) or `resource` (needs `uris`). */
  kind?: EntryKind;
  params?: readonly ParamDescriptor[];
  /** Called with the validated, defaulted arguments object and the injected context. */
  fn: (args: Record<string, unknown>, context: ToolContext) => unknown;
  outputSchema?: JsonSchema;
  /** `fn` returns content blocks (`image(…)`, `Content[]`…), passed on as they are; no `outputSchema` then. */
  content?: boolean;
  annotations?: ToolAnnotations;
  tags?: string[];
  /** An authenticated caller must hold every one (see `CallOptions.principal`). */
  scopes?: string[];
  supportedFor?: string[];
  excludedFor?: string[];
  role?: "user" | "assistant";
  uris?: string[];
  mimeType?: string;
  /** Prompts and resources: completers of argument values, by argument (MCP `completion/complete`). */
  complete?: Readonly<Record<string, Completer>>;
}

const SPEC_KEYS = "name description title kind params fn outputSchema content annotations tags scopes supportedFor excludedFor role uris mimeType complete".split(" ");

/** Names every provider and MCP accept as they are. */
const NAME = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * A registration to an entry definition. There is no build step here, so the input schema
 * is assembled from the descriptors and checked by the runtime's validator (no
 * `new Function`). Mistakes in the spec throw at registration, naming the field.
 */
export function defineTool(spec: ToolSpec, formats: FormatLookup): EntryDefinition {
  checkName(spec.name, "register");
  // A key it does not know (`inputSchema`, a misspelling) would be dropped unseen: the tool would take nothing.
  const unknown = Object.keys(spec).find((key) => !SPEC_KEYS.includes(key));
  if (unknown !== undefined) throw new TypeError(`toolgen: register('${spec.name}'): unknown key '${unknown}' (known: ${SPEC_KEYS.join(", ")}).`);
  if (typeof spec.fn !== "function") throw new TypeError(`toolgen: register('${spec.name}'): 'fn' must be a function.`);
  const kind = spec.kind ?? "tool";
  if (kind === "resource" && !spec.uris?.length) throw new TypeError(`toolgen: register('${spec.name}'): a resource needs 'uris'.`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const defaults: Record<string, unknown> = {};
  (spec.params ?? []).forEach((param, i) => {
    const at = `register('${spec.name}'): params[${i}]`;
    if (typeof param.name !== "string" || !/^[A-Za-z_$][\w$-]*$/.test(param.name)) throw new TypeError(`toolgen: ${at}.name must be an identifier-like string; got ${JSON.stringify(param.name)}.`);
    if (Object.hasOwn(properties, param.name)) throw new TypeError(`toolgen: ${at}.name '${param.name}' is used by an earlier parameter.`);
    if (param.schema === undefined && param.type === undefined) throw new TypeError(`toolgen: ${at} ('${param.name}') needs a 'type' or a 'schema'.`);
    const own: JsonSchema = param.schema ?? { type: param.type };
    const property: JsonSchema = typeof own === "boolean" ? own : { ...(param.description ? { description: param.description } : {}), ...own };
    if (Object.hasOwn(param, "default")) {
      const check = interpretOrThrow(own, at, formats);
      if (!check(param.default)) throw new TypeError(`toolgen: ${at}.default ${JSON.stringify(param.default)} does not match the parameter's own schema.`);
      defaults[param.name] = param.default;
      if (typeof property === "object") property.default = param.default;
    }
    properties[param.name] = property;
    if (param.required ?? !Object.hasOwn(param, "default")) required.push(param.name);
  });
  const inputSchema: JsonSchema = { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
  const entry: ManifestEntry = {
    kind,
    name: spec.name,
    description: spec.description,
    implementation: { module: "(registered at run time)", export: spec.name },
    arguments: { mode: "request", parameters: [{ kind: "request" }, { kind: "context" }] },
    inputSchema,
    source: { file: "(registered at run time)", line: 1, column: 1 },
  };
  if (Object.keys(defaults).length) entry.defaults = defaults;
  copyMetadata(spec, entry);
  // Results are held to it: one the validator cannot read would check nothing, without a word.
  // (A format the registry does not carry passes a result, as `conformResult` reads it.)
  if (spec.outputSchema !== undefined) interpretOrThrow(spec.outputSchema, `register('${spec.name}') outputSchema`, (format) => formats(format) ?? (() => true));
  const fn = spec.fn as (...args: unknown[]) => unknown;
  return { entry, validate: interpretOrThrow(inputSchema, `register('${spec.name}')`, formats), fn, origin: "register()", ...(spec.complete ? { completers: spec.complete } : {}) };
}

function interpretOrThrow(schema: JsonSchema, at: string, formats: FormatLookup) {
  try {
    return compileSchema(schema, formats);
  } catch (error) {
    throw new TypeError(`toolgen: ${at}: ${(error as Error).message}`);
  }
}

/** The optional metadata both registration paths share. */
export function copyMetadata(spec: Partial<ManifestEntry>, entry: ManifestEntry): void {
  if (spec.title) entry.title = spec.title;
  if (spec.outputSchema !== undefined) entry.outputSchema = spec.outputSchema;
  if (spec.content) entry.content = true;
  if (spec.annotations) entry.annotations = { ...spec.annotations };
  if (spec.tags?.length) entry.tags = [...spec.tags];
  if (spec.scopes?.length) entry.scopes = [...spec.scopes];
  if (spec.supportedFor?.length) entry.supportedFor = [...spec.supportedFor];
  if (spec.excludedFor?.length) entry.excludedFor = [...spec.excludedFor];
  if (entry.kind === "prompt") entry.role = spec.role ?? "user";
  if (spec.uris?.length) entry.uris = [...spec.uris];
  if (spec.mimeType) entry.mimeType = spec.mimeType;
}

export function checkName(name: unknown, what: string): void {
  if (typeof name !== "string" || !NAME.test(name)) throw new TypeError(`toolgen: ${what}(): 'name' must match ${NAME.source}; got ${JSON.stringify(name)}.`);
}
