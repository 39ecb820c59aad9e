import type { JsonSchema } from "../manifest/manifest-format.js";
import { setOwn } from "../pipeline/set-own.js";

/** Text JSON reads as a number, a boolean or null. */
const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

const kindOf = (value: unknown) => (value === null ? "null" : typeof value);

/**
 * What a parameter's schema takes: JSON types (`number` for `integer`), and `text` for a
 * string no `enum`, `const` or `format` narrows — any URI text is one — through `anyOf`.
 */
function kinds(schema: unknown): unknown[] {
  if (typeof schema !== "object" || !schema) return [];
  const s = schema as { type?: unknown; enum?: unknown[]; const?: unknown; format?: unknown; anyOf?: unknown[] };
  const literals = [...(s.enum ?? []), ...("const" in s ? [s.const] : [])];
  return [
    ...[s.type].flat().map((type) => (type === "integer" ? "number" : type === "string" && !s.format && !literals.length ? "text" : type)),
    ...literals.map(kindOf),
    ...(s.anyOf ?? []).flatMap(kinds),
  ];
}

/**
 * A URI carries text: a variable whose parameter takes a number, a boolean or null, and no
 * free text, is read as JSON reads it where it can be (`pages://{n}` at `pages://3`: `3`;
 * `limit://{n}` of `"auto" | number` at `limit://5`: `5`, at `limit://auto`: `"auto"`),
 * strict or lenient, as a prompt's arguments are. Anything else stays the URI's text, for
 * validation.
 */
export function typedVariables(schema: JsonSchema, values: Readonly<Record<string, string>>): Record<string, unknown> {
  const properties = (typeof schema === "object" && (schema.properties as Record<string, unknown> | undefined)) || {};
  const typed: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(values)) {
    const takes = kinds(Object.hasOwn(properties, name) ? properties[name] : undefined);
    const literal: unknown = !takes.includes("text") && LITERAL.test(text) ? JSON.parse(text) : undefined;
    setOwn(typed, name, literal !== undefined && takes.includes(kindOf(literal)) ? literal : text);
  }
  return typed;
}
