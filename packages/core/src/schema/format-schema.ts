import type { Annotations, Definition, TypeModel } from "../model/type-model.js";
import { bothPatterns } from "./both-patterns.js";
import { formatObject } from "./format-object.js";
import { formatTuple } from "./format-tuple.js";
import { formatUnion } from "./format-union.js";

export type SchemaObject = { [keyword: string]: unknown };

/** Constraint keywords, in the order they are written. */
const CONSTRAINT_ORDER = [
  "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
  "pattern", "format", "minItems", "maxItems", "uniqueItems",
] as const satisfies readonly (keyof Annotations)[];

/**
 * Writes JSON Schema (draft 2020-12) for a type model. Keys are written in one fixed order
 * (title and description, structure, constraints, default, examples, deprecated), so the
 * output is byte-stable whatever order the tags were written in.
 */
export function formatSchema(model: TypeModel): SchemaObject {
  return withAnnotations(formatBare(model), model.annotations);
}

/** A root schema: the type, plus `$defs` (sorted by name) for the recursive types it uses. */
export function formatRootSchema(model: TypeModel, definitions: readonly Definition[]): SchemaObject {
  const schema = formatSchema(model);
  if (definitions.length === 0) return schema;
  const defs: SchemaObject = {};
  for (const d of [...definitions].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) defs[d.name] = formatSchema(d.type);
  return { ...schema, $defs: defs };
}

export function formatBare(model: TypeModel): SchemaObject {
  switch (model.kind) {
    case "string":
      return { type: "string" };
    case "number":
      return { type: model.integer ? "integer" : "number" };
    case "boolean":
      return { type: "boolean" };
    case "null":
      return { type: "null" };
    case "literal":
      return { type: typeof model.value, const: model.value };
    case "template":
      return { type: "string", pattern: model.pattern };
    case "date":
      return { type: "string", format: "date-time" };
    case "any":
      return {};
    case "ref":
      return { $ref: `#/$defs/${model.name}` };
    case "array":
      return { type: "array", items: formatSchema(model.items) };
    case "tuple":
      return formatTuple(model);
    case "object":
      return formatObject(model);
    case "union":
      return formatUnion(model.members);
  }
}

function withAnnotations(schema: SchemaObject, annotations: Annotations | undefined): SchemaObject {
  if (!annotations) return schema;
  const out: SchemaObject = {};
  if (annotations.title !== undefined) out.title = annotations.title;
  if (annotations.description !== undefined) out.description = annotations.description;
  if (typeof annotations.deprecated === "string") out.description = `${out.description === undefined ? "" : `${String(out.description)} `}Deprecated: ${annotations.deprecated}`;
  Object.assign(out, schema);
  for (const key of CONSTRAINT_ORDER) if (annotations[key] !== undefined) out[key] = annotations[key];
  // A template literal type's pattern stays: a `@pattern` on it narrows it further.
  if (typeof schema.pattern === "string" && annotations.pattern !== undefined) out.pattern = bothPatterns(annotations.pattern, schema.pattern);
  if (annotations.default !== undefined) out.default = annotations.default;
  if (annotations.examples !== undefined) out.examples = annotations.examples;
  if (annotations.deprecated) out.deprecated = true;
  return out;
}
