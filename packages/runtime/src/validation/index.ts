import { createRequire } from "node:module";
import { jsonEqual } from "./json-equal.js";

/**
 * What precompiled validators need at run time. Validators are generated at build time by
 * ajv's standalone code generation; the few helper modules that code refers to (string
 * length in code points, deep equality, format checks) are served from here, so a generated
 * registry needs nothing but `@toolgen/runtime` — and never `eval` or `new Function`.
 */
const require = createRequire(import.meta.url);

const MODULES = [
  "ajv/dist/runtime/ucs2length",
  "ajv/dist/runtime/equal",
  "ajv/dist/runtime/uri",
  "ajv/dist/runtime/validation_error",
  "ajv/dist/runtime/quote",
  "ajv/dist/runtime/re2",
  "ajv-formats/dist/formats",
] as const;

/** Served instead of ajv's modules: ajv's deep equality throws on keys like `valueOf`. */
const REPLACEMENTS: Record<string, unknown> = {
  "ajv/dist/runtime/equal": { default: jsonEqual },
};

/** Loads a helper module the first time generated code asks for it. */
export function validationRuntime(specifier: string): unknown {
  if (Object.hasOwn(REPLACEMENTS, specifier)) return REPLACEMENTS[specifier];
  if (!(MODULES as readonly string[]).includes(specifier)) {
    throw new Error(`toolgen: a generated validator asked for '${specifier}', which this runtime does not provide; rebuild with the matching @toolgen/core.`);
  }
  return require(specifier);
}

/** An ajv validation error, as produced by the generated validators. */
export interface ValidatorError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A precompiled validator: returns true, or false with `errors` set. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidatorError[] | null;
}
