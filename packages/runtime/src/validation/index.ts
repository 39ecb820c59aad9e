export { codePoints, duplicateItems, fail, FAILURE_KEYWORDS, includesEqual, isArray, isFinite, isInteger, isMultipleOf, isObject, jsonEqual, keys, MAX_ERRORS, pointerSegment, stopped, validator, verdictList, type Check } from "./validator-support.js";
export { assertSupportedSchema, resolveLocalRef } from "./supported-schema.js";
export { forEachFormat } from "./format-checks.js";

/** A validation error, in ajv's shape, as every toolgen validator reports it. */
export interface ValidatorError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validator: returns true, or false with `errors` set. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidatorError[] | null;
}
