import type { JsonSchema } from "@toolgen/runtime";
import type { Annotations, Definition, PropertyModel, TypeModel } from "../model/type-model.js";

type SchemaObject = { [keyword: string]: unknown };

const SIMPLE_TYPES = new Set(["string", "number", "boolean", "null"]);

/**
 * Writes JSON Schema (draft 2020-12) for a type model. Keys are written in one fixed order
 * (structure first, then annotations), so the output is byte-stable.
 */
export function formatSchema(model: TypeModel): SchemaObject {
  const schema = formatBare(model);
  return withAnnotations(schema, model.annotations);
}

/** A root schema: the type, plus `$defs` for the recursive types it uses. */
export function formatRootSchema(model: TypeModel, definitions: readonly Definition[]): SchemaObject {
  const schema = formatSchema(model);
  if (definitions.length === 0) return schema;
  const defs: SchemaObject = {};
  for (const d of [...definitions].sort((a, b) => (a.name < b.name ? -1 : 1))) defs[d.name] = formatSchema(d.type);
  return { ...schema, $defs: defs };
}

function formatBare(model: TypeModel): SchemaObject {
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
      return formatObject(model.properties, model.additional);
    case "union":
      return formatUnion(model.members);
  }
}

function formatTuple(model: Extract<TypeModel, { kind: "tuple" }>): SchemaObject {
  const required = model.elements.filter((e) => !e.optional).length;
  const schema: SchemaObject = { type: "array" };
  if (model.elements.length > 0) schema.prefixItems = model.elements.map((e) => formatSchema(e.type));
  schema.items = model.rest ? formatSchema(model.rest) : false;
  if (required > 0) schema.minItems = required;
  if (!model.rest) schema.maxItems = model.elements.length;
  return schema;
}

export function formatObject(properties: readonly PropertyModel[], additional?: TypeModel): SchemaObject {
  const props: SchemaObject = {};
  for (const p of properties) props[p.name] = formatSchema(p.type);
  const required = properties.filter((p) => !p.optional).map((p) => p.name);
  const schema: SchemaObject = { type: "object", properties: props };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = additional ? formatSchema(additional) : false;
  return schema;
}

/**
 * Literal unions become `enum`; unions of plain primitive types a `type` list; the rest `anyOf`
 * (a discriminated union keeps each member's discriminator `const`).
 */
function formatUnion(members: readonly TypeModel[]): SchemaObject {
  if (members.every((m) => (m.kind === "literal" || m.kind === "null") && !m.annotations)) {
    const values = members.map((m) => (m.kind === "literal" ? m.value : null));
    const types = [...new Set(values.map((v) => (v === null ? "null" : typeof v)))];
    return { type: types.length === 1 ? types[0] : types, enum: values };
  }
  if (members.every((m) => SIMPLE_TYPES.has(m.kind) && !m.annotations)) {
    return { type: members.map((m) => formatBare(m).type) };
  }
  return { anyOf: members.map(formatSchema) };
}

function withAnnotations(schema: SchemaObject, annotations: Annotations | undefined): SchemaObject {
  if (!annotations) return schema;
  const { description, title, deprecated, default: def, examples, ...constraints } = annotations;
  const out: SchemaObject = {};
  if (title !== undefined) out.title = title;
  if (description !== undefined) out.description = description;
  Object.assign(out, schema);
  for (const [key, value] of Object.entries(constraints)) if (value !== undefined) out[key] = value;
  if (def !== undefined) out.default = def;
  if (examples !== undefined) out.examples = examples;
  if (deprecated) out.deprecated = true;
  return out;
}

export type { JsonSchema };
