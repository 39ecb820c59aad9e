import type { JsonSchema, ManifestEntry } from "@toolgen/runtime";

type Node = { [keyword: string]: unknown };

/** A prompt argument that cannot become the type the prompt declares. */
export class PromptArgumentError extends Error {}

/**
 * MCP sends prompt arguments as strings (https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#getting-a-prompt);
 * toolgen prompts declare real types. Each string becomes the declared type: a string stays
 * a string, numbers, booleans and `null` are read as JSON literals, objects and arrays as
 * JSON text — of a union, as the member the text reads as (`"auto" | number`: `auto` stays
 * text, `5` is 5). A blank optional argument whose type takes no blank text (a number, a
 * boolean, a date) is left out, as a form's empty field means. Validation afterwards is the
 * registry's, as for any call.
 */
export function convertPromptArguments(entry: ManifestEntry, args: Record<string, string> | undefined): Record<string, unknown> {
  const root = asNode(entry.inputSchema);
  const properties = asNode(root.properties);
  const required = Array.isArray(root.required) ? root.required : [];
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(args ?? {})) {
    const schema = properties[name];
    // A form's blank field: an optional argument left out, where no text is a value of its type.
    if (schema !== undefined && raw.trim() === "" && !required.includes(name) && !takesFreeText(root, asNode(schema)) && !literalsOf(root, asNode(schema)).includes(raw)) continue;
    const value = schema === undefined ? raw : convertOne(root, asNode(schema), raw);
    if (value === FAILED) {
      throw new PromptArgumentError(`Argument '${name}' of prompt '${entry.name}' must be ${describeTypes(typesOf(root, asNode(schema)))}; received the string ${JSON.stringify(raw)}.`);
    }
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const FAILED = Symbol("failed");

function convertOne(root: Node, schema: Node, raw: string): unknown {
  const types = typesOf(root, schema);
  // Free text (a string no enum, const or format narrows) takes any argument as it is, and a
  // string literal the text is (`"5"` of `"5" | boolean`) wins over what JSON reads in it.
  if (types.size === 0 || takesFreeText(root, schema) || (types.has("string") && literalsOf(root, schema).includes(raw))) return raw;
  let parsed: unknown = FAILED;
  try {
    parsed = JSON.parse(raw.trim());
  } catch {
    // Not JSON: text, which a string of the type may still take.
  }
  const kind = parsed === null ? "null" : Array.isArray(parsed) ? "array" : typeof parsed;
  if (parsed !== FAILED && (types.has(kind) || (kind === "number" && types.has("integer") && Number.isInteger(parsed)))) return parsed;
  // Text for the type's strings (a format, a literal): validation says whether it is one.
  return types.has("string") ? raw : FAILED;
}

/** The JSON types a schema accepts, through `$ref`, `anyOf`/`oneOf`, `enum` and `const`. */
function typesOf(root: Node, schema: Node, depth = 0): Set<string> {
  const s = resolve(root, schema);
  const out = new Set<string>();
  if (depth > 16) return out;
  if (typeof s.type === "string") out.add(s.type);
  if (Array.isArray(s.type)) for (const t of s.type) out.add(String(t));
  for (const v of [...(Array.isArray(s.enum) ? s.enum : []), ...("const" in s ? [s.const] : [])]) out.add(v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  for (const k of ["anyOf", "oneOf"]) if (Array.isArray(s[k])) for (const m of s[k] as unknown[]) for (const t of typesOf(root, asNode(m), depth + 1)) out.add(t);
  if (out.has("integer")) out.add("number");
  return out;
}

/** Whether the schema, or a member of its union, is a string no `enum`, `const` or `format` narrows. */
function takesFreeText(root: Node, schema: Node, depth = 0): boolean {
  const s = resolve(root, schema);
  if (depth > 16) return false;
  const string = s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"));
  if (string && s.enum === undefined && !("const" in s) && s.format === undefined) return true;
  return ["anyOf", "oneOf"].some((k) => Array.isArray(s[k]) && (s[k] as unknown[]).some((m) => takesFreeText(root, asNode(m), depth + 1)));
}

/** The literal values a schema lists, through `anyOf`/`oneOf`. */
function literalsOf(root: Node, schema: Node, depth = 0): unknown[] {
  const s = resolve(root, schema);
  if (depth > 16) return [];
  const members = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  return [...(Array.isArray(s.enum) ? s.enum : []), ...("const" in s ? [s.const] : []), ...members.flatMap((m) => literalsOf(root, asNode(m), depth + 1))];
}

function describeTypes(types: Set<string>): string {
  const names = [...types].filter((t) => !(t === "number" && types.has("integer"))).map((t) => (t === "integer" ? "an integer" : t === "object" || t === "array" ? `an ${t} (as JSON)` : t === "null" ? "null" : `a ${t}`));
  return names.join(" or ") || "a value";
}

function resolve(root: Node, schema: Node): Node {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return schema;
  return asNode(asNode(root.$defs)[ref.slice("#/$defs/".length)]);
}

function asNode(value: unknown | JsonSchema): Node {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Node) : {};
}
