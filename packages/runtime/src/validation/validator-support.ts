import type { CompiledValidator, ValidatorError } from "./index.js";
import { jsonEqual } from "./json-equal.js";

export { jsonEqual };

/**
 * What the validators toolgen generates at build time call at run time: one error builder
 * (so a generated check is a call, not an inline error literal), the few value helpers JSON
 * Schema needs, and the wrapper that gives a check the `CompiledValidator` shape. The
 * interpreting validator uses the same builder, so both report identical errors.
 */

/** A generated check: pushes what is wrong with `data` (at `path`) onto `errors`. */
export type Check = (data: unknown, path: string, errors: ValidatorError[]) => void;

/**
 * A validation stops after this many errors: the model is shown the first 100 (see
 * `formatIssues`), and an argument built to fail everywhere (a million wrong items in a
 * 4 MiB body) would otherwise cost a million error objects, each described, each mapped.
 */
export const MAX_ERRORS = 1000;

/**
 * How many failures a verdict list (below) takes before its check stops: enough that a
 * member failing on a property or two is not stopped (stopping costs a throw), few enough
 * that a member failing on every item of a large array is.
 */
const VERDICT_LIMIT = 32;

/** An error list; `verdict` marks one that only records pass or fail (`verdictList`). */
type ErrorList = ValidatorError[] & { verdict?: true };

/** Thrown by `fail` when its list is full; only its identity matters. Not an Error: throwing it captures no stack. */
const STOP = {};

/**
 * A list for a check whose errors are dropped — a member of `anyOf`, `oneOf` or `not`, where
 * only pass or fail matters: `fail` records a shared placeholder (`STOP`) instead of
 * describing the error, and the check stops after `VERDICT_LIMIT` failures.
 */
export function verdictList(): ValidatorError[] {
  const list: ErrorList = [];
  list.verdict = true;
  return list;
}

/** The `catch` around a check: `STOP` (a full list) just ends the check; any other exception is rethrown. */
export function stopped(thrown: unknown): void {
  if (thrown !== STOP) throw thrown;
}

/** Wraps a generated check as a validator: true, or false with `errors` set. */
export function validator(check: Check): CompiledValidator {
  const validate: CompiledValidator = (data: unknown) => {
    const errors: ValidatorError[] = [];
    try {
      check(data, "", errors);
    } catch (thrown) {
      stopped(thrown);
    }
    validate.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return validate;
}

const LIMITS: Record<string, [string, string]> = {
  minLength: ["fewer", "characters"],
  maxLength: ["more", "characters"],
  minItems: ["fewer", "items"],
  maxItems: ["more", "items"],
  minProperties: ["fewer", "properties"],
  maxProperties: ["more", "properties"],
};
const COMPARISONS: Record<string, string> = { minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" };

/** The keywords generated validators report, by number (what they pass to `fail`). Append only. */
export const FAILURE_KEYWORDS = [
  "type", "required", "additionalProperties", "enum", "const", "pattern", "format", "multipleOf", "uniqueItems",
  "anyOf", "oneOf", "not", "false schema", "minLength", "maxLength", "minItems", "maxItems", "minProperties",
  "maxProperties", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
] as const;

/**
 * Records one failed keyword (by name, or by its number in `FAILURE_KEYWORDS`), with ajv's
 * params and message (the runtime's message formatter reads them). `a` and `b` are the
 * keyword's value or the offending detail (see below).
 */
export function fail(errors: ValidatorError[], instancePath: string, failed: string | number, a?: unknown, b?: unknown): void {
  if ((errors as ErrorList).verdict) {
    if (errors.push(STOP as unknown as ValidatorError) >= VERDICT_LIMIT) throw STOP;
    return;
  }
  const keyword = typeof failed === "number" ? FAILURE_KEYWORDS[failed]! : failed;
  const { params, message } = describe(keyword, a, b);
  if (errors.push({ instancePath, keyword, params, message }) >= MAX_ERRORS) throw STOP;
}

function describe(keyword: string, a: unknown, b: unknown): { params: Record<string, unknown>; message: string } {
  const limit = LIMITS[keyword];
  if (limit) return { params: { limit: a }, message: `must NOT have ${limit[0]} than ${String(a)} ${limit[1]}` };
  const comparison = COMPARISONS[keyword];
  if (comparison) return { params: { comparison, limit: a }, message: `must be ${comparison} ${String(a)}` };
  switch (keyword) {
    case "type":
      return { params: { type: a }, message: `must be ${String(a)}` };
    case "required":
      return { params: { missingProperty: a }, message: `must have required property '${String(a)}'` };
    case "additionalProperties":
      return { params: { additionalProperty: a }, message: "must NOT have additional properties" };
    case "enum":
      return { params: { allowedValues: a }, message: "must be equal to one of the allowed values" };
    case "const":
      return { params: { allowedValue: a }, message: "must be equal to constant" };
    case "pattern":
      return { params: { pattern: a }, message: `must match pattern "${String(a)}"` };
    case "format":
      return { params: { format: a }, message: `must match format "${String(a)}"` };
    case "multipleOf":
      return { params: { multipleOf: a }, message: `must be multiple of ${String(a)}` };
    case "uniqueItems":
      return { params: { i: a, j: b }, message: `must NOT have duplicate items (items ## ${String(a)} and ${String(b)} are identical)` };
    case "anyOf":
      return { params: {}, message: "must match a schema in anyOf" };
    case "oneOf":
      return { params: { passingSchemas: a }, message: "must match exactly one schema in oneOf" };
    case "not":
      return { params: {}, message: "must NOT be valid" };
    default:
      return { params: {}, message: "boolean schema is false" };
  }
}

/**
 * The built-ins generated checks call, under names of their own: the application's compiler
 * resolves every property access (`Number.isInteger`) it emits, thousands of them in a large
 * registry module, where a plain name costs it almost nothing.
 */
export const { isArray } = Array;
export const { isInteger, isFinite } = Number;
export const { keys } = Object;

/** A JSON object: not null, not an array. */
export function isObject(data: unknown): data is Record<string, unknown> {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}

/** Length in code points, as JSON Schema counts it, without copying a (possibly huge) string. */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** True when some value of `values` equals `data` (an `enum` of objects or arrays). */
export function includesEqual(values: readonly unknown[], data: unknown): boolean {
  for (const value of values) if (jsonEqual(value, data)) return true;
  return false;
}

/**
 * The first pair of equal items, `[earlier, later]`, for `uniqueItems`; undefined when all
 * differ. Linear: numbers and strings are looked up as themselves (a JavaScript `Map` treats
 * `0` and `-0` as one key, as JSON equality does), other values by a canonical key (objects by
 * sorted keys), so an argument of 500,000 items costs one pass, not the pairwise comparison's
 * quadratic time. The pair is the pairwise one: the first item equal to an earlier one, and
 * the earliest of those.
 */
export function duplicateItems(items: readonly unknown[]): [number, number] | undefined {
  // Numbers and strings are their own keys (a Map tells 1 from "1"); a canonical key is a string, so it has a map of its own.
  const values = new Map<unknown, number>();
  const canonical = new Map<unknown, number>();
  const ids = new Map<unknown, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const own = typeof item === "number" || typeof item === "string";
    const seen = own ? values : canonical;
    const key = own ? item : canonicalKey(item, ids);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, i];
    seen.set(key, i);
  }
  return undefined;
}

/**
 * A string equal for two values exactly when `jsonEqual` says they are: objects by sorted
 * keys, `-0` as `0`. What JSON cannot carry (a function, a symbol, a bigint) is equal only to
 * itself, as in `jsonEqual`: it gets a number of its own in `ids`.
 */
function canonicalKey(value: unknown, ids: Map<unknown, number>): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Object.is(value, -0) ? "0" : String(value);
    case "boolean":
    case "undefined":
      return String(value);
    case "object": {
      if (value === null) return "null";
      if (Array.isArray(value)) return `[${value.map((item) => canonicalKey(item, ids)).join(",")}]`;
      const names = Object.keys(value).sort();
      return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalKey((value as Record<string, unknown>)[name], ids)}`).join(",")}}`;
    }
    default: {
      let id = ids.get(value);
      if (id === undefined) ids.set(value, (id = ids.size));
      return `#${id}`;
    }
  }
}

/** A property name as one JSON Pointer segment. */
export function pointerSegment(key: string): string {
  return key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key;
}
