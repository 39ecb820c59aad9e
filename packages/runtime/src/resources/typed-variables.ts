import type { JsonSchema } from "../manifest/manifest-format.js";
import { setOwn } from "../pipeline/set-own.js";

/** Text JSON reads as a number or a boolean. */
const LITERAL = /^(?:true|false|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

/**
 * A URI carries text: a variable whose parameter's `type` (what toolgen writes for every
 * parameter) names no string but a number or a boolean is read as JSON reads it
 * (`pages://{n}` at `pages://3`: `3`; `flag://{on}` at `flag://true`: `true`), strict or
 * lenient, as a prompt's arguments are. Anything else stays the URI's text, for validation.
 */
export function typedVariables(schema: JsonSchema, values: Readonly<Record<string, string>>): Record<string, unknown> {
  const properties = (typeof schema === "object" && (schema.properties as Record<string, { type?: unknown }> | undefined)) || {};
  const typed: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(values)) {
    const types = [Object.hasOwn(properties, name) ? properties[name]?.type : undefined].flat().map((type) => (type === "integer" ? "number" : type));
    const literal: unknown = !types.includes("string") && LITERAL.test(text) ? JSON.parse(text) : undefined;
    setOwn(typed, name, types.includes(typeof literal) ? literal : text);
  }
  return typed;
}
