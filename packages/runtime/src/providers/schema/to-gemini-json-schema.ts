import { isNode, type SchemaNode } from "./schema-node.js";
import { toGeminiSchema, type GeminiResult } from "./to-gemini-schema.js";

/**
 * What Gemini takes, written as JSON Schema: for code that hands Gemini a JSON Schema of its
 * own accord — the AI SDK's Google provider (version 3 converts it to Gemini's OpenAPI subset,
 * version 4 sends it as `parametersJsonSchema`), Mastra's copy of it. `toGeminiSchema`'s
 * rewrites (numeric literals as strings, tuples as arrays of their member types, maps as
 * `{ key, value }` pairs, references inlined), with JSON Schema's lower-case `type` names and
 * `null` as a member of an `anyOf`, which that conversion turns into `nullable`. An
 * `enum` stays on a `type: "string"`: the conversion copies it, and Gemini refuses an `enum`
 * of any other type. Arguments come back through `restoreGeminiArguments`, as for `projectGemini`.
 */
export function toGeminiJsonSchema(input: SchemaNode): GeminiResult {
  const result = toGeminiSchema(input);
  return { ...result, schema: result.schema && toJsonSchemaDialect(result.schema) };
}

function toJsonSchemaDialect(node: SchemaNode): SchemaNode {
  const { nullable, example, format, type, properties, items, anyOf, ...rest } = node;
  // `type` first, as JSON Schema is usually written.
  const out: SchemaNode = { ...(typeof type === "string" ? { type: type.toLowerCase() } : {}), ...rest };
  // `format: "enum"` is the OpenAPI spelling of a string enum; JSON Schema has no such format.
  if (format !== undefined && format !== "enum") out.format = format;
  if (example !== undefined) out.examples = [example];
  if (isNode(properties)) out.properties = Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, toJsonSchemaDialect(child as SchemaNode)]));
  if (isNode(items)) out.items = toJsonSchemaDialect(items);
  if (Array.isArray(anyOf)) out.anyOf = anyOf.filter(isNode).map(toJsonSchemaDialect);
  if (nullable !== true) return out;
  // The property's own title and description stay outside the union, where the conversion keeps them.
  const { title, description, ...inner } = out;
  const outside: SchemaNode = { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}) };
  const members = Array.isArray(inner.anyOf) && Object.keys(inner).length === 1 ? (inner.anyOf as SchemaNode[]) : [inner];
  return { ...outside, anyOf: [...members, { type: "null" }] };
}
