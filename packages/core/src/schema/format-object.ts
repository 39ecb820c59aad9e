import { NUMERIC_KEY } from "../model/read-index-signatures.js";
import type { ObjectModel } from "../model/type-model.js";
import { formatSchema, type SchemaObject } from "./format-schema.js";


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
  // Numeric keys beside named properties: `propertyNames` would hold the names to the numeric
  // pattern too, so the numeric keys get a pattern entry and the object stays closed otherwise.
  const numericBeside = model.numericKeys === true && model.properties.length > 0;
  const patterns = [...(numericBeside ? [{ pattern: NUMERIC_KEY, type: model.additional! }] : []), ...(model.patterns ?? [])];
  if (patterns.length) {
    const byPattern: SchemaObject = {};
    for (const p of patterns) byPattern[p.pattern] = formatSchema(p.type);
    schema.patternProperties = byPattern;
  }
  const required = model.properties.filter((p) => !p.optional).map((p) => p.name);
  if (required.length > 0) schema.required = required;
  if (model.numericKeys && !numericBeside) schema.propertyNames = { pattern: NUMERIC_KEY };
  schema.additionalProperties = model.additional && !numericBeside ? formatSchema(model.additional) : false;
  return schema;
}
