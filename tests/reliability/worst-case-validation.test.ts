import { describe, expect, it } from "vitest";
import { createRegistry, formatLookup, compileSchema, type JsonSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import { ARGUMENT_BYTES, fastest, worstCases } from "../../scripts/bench/worst-case.mjs";
import { fastestTimes } from "../../test-support/own-time.js";
import { requestTool } from "../../test-support/request-tool.js";

/**
 * What an attacker can make validation cost: for every keyword, an argument as large as the
 * HTTP body limit allows (scripts/bench/worst-case.mjs), sent through the whole call pipeline
 * (depth guard, validation, lenient repairs, the error outcome). Validation must finish well under a second (the whole call, which
 * also copies a valid argument for the tool, within a second and a half), and the call in
 * time linear in the argument's size: an eighth of the argument must cost about an eighth of
 * the time, the collector's pauses left out (a growth test, not the timing of one value; the
 * ceilings bound the wall time, collections included).
 */
const cases = worstCases();
const EVERY_FORMAT = formatLookup(ALL_FORMATS);

/** Validation slower than this at the body limit is not "well under a second" on this machine. */
const CEILING_MS = 500;
/** The whole call (validation, repairs, the outcome; a valid argument is also copied for the tool) may take this long. */
const CALL_CEILING_MS = 1500;
/**
 * The whole argument may cost at most this many times an eighth of it… (linear: 8, quadratic:
 * 64). The slack is for the caches: an eighth of a 4 MiB argument fits where the whole does
 * not; a Set of the whole's strings takes up to 20× an eighth's. (With the collector's pauses
 * counted, "nesting at the depth guard", which copies two million arrays for the tool, took
 * 42× in a CI run.) Quadratic growth still fails by more than half again.
 */
const GROWTH_LIMIT = 40;
/** …measured above this floor, where timer resolution and noise stop mattering. */
const FLOOR_MS = 2;

describe.each([["compiled", (i: number) => compileSchema(cases[i]!.schema as JsonSchema, EVERY_FORMAT)]] as const)("worst-case arguments at the body limit, %s validator", (_label, validatorOf) => {
  it.each(cases.map((c, i) => [c.name, i] as const))("%s", async (_name, i) => {
    const { schema, argument } = cases[i]!;
    const validate = validatorOf(i);
    const registry = createRegistry([requestTool(schema as JsonSchema, validate, () => "ok")]);
    const full = argument(ARGUMENT_BYTES);
    const eighth = argument(ARGUMENT_BYTES / 8);
    expect(JSON.stringify(full).length).toBeLessThanOrEqual(ARGUMENT_BYTES);
    expect(JSON.stringify(full).length).toBeGreaterThan(ARGUMENT_BYTES * 0.6);
    const outcome = await registry.dispatch("t", full);
    expect(outcome.status).toMatch(/^(ok|error)$/);
    const validation = await fastest(() => validate(full));
    expect(validation, `validation took ${validation.toFixed(1)} ms at the body limit`).toBeLessThan(CEILING_MS);
    const small = (await fastestTimes(() => registry.dispatch("t", eighth))).own;
    const large = await fastestTimes(() => registry.dispatch("t", full));
    expect(large.wall, `the call took ${large.wall.toFixed(1)} ms at the body limit`).toBeLessThan(CALL_CEILING_MS);
    expect(large.own, `${small.toFixed(1)} ms for an eighth, ${large.own.toFixed(1)} ms for the whole (the collector's pauses left out)`).toBeLessThan(GROWTH_LIMIT * Math.max(small, FLOOR_MS));
  }, 60_000);
});
