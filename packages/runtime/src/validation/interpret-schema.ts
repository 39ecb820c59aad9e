import type { JsonSchema } from "../manifest/manifest-format.js";
import type { CompiledValidator, ValidatorError } from "./index.js";
import { jsonEqual } from "./json-equal.js";
import type { FormatTest } from "../formats/formats.js";
import { assertFormatsCarried, formatLookup, type FormatLookup } from "./format-checks.js";
import { codePoints, duplicateItems, fail, stopped, validator, verdictList } from "./validator-support.js";

type Schema = { [keyword: string]: unknown };

/**
 * A validator that interprets a JSON Schema (2020-12) instead of compiling it: the path for
 * schemas that had no build step (programmatic registration, `registerSchema`, manifests
 * without a registry module). It never generates code, so it runs under
 * `--disallow-code-generation-from-strings` and a strict CSP. It is slower than the
 * precompiled validators and knows a subset of the keywords — those toolgen's analyzer
 * writes and tool schemas use. The assertion keywords it lacks are refused here, when the
 * schema is registered, rather than silently ignored at call time.
 *
 * Errors have the shape of ajv's, so both validators share one message formatter. Formats
 * are checked through `formats` (see `formatLookup`; by default `date-time` alone): a schema
 * naming a format whose check is not there is refused here, like an unsupported keyword.
 */
export function interpretSchema(schema: JsonSchema, formats: FormatLookup = DATE_TIME_ONLY): CompiledValidator {
  assertSupportedSchema(schema);
  assertFormatsCarried(schema, formats);
  return validator((data, path, errors) => {
    // Validation is synchronous, so one lookup at a time is in force.
    const outer = lookup;
    lookup = formats;
    try {
      check(schema, schema, data, path, errors);
    } finally {
      lookup = outer;
    }
  });
}

const DATE_TIME_ONLY = formatLookup();
let lookup: FormatLookup = DATE_TIME_ONLY;

/**
 * Assertion keywords this interpreter does not implement. Refused when the schema is
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

/**
 * Refuses a schema using a keyword the validators cannot check (this interpreter and the
 * code toolgen generates implement the same subset), naming where it is.
 */
export function assertSupportedSchema(schema: JsonSchema): void {
  checkKeywords(schema, "#");
}

function checkKeywords(schema: unknown, at: string): void {
  if (typeof schema !== "object" || schema === null) return;
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED.has(key)) throw new Error(`the schema keyword '${key}' at ${at} is not supported without a build step; run 'toolgen build' to precompile this schema.`);
    if (key === "$ref" && (typeof value !== "string" || !value.startsWith("#"))) throw new Error(`the reference ${JSON.stringify(value)} at ${at} is not local to the schema; a registered schema must be self-contained.`);
    const child = `${at}/${key}`;
    if (SUBSCHEMA_MAPS.has(key) && typeof value === "object" && value !== null) {
      for (const [name, sub] of Object.entries(value)) checkKeywords(sub, `${child}/${name}`);
    } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) {
      value.forEach((sub, i) => checkKeywords(sub, `${child}/${i}`));
    } else if (SUBSCHEMAS.has(key)) {
      checkKeywords(value, child);
    }
  }
}

function check(root: JsonSchema, schema: JsonSchema | undefined, data: unknown, path: string, errors: ValidatorError[]): void {
  if (schema === undefined || schema === true) return;
  if (schema === false) return fail(errors, path, "false schema");
  const s = schema as Schema;
  if (typeof s.$ref === "string") check(root, resolveLocalRef(root, s.$ref), data, path, errors);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => hasType(data, t))) return fail(errors, path, "type", types.join(","));
  }
  if (Array.isArray(s.enum) && !s.enum.some((v) => jsonEqual(v, data))) fail(errors, path, "enum", s.enum);
  if (Object.hasOwn(s, "const") && !jsonEqual(s.const, data)) fail(errors, path, "const", s.const);
  if (typeof data === "string") checkString(s, data, path, errors);
  else if (typeof data === "number") checkNumber(s, data, path, errors);
  else if (Array.isArray(data)) checkArray(root, s, data, path, errors);
  else if (data !== null && typeof data === "object") checkObject(root, s, data as Record<string, unknown>, path, errors);
  checkCombinators(root, s, data, path, errors);
}

function checkCombinators(root: JsonSchema, s: Schema, data: unknown, path: string, errors: ValidatorError[]): void {
  // A member's errors are dropped: only whether it passes matters.
  const passes = (sub: JsonSchema) => {
    const inner = verdictList();
    try {
      check(root, sub, data, path, inner);
    } catch (thrown) {
      stopped(thrown);
    }
    return inner.length === 0;
  };
  if (Array.isArray(s.allOf)) for (const sub of s.allOf as JsonSchema[]) check(root, sub, data, path, errors);
  if (Array.isArray(s.anyOf) && !(s.anyOf as JsonSchema[]).some(passes)) fail(errors, path, "anyOf");
  if (Array.isArray(s.oneOf)) {
    const matches = (s.oneOf as JsonSchema[]).filter(passes).length;
    if (matches !== 1) fail(errors, path, "oneOf", matches);
  }
  if (s.not !== undefined && passes(s.not as JsonSchema)) fail(errors, path, "not");
}

/** Cheap checks first: a string over its `maxLength` is not given to the pattern or the format check. */
function checkString(s: Schema, data: string, path: string, errors: ValidatorError[]): void {
  const length = codePoints(data);
  if (typeof s.minLength === "number" && length < s.minLength) fail(errors, path, "minLength", s.minLength);
  if (typeof s.maxLength === "number" && length > s.maxLength) return fail(errors, path, "maxLength", s.maxLength);
  if (typeof s.pattern === "string" && !patternOf(s.pattern).test(data)) fail(errors, path, "pattern", s.pattern);
  if (typeof s.format === "string" && !formatOf(s.format)(data)) fail(errors, path, "format", s.format);
}

function formatOf(name: string): FormatTest {
  return lookup(name)!; // every format of the schema was found carried when it was interpreted
}

function checkNumber(s: Schema, data: number, path: string, errors: ValidatorError[]): void {
  const limits: Array<[string, (limit: number) => boolean]> = [
    ["minimum", (l) => data >= l],
    ["maximum", (l) => data <= l],
    ["exclusiveMinimum", (l) => data > l],
    ["exclusiveMaximum", (l) => data < l],
  ];
  for (const [keyword, ok] of limits) {
    const limit = s[keyword];
    if (typeof limit === "number" && !ok(limit)) fail(errors, path, keyword, limit);
  }
  if (typeof s.multipleOf === "number" && !Number.isInteger(data / s.multipleOf)) fail(errors, path, "multipleOf", s.multipleOf);
}

function checkArray(root: JsonSchema, s: Schema, data: unknown[], path: string, errors: ValidatorError[]): void {
  if (typeof s.minItems === "number" && data.length < s.minItems) fail(errors, path, "minItems", s.minItems);
  // Cheap checks first: an array over its `maxItems` is not walked.
  if (typeof s.maxItems === "number" && data.length > s.maxItems) return fail(errors, path, "maxItems", s.maxItems);
  const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]) : [];
  data.forEach((item, i) => check(root, i < prefix.length ? prefix[i] : (s.items as JsonSchema | undefined), item, `${path}/${i}`, errors));
  const duplicate = s.uniqueItems === true ? duplicateItems(data) : undefined;
  if (duplicate) fail(errors, path, "uniqueItems", duplicate[0], duplicate[1]);
}

function checkObject(root: JsonSchema, s: Schema, data: Record<string, unknown>, path: string, errors: ValidatorError[]): void {
  const keys = Object.keys(data);
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, JsonSchema>).map(([p, sub]) => [patternOf(p), sub] as const);
  for (const name of (s.required as string[] | undefined) ?? []) {
    if (!Object.hasOwn(data, name)) fail(errors, path, "required", name);
  }
  if (typeof s.minProperties === "number" && keys.length < s.minProperties) fail(errors, path, "minProperties", s.minProperties);
  // Cheap checks first: an object over its `maxProperties` is not walked.
  if (typeof s.maxProperties === "number" && keys.length > s.maxProperties) return fail(errors, path, "maxProperties", s.maxProperties);
  for (const key of keys) {
    const child = `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (s.propertyNames !== undefined) check(root, s.propertyNames as JsonSchema, key, path, errors);
    let matched = false;
    if (Object.hasOwn(properties, key)) {
      matched = true;
      check(root, properties[key], data[key], child, errors);
    }
    for (const [pattern, sub] of patterns) {
      if (!pattern.test(key)) continue;
      matched = true;
      check(root, sub, data[key], child, errors);
    }
    if (matched || s.additionalProperties === undefined) continue;
    if (s.additionalProperties === false) fail(errors, path, "additionalProperties", key);
    else check(root, s.additionalProperties as JsonSchema, data[key], child, errors);
  }
}

function hasType(data: unknown, type: string): boolean {
  switch (type) {
    case "null":
      return data === null;
    case "array":
      return Array.isArray(data);
    case "object":
      return typeof data === "object" && data !== null && !Array.isArray(data);
    case "integer":
      return typeof data === "number" && Number.isInteger(data);
    case "number":
      return typeof data === "number" && Number.isFinite(data);
    default:
      return typeof data === type;
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

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source, "u")));
  return pattern;
}
