import type { ToolsInput } from "@mastra/core/agent";
import type { Registry } from "@toolgen/runtime";
import { type AiSdkOptions, aiSdkTools, isNode, mapSubschemas, removeSyntheticNulls, type SchemaNode, strictKeywordsOnly, toStrictSchema } from "@toolgen/runtime/providers";

type ToolgenRegistry = Pick<Registry, "entries" | "dispatch">;

/**
 * The registry's tools as the record a Mastra `Agent` takes (`new Agent({ tools })`): the AI
 * SDK projection's (`aiSdkTools`), so every call goes through the registry — validation,
 * repairs, timeouts, interceptors — and a failed outcome reaches the model as the tool's error
 * text, listing each problem, while the agent loop goes on. `@external` tools have no
 * `execute`: Mastra hands their calls to the application. Filters (hosts, tags, allow lists)
 * are the registry's own. `{ approveDestructive: true }` has Mastra ask for approval before a
 * `@destructive` tool runs (the AI SDK tool's `needsApproval`, which Mastra reads).
 *
 * Three things Mastra does to tools are undone:
 * - It rebuilds an AI SDK tool's JSON Schema through zod, which loses what zod cannot say
 *   (a `Record` became an empty object, a tuple's items and a recursive type's depth were
 *   dropped, `format` and `minLength` too). A Standard Schema that gives its JSON Schema
 *   (`~standard.jsonSchema`) is sent as it is, with only the model's own compatibility
 *   rewrites; its `validate` accepts anything, so toolgen's validation is the one that runs.
 * - For OpenAI models its compatibility rewrite makes optional properties required and
 *   nullable, so the model sends `null` for an absent one: those `null`s are removed before
 *   validation (a property whose own type admits `null` keeps it), as OpenAI strict mode's are.
 * - That rewrite also turns what strict mode cannot say into something else: a `Record` into
 *   an object that admits no property at all. A tool whose schema cannot be strict (a
 *   `Record`, a tuple, an open object: `toStrictSchema`'s blockers) is marked `strict: false`,
 *   which has Mastra send its schema unchanged, and OpenAI not hold the model to it, as
 *   toolgen's own OpenAI projection does. The other tools go with only the keywords strict
 *   mode takes (`strictKeywordsOnly`): Mastra keeps what it does not know (`uniqueItems`,
 *   `examples`, `title`), which strict mode refuses; defaults are said in the descriptions.
 *   Length bounds stay: Mastra says them in words itself. The rewrite makes an optional
 *   property nullable only when it has a `type`: an optional union (`payment?: Card | Cash`)
 *   gets its `null` branch here, or a strict model would have to make one up.
 */
export function mastraTools(registry: ToolgenRegistry, options: AiSdkOptions = {}): ToolsInput {
  const schemas = new Map(registry.entries.map((entry) => [entry.name, entry.inputSchema]));
  const dispatch: Registry["dispatch"] = (name, args, callOptions) => {
    const schema = schemas.get(name);
    return registry.dispatch(name, schema ? removeSyntheticNulls(schema, args) : args, callOptions);
  };
  const { tools } = aiSdkTools({ entries: registry.entries, dispatch }, options);
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => {
      const schema = tool.inputSchema.jsonSchema;
      const strict = toStrictSchema(schema).blockers.length === 0;
      return [name, { ...tool, inputSchema: standardSchema(strict ? nullableOptionalUnions(strictKeywordsOnly(schema, MASTRA_WORDS)) : schema), ...(strict ? {} : { strict: false }) }];
    }),
  ) as ToolsInput;
}

/** Keywords strict mode refuses that Mastra's OpenAI rewrite turns into words in the description. */
const MASTRA_WORDS: ReadonlySet<string> = new Set(["minLength", "maxLength"]);

/** The schema with every optional property that is a union of no `type` (only `anyOf`) made nullable, at any depth. */
function nullableOptionalUnions(node: SchemaNode): SchemaNode {
  const out = mapSubschemas(node, nullableOptionalUnions);
  if (!isNode(out.properties)) return out;
  const required = Array.isArray(out.required) ? out.required : [];
  const nullable = (key: string, property: unknown) =>
    isNode(property) && property.type === undefined && Array.isArray(property.anyOf) && !required.includes(key) && !property.anyOf.some((member) => isNode(member) && member.type === "null");
  out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, property]) => [key, nullable(key, property) ? { ...(property as SchemaNode), anyOf: [...((property as SchemaNode).anyOf as unknown[]), { type: "null" }] } : property]));
  return out;
}

/** A Standard Schema (https://standardschema.dev) carrying a JSON Schema, whose check passes everything on. */
function standardSchema(jsonSchema: Record<string, unknown>) {
  return {
    "~standard": {
      version: 1,
      vendor: "toolgen",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}
