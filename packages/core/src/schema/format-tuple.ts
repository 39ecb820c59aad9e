import type { TypeModel } from "../model/type-model.js";
import { formatSchema, type SchemaObject } from "./format-schema.js";

/** `prefixItems` for the elements, `items` for a rest element (or `false`), item counts. */
export function formatTuple(model: Extract<TypeModel, { kind: "tuple" }>): SchemaObject {
  const required = model.elements.filter((e) => !e.optional).length;
  const schema: SchemaObject = { type: "array" };
  if (model.elements.length > 0) schema.prefixItems = model.elements.map((e) => formatSchema(e.type));
  schema.items = model.rest ? formatSchema(model.rest) : false;
  if (required > 0) schema.minItems = required;
  if (!model.rest) schema.maxItems = model.elements.length;
  return schema;
}
