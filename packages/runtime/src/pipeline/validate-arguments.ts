import { MAX_ERRORS } from "../validation/validator-support.js";
import type { CompiledValidator, ValidatorError } from "../validation/index.js";
import { displayPath, valueAt } from "./json-pointer.js";

/** One problem with the arguments, as data: where, what was expected, what came. */
export interface ArgumentIssue {
  path: string;
  expected: string;
  received: string;
}

/** The problems validation found; `truncated` when it stopped at `MAX_ERRORS` and there may be more. */
export interface FoundIssues {
  issues: ArgumentIssue[];
  truncated: boolean;
}

/** Runs a precompiled validator; every problem is returned (up to `MAX_ERRORS`), never just the first. */
export function validateArguments(validate: CompiledValidator, args: unknown): FoundIssues {
  if (validate(args)) return { issues: [], truncated: false };
  const errors = validate.errors ?? [];
  return { issues: dedupeIssues(errors.map((e) => describeError(e, args))), truncated: errors.length >= MAX_ERRORS };
}

function describeError(error: ValidatorError, args: unknown): ArgumentIssue {
  const value = valueAt(args, error.instancePath);
  const path = error.instancePath;
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return { path: `${path}/${String(p.missingProperty)}`, expected: "a value (this property is required)", received: "nothing" };
    case "additionalProperties":
      return { path: `${path}/${String(p.additionalProperty)}`, expected: "no such property (it is not accepted here)", received: describeValue(valueAt(args, `${path}/${String(p.additionalProperty)}`)) };
    case "type":
      return { path, expected: article(String(p.type)), received: describeValue(value) };
    case "enum":
      return { path, expected: `one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`, received: describeValue(value) };
    case "const":
      return { path, expected: JSON.stringify(p.allowedValue), received: describeValue(value) };
    case "anyOf":
    case "oneOf":
      return { path, expected: "a value matching one of the allowed shapes", received: describeValue(value) };
    case "format":
      return { path, expected: `a string in ${String(p.format)} format`, received: describeValue(value) };
    case "pattern":
      return { path, expected: `a string matching ${String(p.pattern)}`, received: describeValue(value) };
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return { path, expected: `a number ${String(p.comparison)} ${String(p.limit)}`, received: describeValue(value) };
    case "multipleOf":
      return { path, expected: `a multiple of ${String(p.multipleOf)}`, received: describeValue(value) };
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "minProperties":
    case "maxProperties":
      return { path, expected: countOf(error.keyword, Number(p.limit)), received: describeValue(value) };
    case "uniqueItems":
      return { path, expected: `no duplicate items (items ${String(p.i)} and ${String(p.j)} are equal)`, received: describeValue(value) };
    case "not":
      return { path, expected: "a value of another shape (this one is excluded)", received: describeValue(value) };
    case "false schema":
      return { path, expected: "nothing (no value is allowed here)", received: describeValue(value) };
    default:
      return { path, expected: error.message ? `a value that ${error.message.replace("must NOT", "must not")}` : error.keyword, received: describeValue(value) };
  }
}

/** `minLength: 3` → "at least 3 characters"; `maxItems: 1` → "at most 1 item". */
function countOf(keyword: string, limit: number): string {
  const unit = keyword.endsWith("Length") ? "character" : keyword.endsWith("Items") ? "item" : "property";
  const units = limit === 1 ? unit : unit === "property" ? "properties" : `${unit}s`;
  return `${keyword.startsWith("min") ? "at least" : "at most"} ${limit} ${units}`;
}

function article(type: string): string {
  const names = type.split(",").map((t) => (t === "integer" ? "an integer" : t === "object" || t === "array" ? `an ${t}` : t === "null" ? "null" : `a ${t}`));
  return names.join(" or ");
}

/** A short, safe rendering of what the model sent (long values are cut). */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "an object";
  const json = JSON.stringify(value);
  const shown = json.length > 60 ? `${json.slice(0, 57)}...` : json;
  return `${typeof value === "string" ? "the string" : `the ${typeof value}`} ${shown}`;
}

function dedupeIssues(issues: ArgumentIssue[]): ArgumentIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.expected}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * At most this many problems are listed: enough for any call a model means to make, and a
 * bound on the message (and the context window it goes to) for one that sends thousands of
 * unknown properties.
 */
export const MAX_LISTED_ISSUES = 100;

/** The message a model reads to correct its call: every problem on its own line (up to `MAX_LISTED_ISSUES`, then how many more). */
export function formatIssues(name: string, { issues, truncated }: FoundIssues): string {
  const lines = issues.slice(0, MAX_LISTED_ISSUES).map((i) => `- ${displayPath(i.path)}: expected ${i.expected}, received ${i.received}`);
  if (issues.length > MAX_LISTED_ISSUES) lines.push(`- … and ${issues.length - MAX_LISTED_ISSUES} more`);
  const count = `${issues.length}${truncated ? " or more" : ""} problem${issues.length === 1 && !truncated ? "" : "s"}${truncated ? `; validation stopped after ${MAX_ERRORS}` : ""}`;
  return `Invalid arguments for '${name}' (${count}):\n${lines.join("\n")}`;
}

/** The `invalid_arguments` payload: the problems, as many as the message lists, how many were found, and whether validation stopped early. */
export function issuesPayload({ issues, truncated }: FoundIssues): { issues: ArgumentIssue[]; total?: number; truncated?: true } {
  const payload: { issues: ArgumentIssue[]; total?: number; truncated?: true } = issues.length > MAX_LISTED_ISSUES ? { issues: issues.slice(0, MAX_LISTED_ISSUES), total: issues.length } : { issues: [...issues] };
  if (truncated) payload.truncated = true;
  return payload;
}

/** One problem, for the checks made before validation (depth, the arguments' own type). */
export function singleIssue(issue: ArgumentIssue): FoundIssues {
  return { issues: [issue], truncated: false };
}
