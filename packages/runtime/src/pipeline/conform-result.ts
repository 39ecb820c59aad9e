import type { JsonSchema } from "../manifest/manifest-format.js";
import { errorOutcome, type ErrorOutcome } from "../outcome/outcome.js";
import { compileSchema } from "../validation/compile-schema.js";
import type { FormatLookup } from "../validation/format-checks.js";
import type { CompiledValidator } from "../validation/index.js";
import { resolveLocalRef } from "../validation/supported-schema.js";
import { isObject } from "../validation/validator-support.js";
import { formatIssues, issuesPayload, validateArguments } from "./validate-arguments.js";

/** Validators of output schemas and of their union members, compiled on first use (null: one toolgen's validator cannot check). */
const validators = new WeakMap<object, CompiledValidator | null>();

/**
 * A result (as JSON) held to its output schema. TypeScript lets a function return a wider
 * object than its return type says (a row with more columns than the interface): properties a
 * closed object does not declare are left out, so the model sees what the type says — not a
 * field the code never meant to expose — and the structured content conforms to the schema,
 * which MCP clients check. A union's value is shaped by the member that keeps the most of it.
 * What remains must conform: a result that lacks what its type requires (through a cast, or
 * `any`) is an `execution_error` listing the problems, never a result the client refuses.
 * Formats are checked where the registry carries their check.
 */
export function conformResult(name: string, schema: JsonSchema, value: unknown, formats: FormatLookup, what: string): { value: unknown } | ErrorOutcome {
  if (!isObject(schema)) return { value };
  const lookup: FormatLookup = (format) => formats(format) ?? (() => true);
  const shaped = shape(schema, value, schema, lookup);
  const validate = validatorOf(schema, schema, lookup);
  const found = validate ? validateArguments(validate, shaped) : { issues: [] };
  if (found.issues.length === 0) return { value: shaped };
  return errorOutcome("execution_error", formatIssues(name, found, what), issuesPayload(found));
}

/** `value` without the properties `schema`'s closed objects do not declare; `value` itself when there are none. */
function shape(schema: unknown, value: unknown, root: Record<string, unknown>, formats: FormatLookup): unknown {
  if (!isObject(schema) || typeof value !== "object" || value === null) return value;
  if (typeof schema.$ref === "string") return shape(resolveLocalRef(root, schema.$ref), value, root, formats);
  const members = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(members)) {
    // A member the value conforms to as it is; else, of the members it conforms to once shaped,
    // the one that keeps the most (`{ a } | { a, b }` keeps `b`); none: left as it is, for validation to report.
    let best: unknown = value;
    let kept = -1;
    for (const member of members) {
      const shaped = shape(member, value, root, formats);
      if (!isObject(member) || !validatorOf(member, root, formats)?.(shaped)) continue;
      if (shaped === value) return value;
      const size = JSON.stringify(shaped).length;
      if (size > kept) [best, kept] = [shaped, size];
    }
    return best;
  }
  let changed = false;
  const item = (sub: unknown, was: unknown) => {
    const now = shape(sub, was, root, formats);
    changed ||= now !== was;
    return now;
  };
  if (Array.isArray(value)) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    const shaped = value.map((was: unknown, i) => item(i < prefix.length ? prefix[i] : schema.items, was));
    return changed ? shaped : value;
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  const shaped: Record<string, unknown> = {};
  for (const [key, was] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, key) ? properties[key] : (patterns.find(([pattern]) => new RegExp(pattern, "u").test(key))?.[1] ?? schema.additionalProperties);
    if (sub === false) changed = true;
    else shaped[key] = item(sub, was);
  }
  return changed ? shaped : value;
}

/** A (sub)schema's validator, with the root's definitions; undefined when toolgen's validator cannot check it. */
function validatorOf(schema: Record<string, unknown>, root: Record<string, unknown>, formats: FormatLookup): CompiledValidator | undefined {
  let validate = validators.get(schema);
  if (validate === undefined) {
    try {
      validate = compileSchema(root.$defs === undefined ? schema : { ...schema, $defs: root.$defs }, formats);
    } catch {
      validate = null;
    }
    validators.set(schema, validate);
  }
  return validate ?? undefined;
}
