import { createRequire } from "node:module";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { ReaderContext } from "../model/reader-context.js";
import { formatRootSchema } from "./format-schema.js";

// ajv is CommonJS with `exports.default`; require() gives the exact objects its types describe.
/* eslint-disable @typescript-eslint/consistent-type-imports */
const require = createRequire(import.meta.url);
type Ajv2020 = import("ajv/dist/2020.js").default;
type Ajv2020Module = typeof import("ajv/dist/2020.js");
type AjvFormatsModule = typeof import("ajv-formats");
/* eslint-enable @typescript-eslint/consistent-type-imports */

/** One validator per analysis (created on the first default), so `watch` does not accumulate schemas. */
export interface DefaultValidator {
  ajv?: Ajv2020;
}

/**
 * Checks every default (`@default`, parameter and destructuring initializers) against the
 * schema of the value it is the default of, with its constraints — a default the model would
 * be told is valid but that fails validation is a bug in the tool's contract.
 */
export function checkDefaults(ctx: ReaderContext, validator: DefaultValidator): void {
  for (const check of ctx.defaultChecks) {
    const schema = formatRootSchema(check.model, ctx.definitions);
    delete schema.default;
    let valid: boolean;
    let problem = "";
    try {
      const ajv = (validator.ajv ??= createAjv());
      const validate = ajv.compile(schema);
      valid = validate(check.value) as boolean;
      if (!valid) problem = ajv.errorsText(validate.errors, { dataVar: "default" });
    } catch {
      continue; // A schema ajv cannot compile is reported by its own constraint tag.
    }
    if (!valid) {
      ctx.diagnostics.report(check.at, DiagnosticCode.DefaultDoesNotMatch, `The default ${JSON.stringify(check.value)} does not match its own schema (${problem}); fix the default or the type.`);
    }
  }
}

function createAjv(): Ajv2020 {
  const Ajv = (require("ajv/dist/2020.js") as Ajv2020Module).default;
  const addFormats = (require("ajv-formats") as AjvFormatsModule).default;
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false, addUsedSchema: false });
  addFormats(ajv);
  return ajv;
}
