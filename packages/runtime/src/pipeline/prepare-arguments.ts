import { errorOutcome, type ErrorOutcome, type Repair } from "../outcome/outcome.js";
import type { EntryDefinition } from "../registry/entry-definition.js";
import { findTooDeep, MAX_ARGUMENT_DEPTH } from "./check-depth.js";
import { fillNestedDefaults } from "./fill-defaults.js";
import { repairArguments } from "./repair-arguments.js";
import { setOwn } from "./set-own.js";
import { valueAt } from "./json-pointer.js";
import { type ArgumentIssue, describeErrors, describeValue, type FoundIssues, formatIssues, issuesPayload, validateArguments } from "./validate-arguments.js";

export type Prepared = { ok: true; args: Record<string, unknown>; repairs: Repair[] } | { ok: false; outcome: ErrorOutcome };

/**
 * The first half of every call: validate against the input schema; when that fails and
 * the registry is lenient, repair and validate again; then copy the arguments (the tool
 * may mutate its copy, never the caller's) and fill in the defaults, top-level then nested.
 */
export function prepareArguments(definition: EntryDefinition, rawArgs: unknown, strict: boolean): Prepared {
  const name = definition.entry.name;
  let args: unknown = rawArgs === undefined ? {} : rawArgs;
  const deep = findTooDeep(args);
  if (deep !== undefined) {
    const issue = { path: deep, expected: `at most ${MAX_ARGUMENT_DEPTH} levels of nesting`, received: "a value nested deeper" };
    return { ok: false, outcome: invalid(name, { issues: [issue] }) };
  }
  let repairs: Repair[] = [];
  if (!definition.validate(args)) {
    // Errors are described only for the value whose problems the model is shown: the repaired one when repairs were made.
    const errors = definition.validate.errors ?? [];
    const repaired = strict ? undefined : repairArguments(definition.entry.inputSchema, args);
    if (!repaired || repaired.repairs.length === 0) return { ok: false, outcome: invalid(name, describeErrors(errors, args)) };
    const again = validateArguments(definition.validate, repaired.value);
    if (again.issues.length > 0) return { ok: false, outcome: invalid(name, { ...again, issues: again.issues.map((issue) => receivedAsSent(issue, repaired.repairs, args)) }) };
    ({ value: args, repairs } = repaired);
  }
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    // Only a schema that accepts non-objects gets here (hand-written, or `true`); tools take an object.
    return { ok: false, outcome: invalid(name, { issues: [{ path: "", expected: "an object", received: describeValue(args) }] }) };
  }
  const copy = copyArguments(args) as Record<string, unknown>;
  for (const [key, value] of Object.entries(definition.entry.defaults ?? {})) if (!Object.hasOwn(copy, key)) copy[key] = structuredClone(value);
  fillNestedDefaults(definition.entry.inputSchema, copy);
  return { ok: true, args: copy, repairs };
}

/**
 * The tool's own copy of validated arguments. JSON data is copied by hand: a few times faster
 * than `structuredClone` on a million small arrays, the most a 4 MiB body holds. A key whose
 * value is `undefined`, which validation took as absent, is absent. Anything else (a class
 * instance a caller in the same program passed) is copied as `structuredClone` copies it.
 */
function copyArguments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyArguments);
  if (typeof value !== "object" || value === null) return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) setOwn(copy, key, copyArguments(item));
  }
  return copy;
}

function invalid(name: string, found: FoundIssues): ErrorOutcome {
  return errorOutcome("invalid_arguments", formatIssues(name, found), issuesPayload(found));
}

/**
 * An issue left after repairs, at a value a repair changed (`"3.5"` read as `3.5` for an
 * integer, a `null` dropped from a required property): "received" says what the model sent,
 * which is what it has to correct.
 */
function receivedAsSent(issue: ArgumentIssue, repairs: readonly Repair[], sent: unknown): ArgumentIssue {
  if (!repairs.some((r) => r.path === issue.path)) return issue;
  const value = valueAt(sent, issue.path);
  return value === undefined ? issue : { ...issue, received: describeValue(value) };
}
