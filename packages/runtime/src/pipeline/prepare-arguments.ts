import { errorOutcome, type ErrorOutcome, type Repair } from "../outcome/outcome.js";
import type { EntryDefinition } from "../registry/entry-definition.js";
import { fillNestedDefaults } from "./fill-defaults.js";
import { repairArguments } from "./repair-arguments.js";
import { setOwn } from "./set-own.js";
import { snapshotArguments } from "./snapshot-arguments.js";
import { valueAt } from "./json-pointer.js";
import { type ArgumentIssue, describeErrors, describeValue, type FoundIssues, formatIssues, issuesPayload, validateArguments } from "./validate-arguments.js";

export type Prepared = { ok: true; args: Record<string, unknown>; repairs: Repair[] } | { ok: false; outcome: ErrorOutcome };

/**
 * The first half of every call: take the call's own copy of the arguments (the tool may mutate
 * it, never the caller's; see `snapshotArguments`); validate it against the input schema; when
 * that fails and the registry is lenient, repair and validate again; then fill in the
 * defaults, top-level then nested.
 */
export function prepareArguments(definition: EntryDefinition, rawArgs: unknown, strict: boolean): Prepared {
  const name = definition.entry.name;
  const raw = rawArgs === undefined ? {} : rawArgs;
  // An array or a primitive is refused below, by validation or as no object (a JSON string of an
  // object is repaired from its text): copying a large one first would only cost time.
  const taken = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? snapshotArguments(raw) : { value: raw, strays: [] };
  if ("issue" in taken) return { ok: false, outcome: invalid(name, { issues: [taken.issue] }) };
  let args = taken.value;
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
  if (taken.strays.length > 0) return { ok: false, outcome: invalid(name, { issues: taken.strays }) };
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    // Only a schema that accepts non-objects gets here (hand-written, or `true`); tools take an object.
    return { ok: false, outcome: invalid(name, { issues: [{ path: "", expected: "an object", received: describeValue(args) }] }) };
  }
  const copy = args as Record<string, unknown>;
  for (const [key, value] of Object.entries(definition.entry.defaults ?? {})) if (!Object.hasOwn(copy, key)) setOwn(copy, key, structuredClone(value));
  fillNestedDefaults(definition.entry.inputSchema, copy);
  return { ok: true, args: copy, repairs };
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
