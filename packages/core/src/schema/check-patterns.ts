import type { JsonSchema } from "@toolgen/runtime";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticSite } from "../diagnostics/diagnostic.js";
import { NUMERIC_KEY } from "../model/read-index-signatures.js";
import type { AnalysisState, PatternOrigin } from "../model/reader-context.js";
import { judgePattern, type PatternVerdict } from "./judge-pattern.js";

type SchemaObject = { [keyword: string]: unknown };

/**
 * How much backtracking per input character a pattern may cost: a pattern of polynomial
 * degree k on a string of at most L characters costs about L^k steps, L^(k-1) per character,
 * so a bounded body (4 MiB over HTTP) bounds the whole call. 256 steps per character keeps a
 * body-sized argument well under a second; it allows `@maxLength 256` on a quadratic pattern.
 */
const STEPS_PER_CHARACTER = 256;

/** The longest string a pattern of this polynomial degree may see. */
export function longestSafeLength(degree: number): number {
  return Math.floor(STEPS_PER_CHARACTER ** (1 / (degree - 1)) + 1e-9);
}

/**
 * Every pattern an input schema runs on arguments — `pattern` (from `@pattern` and template
 * literal types) and `patternProperties` keys — is checked for super-linear backtracking:
 * validation runs before the tool and outside its timeout, so a slow pattern lets one
 * argument block the process. A pattern passes when it is linear, when its string's
 * `maxLength` (checked before the pattern) keeps the polynomial cost per character within
 * `STEPS_PER_CHARACTER`, or when `@allowSlowPattern` accepts it.
 */
export function checkPatterns(state: AnalysisState, schema: JsonSchema, entry: DiagnosticSite): void {
  walk(schema, (pattern, maxLength, isKey) => {
    const origin = state.patternOrigins.get(pattern);
    // toolgen's own pattern of number keys is linear (each `\d*` meets one digit, then a fixed end), and recheck can only fuzz it, for seconds.
    if (origin?.allowed || pattern === NUMERIC_KEY) return;
    const verdict = judgePattern(pattern);
    const problem = describe(pattern, verdict, maxLength, isKey, origin?.template ?? false);
    if (!problem) return;
    for (const site of sitesOf(origin, maxLength, entry)) state.diagnostics.report(site, DiagnosticCode.SlowPattern, problem.message, problem.severity);
  });
}

/** Where to report a pattern used under `maxLength`: the sites that wrote that bound, else those that wrote none, else every site (or the entry when toolgen wrote it). */
function sitesOf(origin: PatternOrigin | undefined, maxLength: number | undefined, entry: DiagnosticSite): DiagnosticSite[] {
  const all = [...(origin?.sites ?? [])];
  if (all.length === 0) return [entry];
  for (const bound of [maxLength, undefined]) {
    const matching = all.filter(([, m]) => m === bound).map(([site]) => site);
    if (matching.length > 0) return matching;
  }
  return all.map(([site]) => site);
}

function describe(pattern: string, verdict: PatternVerdict, maxLength: number | undefined, isKey: boolean, template: boolean): { message: string; severity: "error" | "warning" } | undefined {
  const what = template ? `The template literal type's pattern ${pattern}` : `The pattern ${pattern}`;
  const allow = "or, if only trusted input reaches it, add @allowSlowPattern";
  if (verdict.kind === "unknown") {
    return { severity: "warning", message: `${what} could not be checked for slow backtracking (${verdict.reason}); bound it with @maxLength, simplify it, ${allow}.` };
  }
  if (verdict.kind === "linear") return undefined;
  const { degree } = verdict;
  const safeLength = degree === undefined ? undefined : longestSafeLength(degree);
  if (!isKey && maxLength !== undefined && safeLength !== undefined && maxLength <= safeLength) return undefined;
  const cost = `backtracks in ${verdict.complexity} time on inputs such as ${verdict.attack}, blocking every other call while it runs`;
  let fix: string;
  if (isKey) fix = `it is matched against every key of the object, which no @maxLength bounds: rewrite the key type, ${allow}`;
  else if (safeLength === undefined) fix = `rewrite it so that no part can match the same text in two ways (a repetition inside a repetition, overlapping alternatives), ${allow}`;
  else if (maxLength !== undefined) fix = `its @maxLength ${maxLength} still allows that; lower it to ${safeLength} or less (the length is checked before the pattern), rewrite the pattern, ${allow}`;
  else fix = `bound it with @maxLength ${safeLength} or less (the length is checked before the pattern), rewrite it, ${allow}`;
  return { severity: "error", message: `${what} ${cost}; ${fix}.` };
}

/**
 * What TG2008 would refuse in a schema toolgen did not analyze (a dependency's manifest, whose
 * patterns no build of this package checked): one message per slow pattern.
 */
export function slowPatterns(schema: JsonSchema): string[] {
  const found: string[] = [];
  walk(schema, (pattern, maxLength, isKey) => {
    if (pattern === NUMERIC_KEY) return;
    const problem = describe(pattern, judgePattern(pattern), maxLength, isKey, false);
    if (problem?.severity === "error") found.push(problem.message);
  });
  return found;
}

/** Calls `visit` for each pattern of the schema with the `maxLength` beside it. */
function walk(schema: unknown, visit: (pattern: string, maxLength: number | undefined, isKey: boolean) => void): void {
  if (typeof schema !== "object" || schema === null) return;
  if (Array.isArray(schema)) {
    for (const item of schema) walk(item, visit);
    return;
  }
  const s = schema as SchemaObject;
  if (typeof s.pattern === "string") visit(s.pattern, typeof s.maxLength === "number" ? s.maxLength : undefined, false);
  for (const keyword in s) {
    const value = s[keyword];
    if (typeof value !== "object" || value === null) continue;
    if (keyword === "patternProperties") for (const key in value) visit(key, undefined, true);
    if (keyword === "properties" || keyword === "patternProperties" || keyword === "$defs") {
      for (const name in value) walk((value as SchemaObject)[name], visit);
    } else if (SUBSCHEMAS.has(keyword)) walk(value, visit);
  }
}

const SUBSCHEMAS = new Set(["items", "prefixItems", "additionalProperties", "propertyNames", "anyOf", "oneOf", "allOf", "not"]);
