import type { JsonSchema, ManifestEntry } from "@toolgen/runtime";

type Node = { [keyword: string]: unknown };

/** A prompt argument that cannot become the type the prompt declares. */
export class PromptArgumentError extends Error {}

/**
 * MCP sends prompt arguments as strings (https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#getting-a-prompt);
 * toolgen prompts declare real types. Each string becomes the declared type: a string stays
 * a string, numbers, booleans and `null` are read as JSON literals, objects and arrays as
 * JSON text. Validation afterwards is the registry's, as for any call.
 */
export function convertPromptArguments(entry: ManifestEntry, args: Record<string, string> | undefined): Record<string, unknown> {
  const root = asNode(entry.inputSchema);
  const properties = asNode(root.properties);
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(args ?? {})) {
    const schema = properties[name];
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
  if (types.size === 0 || types.has("string")) {
    const literals = literalsOf(root, schema);
    if (!literals || literals.includes(raw) || !types.has("number")) return raw;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.trim());
  } catch {
    return FAILED;
  }
  const kind = parsed === null ? "null" : Array.isArray(parsed) ? "array" : typeof parsed;
  if (types.has(kind) || (kind === "number" && types.has("integer") && Number.isInteger(parsed))) return parsed;
  return FAILED;
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

function literalsOf(root: Node, schema: Node): unknown[] | undefined {
  const s = resolve(root, schema);
  if (Array.isArray(s.enum)) return s.enum;
  if ("const" in s) return [s.const];
  return undefined;
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
