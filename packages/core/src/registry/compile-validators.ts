import { createRequire } from "node:module";
import type { JsonSchema } from "@toolgen/runtime";

// ajv is CommonJS with `exports.default`; require() gives the exact objects its types describe.
// Loaded on first use, so importing @toolgen/core (as `toolgen call` does) costs nothing.
/* eslint-disable @typescript-eslint/consistent-type-imports */
const require = createRequire(import.meta.url);
function loadAjv() {
  return {
    Ajv2020: (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default,
    addFormats: (require("ajv-formats") as typeof import("ajv-formats")).default,
    standaloneCode: (require("ajv/dist/standalone/index.js") as typeof import("ajv/dist/standalone/index.js")).default,
  };
}
/* eslint-enable @typescript-eslint/consistent-type-imports */

/**
 * Precompiles one validator per schema with ajv's standalone code generation (JSON Schema
 * 2020-12, all errors, formats). The code's `require()`s of ajv helper modules are routed
 * through `validationRuntime` from `@toolgen/runtime/validation`, so the generated module is
 * ESM, needs no `eval` and no direct dependency on ajv.
 *
 * Returns JavaScript declaring `const <name> = …` for each schema, in the given order.
 */
export function compileValidators(schemas: ReadonlyArray<{ name: string; schema: JsonSchema }>): string {
  if (schemas.length === 0) return "";
  const { Ajv2020, addFormats, standaloneCode } = loadAjv();
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    logger: false,
    code: { source: true, esm: true, lines: false, optimize: true },
  });
  addFormats(ajv);
  const refs: Record<string, string> = {};
  schemas.forEach(({ name, schema }, i) => {
    const id = `toolgen:${i}`;
    ajv.addSchema(typeof schema === "boolean" ? schema : { ...schema, $id: id }, id);
    refs[name] = id;
  });
  const code = standaloneCode(ajv, refs);
  return code
    .replace(/^"use strict";/, "")
    .replace(/require\("([^"]+)"\)/g, (_, specifier: string) => `validationRuntime(${JSON.stringify(specifier)})`)
    .replace(/export const (\w+) = (\w+);/g, "const $1 = $2;")
    .replace(/\/\*# sourceURL="[^"]*" \*\//g, "");
}
