import fc from "fast-check";
import { checkSync } from "recheck";
import { describe, expect, it } from "vitest";
import { isPlainlyLinear } from "./plainly-linear.js";

const recheckSays = (source: string) => checkSync(source, "u", { randomSeed: 42, timeout: 20_000 }).status;

describe("isPlainlyLinear", () => {
  it("knows the everyday patterns without recheck", () => {
    for (const pattern of [
      "^[a-z0-9-]+$",
      "^[A-Z]{3}-[0-9]{4}$",
      "^\\d{4}-\\d{2}-\\d{2}$",
      "^[0-9A-Z -]{3,10}$",
      "^(GET|POST|PUT)$",
      "^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$",
      "^https://\\S+$",
      "^\\p{Lu}[\\p{Ll}\\]]*?$",
      "[a-z]{1,5}",
      "^[ab]*b{20}c",
      "\\bcat\\b",
    ]) {
      expect(isPlainlyLinear(pattern), pattern).toBe(true);
    }
  });

  it("leaves to recheck what its shape does not show linear", () => {
    for (const pattern of [
      "^(a+)+$", // a repetition inside a repetition
      "a+b", // unanchored: each start repeats the scan
      "^a+a+$", // two unbounded repetitions
      "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
      "^(a|aa)+$", // a repeated group
      "^a+|b+", // a top-level alternative escapes the anchor
      "^(a|a){1,8}$", // 510 paths
      "^(\\d{1,3}\\.){3}\\d{1,3}$", // 81 paths of up to 15 characters
      // Counts beyond what recheck reads exactly, and long fixed runs: from each start, a run of
      // n characters costs n steps, so the time grows with the square of the input up to n.
      "a{100000}",
      "[\\s\\S]{50000}",
      "(?:(?:(?:a{100}){100}){100}){100}",
      "^[ab]*b{21}c",
      "^.*x{10000}$",
      "a{99999999999}",
      "[a-z]{300}",
      "^a*a{20}a{10}$", // counts past recheck's exact check
      // Ways to match that read nothing still cost a step each: 4,096 of them per character.
      `${"(?:|)".repeat(12)}\\B`,
      `^[a ]*${"(?:|)".repeat(12)}\\B`,
      "^(?:|){20}[ab]*$",
      `^[ab]{${"9".repeat(400)}}$`, // a count Number reads as Infinity is not "no upper bound"
      // Entering a group costs a step: the engine records each capture on every way through.
      `${"()".repeat(1000)}\\B`,
      `${"(?:()|)".repeat(8)}${"()".repeat(1000)}\\B`,
      "(\\w)\\1", // a backreference
      "^(?=a)\\w+$", // a lookahead
      "^(a+)$", // plain, but in a group: left to recheck
      "^a{2,1}$", // not a pattern at all
      "^\\-$", // an escape the u flag refuses
      "[a-z",
      "(a",
      "a)",
      `${"(".repeat(20_000)}a${")".repeat(20_000)}`, // deeper than the reader recurses
    ]) {
      expect(isPlainlyLinear(pattern), pattern.slice(0, 40)).toBe(false);
    }
  });

  it("says linear only where recheck says safe", () => {
    const atom = fc.constantFrom("a", "b", "[ab]", "[^a]", ".", "\\d", "\\w", "\\s");
    const quantifier = fc.constantFrom("", "", "?", "*", "+", "{2}", "{1,3}", "{0,4}", "{8}", "{5,15}", "{2,}", "*?", "+?");
    const { pattern } = fc.letrec<{ pattern: string; sequence: string; item: string }>((tie) => ({
      item: fc.oneof(
        { weight: 4, arbitrary: fc.tuple(atom, quantifier).map(([a, q]) => a + q) },
        { weight: 1, arbitrary: fc.tuple(fc.array(tie("sequence"), { minLength: 1, maxLength: 3 }), quantifier).map(([branches, q]) => `(?:${branches.join("|")})${q}`) },
      ),
      sequence: fc.array(tie("item"), { minLength: 1, maxLength: 4 }).map((items) => items.join("")),
      pattern: fc
        .tuple(fc.boolean(), fc.array(tie("sequence"), { minLength: 1, maxLength: 2 }), fc.boolean())
        .map(([start, branches, end]) => `${start ? "^" : ""}${branches.join("|")}${end ? "$" : ""}`),
    }));
    let plain = 0;
    fc.assert(
      fc.property(pattern, (source) => {
        if (!isPlainlyLinear(source)) return;
        plain++;
        expect(recheckSays(source), source).toBe("safe");
      }),
      { numRuns: 400, seed: 7 },
    );
    // The generator must reach the plain shapes, or the property says nothing.
    expect(plain).toBeGreaterThan(40);
  }, 120_000);
});
