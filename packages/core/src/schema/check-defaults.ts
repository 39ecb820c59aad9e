import { formatLookup, compileSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { ReaderContext } from "../model/reader-context.js";
import { formatRootSchema } from "./format-schema.js";

const EVERY_FORMAT = formatLookup(ALL_FORMATS);

/**
 * Checks every default (`@default`, parameter and destructuring initializers) against the
 * schema of the value it is the default of, with its constraints — a default the model would
 * be told is valid but that fails validation is a bug in the tool's contract. The runtime's
 * validator (`compileSchema`) does it: the same checks and messages as every call.
 */
export function checkDefaults(ctx: ReaderContext): void {
  for (const check of ctx.defaultChecks) {
    const schema = formatRootSchema(check.model, ctx.definitions);
    delete schema.default;
    let validate: ReturnType<typeof compileSchema>;
    try {
      validate = compileSchema(schema, EVERY_FORMAT);
    } catch {
      continue; // A schema the validators cannot check is reported by its own constraint tag.
    }
    if (validate(check.value)) continue;
    const problem = (validate.errors ?? []).map((e) => `default${e.instancePath} ${e.message ?? e.keyword}`).join(", ");
    ctx.diagnostics.report(check.at, DiagnosticCode.DefaultDoesNotMatch, `The default ${JSON.stringify(check.value)} does not match its own schema (${problem}); fix the default or the type.`);
  }
}
