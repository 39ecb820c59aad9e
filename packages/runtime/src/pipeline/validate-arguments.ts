import { NUMBER_FORMAT_CHECKS } from "../validation/number-formats.js";
import { MAX_ERRORS, pointerSegment } from "../validation/validator-support.js";
import type { CompiledValidator, ValidatorError } from "../validation/index.js";
import { displayPath, valueAt } from "./json-pointer.js";

/** One problem with the arguments, as data: where, what was expected, what came. */
export interface ArgumentIssue {
  path: string;
  expected: string;
  received: string;
}

/** The problems validation found; `truncated` when it stopped at `MAX_ERRORS` and there may be more (the message then says "1000+ problems"). */
export interface FoundIssues {
  issues: ArgumentIssue[];
  truncated?: true;
}

/** Runs a validator; every problem is returned (up to `MAX_ERRORS`), never just the first. */
export function validateArguments(validate: CompiledValidator, args: unknown): FoundIssues {
  return validate(args) ? { issues: [] } : describeErrors(validate.errors ?? [], args);
}

/** The problems a failed validation of `args` reported (its `validate.errors`). */
export function describeErrors(errors: readonly ValidatorError[], args: unknown): FoundIssues {
  return { issues: dedupeIssues(errors.map((e) => describeError(e, args))), ...(errors.length >= MAX_ERRORS && { truncated: true }) };
}

function describeError(error: ValidatorError, args: unknown): ArgumentIssue {
  const path = error.instancePath;
  const p = error.params;
  if (error.keyword === "required") return { path: `${path}/${String(p.missingProperty)}`, expected: "a value (this property is required)", received: "nothing" };
  if (p.propertyName !== undefined) {
    // A key refused by `propertyNames` (a `Record<number, …>` given a word): the key is the problem, not its value.
    return { path: `${path}/${pointerSegment(String(p.propertyName))}`, expected: `a key that is ${expectedBy(error)}`, received: `the key ${JSON.stringify(p.propertyName)}` };
  }
  if (error.keyword === "additionalProperties") {
    const at = `${path}/${String(p.additionalProperty)}`;
    const patterns = p.patterns as string[] | undefined;
    const expected = patterns ? `no such property: a key here matches ${patterns.join(" or ")}` : "no such property (it is not accepted here)";
    return { path: at, expected, received: describeValue(valueAt(args, at)) };
  }
  return { path, expected: expectedBy(error), received: describeValue(valueAt(args, path)) };
}

/** What a failed keyword asked for, in words. */
function expectedBy(error: ValidatorError): string {
  const p = error.params;
  switch (error.keyword) {
    case "type":
      return article(String(p.type));
    case "enum":
      return `one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return JSON.stringify(p.allowedValue);
    case "anyOf":
    case "oneOf":
      return alternatives(error) ?? "a value matching one of the allowed shapes";
    case "format":
      return NUMBER_FORMAT_CHECKS[String(p.format)]?.expected ?? `a string in ${String(p.format)} format`;
    case "pattern":
      return `a string matching ${String(p.pattern)}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `a number ${String(p.comparison)} ${String(p.limit)}`;
    case "multipleOf":
      return `a multiple of ${String(p.multipleOf)}`;
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "minProperties":
    case "maxProperties":
      return countOf(error.keyword, Number(p.limit));
    case "uniqueItems":
      return `no duplicate items (items ${String(p.i)} and ${String(p.j)} are equal)`;
    case "not":
      return "a value of another shape (this one is excluded)";
    case "false schema":
      return "nothing (no value is allowed here)";
    default:
      return error.message ? `a value that ${error.message.replace("must NOT", "must not")}` : error.keyword;
  }
}

/**
 * What the union members that came equally close ask for, when each asks it of the value
 * itself: `the property "email", or the property "id"`; `a number <= 10, or a number >= 100`.
 */
function alternatives(error: ValidatorError): string | undefined {
  const members = error.params.members as ValidatorError[][] | undefined;
  if (!members?.every((own) => own.every((e) => e.instancePath === error.instancePath))) return undefined;
  const asked = (e: ValidatorError) =>
    e.keyword === "required" ? `the property ${JSON.stringify(e.params.missingProperty)}` : e.keyword === "additionalProperties" ? `no property ${JSON.stringify(e.params.additionalProperty)}` : expectedBy(e);
  // A member's first few asks: a value with a million unknown keys is not a message of a million.
  return members.map((own) => own.slice(0, 5).map(asked).join(" and ") + (own.length > 5 ? " and more" : "")).join(", or ");
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
  // JSON.parse reads a number beyond ±1.8e308 (`1e400`) as ±Infinity, which no JSON number is.
  if (typeof value === "number" && !Number.isFinite(value)) return `the number ${value}, which JSON cannot carry${Number.isNaN(value) ? "" : " (a number beyond ±1.8e308 reads as ±Infinity)"}`;
  // Not JSON.stringify: it writes NaN and Infinity as null, and nothing for a symbol or a function.
  const json = typeof value === "string" ? JSON.stringify(value) : String(value);
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
export function formatIssues(name: string, { issues, truncated }: FoundIssues, what = "Invalid arguments"): string {
  const n = issues.length;
  const lines = issues.slice(0, MAX_LISTED_ISSUES).map((i) => `- ${displayPath(i.path)}: expected ${i.expected}, received ${i.received}`);
  if (n > MAX_LISTED_ISSUES) lines.push(`- … and ${n - MAX_LISTED_ISSUES}${truncated ? "+" : ""} more`);
  return `${what} for '${name}' (${n}${truncated ? "+" : ""} problem${n === 1 && !truncated ? "" : "s"}):\n${lines.join("\n")}`;
}

/** The `invalid_arguments` payload: the problems, as many as the message lists, how many were found, and whether validation stopped early. */
export function issuesPayload({ issues, truncated }: FoundIssues): { issues: ArgumentIssue[]; total?: number; truncated?: true } {
  return { issues: issues.slice(0, MAX_LISTED_ISSUES), ...(issues.length > MAX_LISTED_ISSUES && { total: issues.length }), ...(truncated && { truncated }) };
}
