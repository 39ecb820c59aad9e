import type { ObjectModel } from "../model/type-model.js";
import { formatSchema, type SchemaObject } from "./format-schema.js";

/** The keys a number index signature allows: numbers as JavaScript writes them. */
const NUMERIC_KEY = "^-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:e[+-]\\d+)?$";

/**
 * Objects are closed (`additionalProperties: false`) unless an index signature opens them.
 * `properties` is always written for closed objects (providers expect it, even empty).
 */
export function formatObject(model: ObjectModel): SchemaObject {
  const schema: SchemaObject = { type: "object" };
  const open = model.additional !== undefined || (model.patterns?.length ?? 0) > 0;
  if (model.properties.length > 0 || !open) {
    const props: SchemaObject = {};
    for (const p of model.properties) props[p.name] = formatSchema(p.type);
    schema.properties = props;
  }
  if (model.patterns?.length) {
    const patterns: SchemaObject = {};
    for (const p of model.patterns) patterns[p.pattern] = formatSchema(p.type);
    schema.patternProperties = patterns;
  }
  const required = model.properties.filter((p) => !p.optional).map((p) => p.name);
  if (required.length > 0) schema.required = required;
  if (model.numericKeys) schema.propertyNames = { pattern: NUMERIC_KEY };
  schema.additionalProperties = model.additional ? formatSchema(model.additional) : false;
  return schema;
}
