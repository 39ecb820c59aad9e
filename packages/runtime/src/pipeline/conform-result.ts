import type { JsonSchema } from "../manifest/manifest-format.js";
import { errorOutcome, type ErrorOutcome } from "../outcome/outcome.js";
import { compileSchema } from "../validation/compile-schema.js";
import type { FormatLookup } from "../validation/format-checks.js";
import type { CompiledValidator } from "../validation/index.js";
import { resolveLocalRef } from "../validation/supported-schema.js";
import { isObject } from "../validation/validator-support.js";
import { setOwn } from "./set-own.js";
import { formatIssues, issuesPayload, validateArguments } from "./validate-arguments.js";

type Schema = Record<string, unknown>;

/**
 * Per registry's format checks: the lookup results are validated with, and the validators of
 * output schemas and of their union members, compiled on first use (null: a schema toolgen's
 * validator cannot check).
 */
const compiled = new WeakMap<FormatLookup, { lookup: FormatLookup; validators: WeakMap<Schema, CompiledValidator | null> }>();

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
  const validatorOf = validatorsOf(schema, formats);
  // Each (schema, value) pair is shaped once: union members that lead to the same schema (a
  // recursive type) do not shape the same subtree again, level after level.
  const shapedBy = new Map<Schema, Map<object, unknown>>();
  const shape = (sub: unknown, was: unknown): unknown => {
    if (!isObject(sub) || typeof was !== "object" || was === null) return was;
    if (typeof sub.$ref === "string") return shape(resolveLocalRef(schema, sub.$ref), was);
    let done = shapedBy.get(sub);
    if (!done) shapedBy.set(sub, (done = new Map()));
    if (!done.has(was)) done.set(was, shapeNode(sub, was, shape, validatorOf));
    return done.get(was);
  };
  const shaped = shape(schema, value);
  const validate = validatorOf(schema);
  const found = validate ? validateArguments(validate, shaped) : { issues: [] };
  if (found.issues.length === 0) return { value: shaped };
  return errorOutcome("execution_error", formatIssues(name, found, what), issuesPayload(found));
}

/** One object or array shaped by one schema (its parts by `shape`); the value itself when nothing is left out. */
function shapeNode(schema: Schema, value: object, shape: (sub: unknown, was: unknown) => unknown, validatorOf: (sub: Schema) => CompiledValidator | undefined): unknown {
  const members = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(members)) {
    // A member the value conforms to as it is; else, of the members it conforms to once shaped,
    // the one that keeps the most (`{ a } | { a, b }` keeps `b`); none: the member it comes
    // closest to (the fewest problems), shaped by it, so the error reports what is wrong, not
    // a property that would have been left out (nor its value: a `passwordHash`).
    const candidates = members.filter(isObject);
    if (candidates.some((member) => validatorOf(member)?.(value))) return value;
    let best: unknown = value;
    let kept = -1;
    let closest: { value: unknown; problems: number } | undefined;
    for (const member of candidates) {
      const shaped = shape(member, value);
      const validate = validatorOf(member);
      if (validate?.(shaped)) {
        const size = JSON.stringify(shaped).length;
        if (size > kept) [best, kept] = [shaped, size];
      } else if (validate && kept < 0) {
        const problems = validateArguments(validate, shaped).issues.length;
        if (!closest || problems < closest.problems) closest = { value: shaped, problems };
      }
    }
    return kept < 0 && closest ? closest.value : best;
  }
  let changed = false;
  const part = (sub: unknown, was: unknown) => {
    const now = shape(sub, was);
    changed ||= now !== was;
    return now;
  };
  if (Array.isArray(value)) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    const shaped = value.map((was: unknown, i) => part(i < prefix.length ? prefix[i] : schema.items, was));
    return changed ? shaped : value;
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  const shaped: Record<string, unknown> = {};
  for (const [key, was] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, key) ? properties[key] : (patterns.find(([pattern]) => new RegExp(pattern, "u").test(key))?.[1] ?? schema.additionalProperties);
    if (sub === false) changed = true;
    else setOwn(shaped, key, part(sub, was));
  }
  return changed ? shaped : value;
}

/** A (sub)schema's validator, with the root's definitions; undefined when toolgen's validator cannot check it. */
function validatorsOf(root: Schema, formats: FormatLookup): (schema: Schema) => CompiledValidator | undefined {
  let cache = compiled.get(formats);
  // The value is the tool's own, typed result: a format whose check the registry does not carry is not what refuses it.
  if (!cache) compiled.set(formats, (cache = { lookup: (format) => formats(format) ?? (() => true), validators: new WeakMap() }));
  const { lookup, validators: known } = cache;
  return (schema) => {
    let validate = known.get(schema);
    if (validate === undefined) {
      try {
        validate = compileSchema(root.$defs === undefined || schema === root ? schema : { ...schema, $defs: root.$defs }, lookup);
      } catch {
        validate = null;
      }
      known.set(schema, validate);
    }
    return validate ?? undefined;
  };
}
