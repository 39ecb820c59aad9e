import { formatLookup, compileSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { ReaderContext } from "../model/reader-context.js";
import { formatRootSchema } from "./format-schema.js";

const EVERY_FORMAT = formatLookup(ALL_FORMATS);

/**
 * Checks every default (`@default`, parameter and destructuring initializers) and every
 * `@examples` value against the schema of the value it is the default or example of, with its
 * constraints, and that a literal type's constraints leave one of its values — one the model would be shown as valid but that fails validation is a bug in
 * the tool's contract. The runtime's
 * validator (`compileSchema`) does it: the same checks and messages as every call.
 */
export function checkDefaults(ctx: ReaderContext): void {
  for (const check of ctx.defaultChecks) {
    const schema = formatRootSchema(check.model, ctx.definitions);
    delete schema.default;
    delete schema.examples;
    let validate: ReturnType<typeof compileSchema>;
    try {
      validate = compileSchema(schema, EVERY_FORMAT);
    } catch {
      continue; // A schema the validators cannot check is reported by its own constraint tag.
    }
    if (check.oneOf) {
      const values = check.value as unknown[];
      if (!values.some((value) => validate(value))) ctx.diagnostics.report(check.at, DiagnosticCode.InvalidConstraint, `The constraints leave none of the values the type allows (${values.map((v) => JSON.stringify(v)).join(", ")}); remove them or widen the type.`);
      continue;
    }
    if (validate(check.value)) continue;
    const what = check.example ? "example" : "default";
    const problem = (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? e.keyword}`).join(", ");
    const message = check.inherited
      ? `The ${what} ${JSON.stringify(check.value)} that the type declares does not meet this constraint (${problem}); give ${check.example ? "@examples that do" : "a @default that does"} beside the constraint, or loosen it.`
      : `The ${what} ${JSON.stringify(check.value)} does not match its own schema (${problem}); fix the ${what} or the type.`;
    ctx.diagnostics.report(check.at, DiagnosticCode.DefaultDoesNotMatch, message);
  }
}
