import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editDistance } from "@toolgen/runtime";
import { withinTwoEdits } from "./within-two-edits.js";

describe("withinTwoEdits", () => {
  it("says what the full edit distance says about two edits (property, names from a small alphabet so that many pairs are close)", () => {
    const name = fc.string({ unit: fc.constantFrom("a", "b", "c", "_"), maxLength: 12 });
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(withinTwoEdits(a, b)).toBe(editDistance(a, b) <= 2);
      }),
      { numRuns: 3000, seed: 20261201 },
    );
  });

  it("handles names longer than its buffers", () => {
    const long = "x".repeat(200);
    expect(withinTwoEdits(long, `${long}yz`)).toBe(true);
    expect(withinTwoEdits(long, `${long}xyz`)).toBe(false);
  });
});
