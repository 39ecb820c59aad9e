import type { ToolContext } from "../context/tool-context.js";
import type { EntryKind, JsonSchema, ManifestEntry, ToolAnnotations } from "../manifest/manifest-format.js";
import type { Completer } from "../registry/complete-argument.js";
import type { EntryDefinition } from "../registry/entry-definition.js";
import type { FormatLookup } from "../validation/format-checks.js";
import { setOwn } from "../pipeline/set-own.js";
import { snapshotArguments } from "../pipeline/snapshot-arguments.js";
import { describeValue } from "../pipeline/validate-arguments.js";
import { compileUriTemplate } from "../resources/uri-template.js";
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

const PARAM_KEYS = ["name", "description", "type", "schema", "required", "default"];
const SPEC_KEYS = "name description title kind params fn outputSchema content annotations tags scopes supportedFor excludedFor role uris mimeType complete".split(" ");

/** Names every provider and MCP accept as they are. */
const NAME = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * A registration to an entry definition. There is no build step here, so the input schema
 * is assembled from the descriptors and checked by the runtime's validator (no
 * `new Function`). Mistakes in the spec throw at registration, naming the field.
 */
export function defineTool(spec: ToolSpec, formats: FormatLookup): EntryDefinition {
  checkName(spec?.name, "register");
  const registration = `register('${spec.name}')`;
  // A key it does not know (`inputSchema`, a misspelling) would be dropped unseen: the tool would take nothing.
  const unknown = Object.keys(spec).find((key) => !SPEC_KEYS.includes(key));
  if (unknown !== undefined) throw new TypeError(`toolgen: ${registration}: unknown key '${unknown}' (known: ${SPEC_KEYS.join(", ")}).`);
  if (typeof spec.fn !== "function") throw new TypeError(`toolgen: ${registration}: 'fn' must be a function.`);
  const kind = spec.kind ?? "tool";
  if (!["tool", "prompt", "resource"].includes(kind)) throw new TypeError(`toolgen: ${registration}: 'kind' must be "tool", "prompt" or "resource"; got ${JSON.stringify(kind)}.`);
  if (!Array.isArray(spec.params ?? [])) throw new TypeError(`toolgen: ${registration}: 'params' must be a list of parameters.`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const defaults: Record<string, unknown> = {};
  (spec.params ?? []).forEach((param, i) => {
    const at = `${registration}: params[${i}]`;
    if (typeof param?.name !== "string" || !/^[A-Za-z_$][\w$-]*$/.test(param.name)) throw new TypeError(`toolgen: ${at}.name must be an identifier-like string; got ${JSON.stringify(param?.name)}.`);
    if (Object.hasOwn(properties, param.name)) throw new TypeError(`toolgen: ${at}.name '${param.name}' is used by an earlier parameter.`);
    const unknownKey = Object.keys(param).find((key) => !PARAM_KEYS.includes(key));
    if (unknownKey !== undefined) throw new TypeError(`toolgen: ${at}: unknown key '${unknownKey}' (known: ${PARAM_KEYS.join(", ")}).`);
    if (param.schema === undefined && param.type === undefined) throw new TypeError(`toolgen: ${at} ('${param.name}') needs a 'type' or a 'schema'.`);
    if (param.schema !== undefined && typeof param.schema !== "boolean" && (typeof param.schema !== "object" || param.schema === null || Array.isArray(param.schema))) throw new TypeError(`toolgen: ${at}.schema must be a JSON Schema (an object or a boolean); got ${JSON.stringify(param.schema)}.`);
    // Else `required: "false"` made it required, and a description of another type reached the model as it was.
    if (typeof (param.required ?? true) !== "boolean" || typeof (param.description ?? "") !== "string") throw new TypeError(`toolgen: ${at}: 'required' must be true or false, 'description' a string.`);
    const own: JsonSchema = param.schema ?? { type: param.type };
    const property: JsonSchema = typeof own === "boolean" ? own : { ...(param.description ? { description: param.description } : {}), ...own };
    if (Object.hasOwn(param, "default")) {
      const check = interpretOrThrow(own, at, formats);
      // A default is sent to the model in the schema and copied into calls: JSON data only (a bigint, a function, a Map failed every call).
      const copy = snapshotArguments(param.default);
      if ("issue" in copy || copy.strays.length > 0) throw new TypeError(`toolgen: ${at}.default must be JSON data; got ${describeValue(param.default)}.`);
      if (!check(param.default)) throw new TypeError(`toolgen: ${at}.default ${JSON.stringify(param.default)} does not match the parameter's own schema.`);
      setOwn(defaults, param.name, param.default);
      if (typeof property === "object") property.default = param.default;
    }
    setOwn(properties, param.name, property);
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
  copyMetadata(spec, entry, registration);
  if (kind === "resource") checkUris(entry.uris, required, properties, registration);
  // A completer suggests a parameter's values: for one the entry lacks, or no function, every completion would fail or say nothing.
  if (spec.complete !== undefined && (typeof spec.complete !== "object" || spec.complete === null || Array.isArray(spec.complete))) throw new TypeError(`toolgen: ${registration}: 'complete' must be an object of functions by parameter; got ${describeValue(spec.complete)}.`);
  for (const [argument, completer] of Object.entries(spec.complete ?? {})) {
    if (kind === "tool" || !Object.hasOwn(properties, argument) || typeof completer !== "function") throw new TypeError(`toolgen: ${registration}: 'complete' needs a function per parameter of a prompt or resource; got '${argument}'.`);
  }
  // Results are held to it: one the validator cannot read would check nothing, without a word.
  // (A format the registry does not carry passes a result, as `conformResult` reads it.)
  if (spec.outputSchema !== undefined) interpretOrThrow(spec.outputSchema, `${registration} outputSchema`, (format) => formats(format) ?? (() => true));
  const fn = spec.fn as (...args: unknown[]) => unknown;
  return { entry, validate: interpretOrThrow(inputSchema, registration, formats), fn, origin: "register()", ...(spec.complete ? { completers: spec.complete } : {}) };
}

/**
 * A resource is read by URI alone: each of its URIs has a scheme, each variable (`{name}`, the
 * only expression the runtime matches, once) is a parameter, and each carries every required one.
 */
function checkUris(uris: readonly string[] | undefined, required: readonly string[], properties: Record<string, JsonSchema>, registration: string): void {
  if (!uris?.length) throw new TypeError(`toolgen: ${registration}: a resource needs 'uris'.`);
  for (const uri of uris) {
    const variables = compileUriTemplate(uri)?.variables;
    const problem = !/^[a-z][\w+.-]*:/i.test(uri)
      ? "has no scheme"
      : !variables
        ? "is no template of {name} variables, each once"
        : variables.filter((name) => !Object.hasOwn(properties, name)).map((name) => `names no parameter {${name}}`)[0] ??
          required.filter((name) => !variables.includes(name)).map((name) => `does not carry the required parameter '${name}'`)[0];
    if (problem) throw new TypeError(`toolgen: ${registration}: the URI ${JSON.stringify(uri)} ${problem}.`);
  }
}

function interpretOrThrow(schema: JsonSchema, at: string, formats: FormatLookup) {
  try {
    return compileSchema(schema, formats);
  } catch (error) {
    throw new TypeError(`toolgen: ${at}: ${(error as Error).message}`);
  }
}

const LISTS = ["tags", "scopes", "supportedFor", "excludedFor", "uris"] as const;
const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

/** The metadata both registration paths share, checked: a string where a list belongs would be read a character at a time. */
export function copyMetadata(spec: Partial<ManifestEntry>, entry: ManifestEntry, registration: string): void {
  const refuse = (what: string, value: unknown) => {
    throw new TypeError(`toolgen: ${registration}: ${what}; got ${JSON.stringify(value)}.`);
  };
  // A title or MIME type of another type would reach every client as it is.
  for (const key of ["description", "title", "mimeType"] as const) if ((key === "description" || spec[key] !== undefined) && typeof spec[key] !== "string") refuse(`'${key}' must be a string`, spec[key]);
  if (spec.title) entry.title = spec.title;
  if (spec.outputSchema !== undefined) entry.outputSchema = spec.outputSchema;
  // Content blocks are no structured result: there is nothing an output schema could hold.
  if (spec.content !== undefined && (typeof spec.content !== "boolean" || (spec.content && spec.outputSchema !== undefined))) refuse("'content' must be true or false, and not beside an 'outputSchema'", spec.content);
  if (spec.content) entry.content = true;
  const hints = spec.annotations;
  // As the manifest reader takes them: MCP clients refuse a whole tool list over one hint that is no boolean.
  if (hints !== undefined && !(typeof hints === "object" && hints !== null && !Array.isArray(hints) && Object.entries(hints).every(([hint, on]) => HINTS.includes(hint) && typeof on === "boolean"))) refuse(`'annotations' must hold only ${HINTS.join(", ")}, each true or false`, hints);
  if (hints) entry.annotations = { ...hints };
  for (const key of LISTS) {
    const list = spec[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((item) => typeof item === "string"))) refuse(`'${key}' must be a list of strings`, list);
    if (list?.length) entry[key] = [...list];
  }
  // Another kind's key would be kept and acted on (a tool's `uris` read as a resource) or dropped unseen.
  for (const [key, kind] of [["uris", "resource"], ["mimeType", "resource"], ["role", "prompt"]] as const) if (spec[key] !== undefined && entry.kind !== kind) refuse(`'${key}' is a ${kind}'s, not a ${entry.kind}'s`, spec[key]);
  if (entry.kind === "prompt") entry.role = spec.role ?? "user";
  // MCP's messages have these two roles; a system prompt is the host's, not a message.
  if (entry.role !== undefined && entry.role !== "user" && entry.role !== "assistant") refuse("'role' must be \"user\" or \"assistant\"", entry.role);
  if (spec.mimeType) entry.mimeType = spec.mimeType;
}

export function checkName(name: unknown, what: string): void {
  if (typeof name !== "string" || !NAME.test(name)) throw new TypeError(`toolgen: ${what}(): 'name' must match ${NAME.source}; got ${JSON.stringify(name)}.`);
}
