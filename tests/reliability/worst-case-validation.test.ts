import { describe, expect, it } from "vitest";
import { createRegistry, formatLookup, compileSchema, type JsonSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import { ARGUMENT_BYTES, fastest, worstCases } from "../../scripts/bench/worst-case.mjs";
import { requestTool } from "../../test-support/request-tool.js";

/**
 * What an attacker can make validation cost: for every keyword, an argument as large as the
 * HTTP body limit allows (scripts/bench/worst-case.mjs), sent through the whole call pipeline
 * (depth guard, validation, lenient repairs, the error outcome). Validation must finish well under a second (the whole call, which
 * also copies a valid argument for the tool, within a second and a half), and the call in
 * time linear in the argument's size: an eighth of the argument must cost about an eighth of
 * the time (a growth test, not the timing of one value).
 */
const cases = worstCases();
const EVERY_FORMAT = formatLookup(ALL_FORMATS);

/** Validation slower than this at the body limit is not "well under a second" on this machine. */
const CEILING_MS = 500;
/** The whole call (validation, repairs, the outcome; a valid argument is also copied for the tool) may take this long. */
const CALL_CEILING_MS = 1500;
/**
 * The whole argument may cost at most this many times an eighth of it… (linear: 8, quadratic:
 * 64). The slack is for the collector and the caches: an eighth of a 4 MiB argument fits where
 * the whole does not. A Set of the whole's strings took 23.5× an eighth's in one CI run, and
 * "nesting at the depth guard", which copies two million arrays for the tool, 26–29× alone and
 * 34× in a CI run (the whole's copy outgrows the collector's young generation). Quadratic
 * growth still fails by more than half again.
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
    const small = await fastest(() => registry.dispatch("t", eighth));
    const large = await fastest(() => registry.dispatch("t", full));
    expect(large, `the call took ${large.toFixed(1)} ms at the body limit`).toBeLessThan(CALL_CEILING_MS);
    expect(large, `${small.toFixed(1)} ms for an eighth, ${large.toFixed(1)} ms for the whole`).toBeLessThan(GROWTH_LIMIT * Math.max(small, FLOOR_MS));
  }, 60_000);
});
