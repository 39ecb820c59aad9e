import type { JsonSchema } from "../manifest/manifest-format.js";
import { isObject } from "../validation/validator-support.js";
import { memberFor, resolve, type Schema } from "./repair-arguments.js";
import { setOwn } from "./set-own.js";

/** Whether a schema may declare a default below the top level, worked out once per schema. */
const declaresNested = new WeakMap<object, boolean>();

/**
 * Fills in, in the tool's copy of validated arguments, the defaults the input schema declares
 * below the top level — a nested object's property, an array item's, a `$defs` type's, a union
 * member's (the member the value is, as repairs find it) — so that what the model was told a
 * left-out property is worth is what the function gets. The top level's are the entry's
 * `defaults`, filled before. A schema without such defaults costs a lookup per call.
 */
export function fillNestedDefaults(schema: JsonSchema, args: Record<string, unknown>): void {
  if (typeof schema !== "object") return;
  let nested = declaresNested.get(schema);
  if (nested === undefined) {
    // More "default" keys than the top level's defaults: a nested one (or a property named "default", walked for nothing).
    const topLevel = Object.values(isObject(schema.properties) ? schema.properties : {}).filter((p) => isObject(p) && Object.hasOwn(p, "default")).length;
    declaresNested.set(schema, (nested = JSON.stringify(schema).split('"default":').length - 1 > topLevel));
  }
  if (nested) fill(schema, schema, args, 0);
}

function fill(root: Schema, schema: Schema, value: unknown, depth: number): void {
  // Deeper than arguments may be nested, or a union that names itself: nothing more to fill.
  if (typeof value !== "object" || value === null || depth > 512) return;
  const s = resolve(root, schema);
  const members = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (members) {
    const member = memberFor(root, members, value);
    if (member) fill(root, member, value, depth + 1);
  } else if (Array.isArray(value)) {
    const prefix = (s.prefixItems as Schema[] | undefined) ?? [];
    const items = isObject(s.items) ? s.items : undefined;
    for (let i = 0; i < value.length; i++) {
      const itemSchema = prefix[i] ?? items;
      if (itemSchema) fill(root, itemSchema, value[i], depth + 1);
    }
  } else {
    const object = value as Record<string, unknown>;
    const properties = (isObject(s.properties) ? s.properties : {}) as Record<string, Schema>;
    for (const key of Object.keys(properties)) {
      const property = properties[key];
      if (!Object.hasOwn(object, key) && isObject(property) && Object.hasOwn(property, "default")) setOwn(object, key, structuredClone(property.default));
    }
    const rest = isObject(s.additionalProperties) ? s.additionalProperties : undefined;
    for (const key of Object.keys(object)) {
      const child = Object.hasOwn(properties, key) ? properties[key] : rest;
      if (child) fill(root, child, object[key], depth + 1);
    }
  }
}
