import type { JsonSchema } from "../manifest/manifest-format.js";

/**
 * Assertion keywords the validators do not implement. Refused when the schema is
 * registered — silently skipping one would accept what the schema forbids. Keywords nobody
 * defines (`x-order`, OpenAPI's `nullable`) are ignored, as ajv does without `strict`.
 */
const UNSUPPORTED = new Set([
  "if", "then", "else", "contains", "minContains", "maxContains", "dependentRequired", "dependentSchemas", "dependencies",
  "unevaluatedProperties", "unevaluatedItems", "additionalItems", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
]);
const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
const SUBSCHEMA_LISTS = new Set(["prefixItems", "anyOf", "oneOf", "allOf"]);
const SUBSCHEMAS = new Set(["items", "additionalProperties", "not", "propertyNames"]);
const TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];
/** Keywords whose value is a number (`minimum`, `multipleOf`, …): a string there (`"3"`) would be a bound silently not checked. */
const NUMBER = /^(minimum|maximum|exclusiveM(in|ax)imum|multipleOf)$/;
/** Keywords whose value is a count (`minLength`, `maxItems`, …): a whole number, 0 or more. */
const COUNT = /^m(in|ax)(Length|Items|Properties)$/;
/** Keywords of another JSON type, which would be skipped otherwise: the type they must be. */
const TYPED: Record<string, string> = { pattern: "string", format: "string", uniqueItems: "boolean" };

/**
 * Refuses a schema using a keyword the validators cannot check, a type that is none of JSON
 * Schema's, a bound that is not a number, or a subschema that is no schema, naming where it is.
 */
export function assertSupportedSchema(schema: JsonSchema): void {
  checkKeywords(schema, "#");
}

function checkKeywords(schema: unknown, at: string): void {
  if (typeof schema === "boolean") return;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    // Draft-07's tuple form, `items: [A, B]`, is `prefixItems` in 2020-12.
    throw new Error(`the schema at ${at} is ${Array.isArray(schema) ? "a list (a tuple's items are 'prefixItems')" : JSON.stringify(schema)}, not a schema: an object or a boolean.`);
  }
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED.has(key)) throw new Error(`the schema keyword '${key}' at ${at} is not supported by toolgen's validators.`);
    if (key === "$ref" && (typeof value !== "string" || !value.startsWith("#"))) throw new Error(`the reference ${JSON.stringify(value)} at ${at} is not local to the schema; a registered schema must be self-contained.`);
    const wrong =
      key === "type" ? ([value].flat().length === 0 || ![value].flat().every((type) => TYPES.includes(type as string))) && `one of ${TYPES.join(", ")}`
      : NUMBER.test(key) ? !(Number.isFinite(value) && (key !== "multipleOf" || (value as number) > 0)) && (key === "multipleOf" ? "a number above 0" : "a number")
      : COUNT.test(key) ? !(Number.isInteger(value) && (value as number) >= 0) && "a whole number, 0 or more"
      : Object.hasOwn(TYPED, key) && typeof value !== TYPED[key] && `a ${TYPED[key]}`;
    if (wrong) throw new Error(`'${key}' at ${at} is ${typeof value === "number" ? value : JSON.stringify(value)}, not ${wrong}.`);
    // A list keyword that is no list would be skipped: every value would pass it.
    // So would a map of schemas that is a list (`properties: [A]`, read as a property "0"), and a union of none is no schema JSON Schema allows.
    const subschemas = SUBSCHEMA_LISTS.has(key);
    if ((subschemas || key === "enum" || key === "required") && !(Array.isArray(value) && (!subschemas || value.length > 0) && (key !== "required" || value.every((name) => typeof name === "string")))) {
      throw new Error(`'${key}' at ${at} is ${JSON.stringify(value)}, not a ${subschemas ? "non-empty " : ""}list${key === "required" ? " of property names" : ""}.`);
    }
    if (SUBSCHEMA_MAPS.has(key) && (typeof value !== "object" || value === null || Array.isArray(value))) throw new Error(`'${key}' at ${at} is ${JSON.stringify(value)}, not an object of schemas by name.`);
    const child = `${at}/${key}`;
    if (SUBSCHEMA_MAPS.has(key)) {
      for (const [name, sub] of Object.entries(value)) checkKeywords(sub, `${child}/${name}`);
    } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) {
      value.forEach((sub, i) => checkKeywords(sub, `${child}/${i}`));
    } else if (SUBSCHEMAS.has(key)) {
      checkKeywords(value, child);
    }
  }
}

/** Local references only (`#`, `#/$defs/…`, `#/definitions/…`): a registered schema is self-contained. */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) throw new Error(`the reference '${ref}' is not local to the schema`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) throw new Error(`the reference '${ref}' points at nothing`);
    node = (node as Record<string, unknown>)[key];
  }
  return node as JsonSchema;
}
