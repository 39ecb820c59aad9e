import { createRequire } from "node:module";
import type * as Recheck from "recheck";
import { isPlainlyLinear } from "./plainly-linear.js";

/** What a pattern can make the validator cost, per `recheck`. */
export type PatternVerdict =
  | { kind: "linear" }
  /** Super-linear: `degree` is undefined for exponential. `attack` is recheck's expression for a bad input. */
  | { kind: "slow"; complexity: string; degree: number | undefined; attack: string }
  | { kind: "unknown"; reason: string };

/**
 * recheck (https://makenowjust-labs.github.io/recheck/) decides whether a regular expression
 * can backtrack super-linearly, with an automaton analysis where it can and a seeded fuzzer
 * where it cannot. Its in-process JavaScript build is used (not the worker or the native
 * binary its main entry prefers): synchronous for the transformer, the same answer on every
 * platform, and with a fixed seed the same answer every run. Loaded on the first pattern
 * whose shape does not already show it linear: most builds have none.
 */
let checkSync: typeof Recheck.checkSync | undefined;
const verdicts = new Map<string, PatternVerdict>();

/**
 * The parameters of every check: a fixed seed, and the fuzzer's steps bounded by counts, not
 * by time (its default attack, incubation and seeding timeouts made a loaded machine's slower
 * runs read as slow backtracking: the same pattern passed or failed from one build to the
 * next); the whole check's time limit is well above what real patterns take.
 */
const PARAMS = { randomSeed: 42, timeout: 20_000, attackTimeout: null, incubationTimeout: null, seedingTimeout: null };

export function judgePattern(source: string): PatternVerdict {
  let verdict = verdicts.get(source);
  if (!verdict) verdicts.set(source, (verdict = judge(source)));
  return verdict;
}

function judge(source: string): PatternVerdict {
  if (isPlainlyLinear(source)) return { kind: "linear" };
  checkSync ??= (createRequire(import.meta.url)("recheck/lib/browser.js") as typeof Recheck).checkSync;
  let result: Recheck.Diagnostics;
  try {
    result = checkSync(source, "u", PARAMS);
  } catch (error) {
    return { kind: "unknown", reason: error instanceof Error ? error.message : String(error) };
  }
  switch (result.status) {
    case "safe":
      return { kind: "linear" };
    case "vulnerable": {
      const { complexity } = result;
      // Ours, not recheck's summary, which says "12nd degree".
      const polynomial = complexity.type === "polynomial";
      return { kind: "slow", complexity: polynomial ? `${ordinal(complexity.degree)} degree polynomial` : complexity.summary, degree: polynomial ? complexity.degree : undefined, attack: result.attack.pattern };
    }
    default:
      return { kind: "unknown", reason: result.error.kind === "timeout" ? "the check ran out of time" : `${result.error.kind}${"message" in result.error ? `: ${result.error.message}` : ""}` };
  }
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}
