import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonEqual } from "./json-equal.js";
import { duplicateItems } from "./validator-support.js";

/** The definition: the first item equal to an earlier one, and the earliest of those. */
function pairwise(items: readonly unknown[]): [number, number] | undefined {
  for (let i = 1; i < items.length; i++) for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return [j, i];
  return undefined;
}

describe("duplicateItems (uniqueItems)", () => {
  it("finds the same pair as comparing every pair, on random JSON arrays with repeats", () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 4 }), (items, picks) => {
        // Repeat some items, re-created with their keys in another order, so equal is not identical.
        const repeated = [...items, ...picks.filter(() => items.length > 0).map((p) => reorder(items[p % items.length]))];
        expect(duplicateItems(repeated)).toEqual(pairwise(repeated));
      }),
      { numRuns: 1000 },
    );
  });

  it("treats objects as equal whatever their key order, numbers by value (0 and -0), and arrays and objects as different", () => {
    expect(duplicateItems([{ a: 1, b: [2, { c: 3 }] }, { b: [2, { c: 3 }], a: 1 }])).toEqual([0, 1]);
    expect(duplicateItems([0, -0])).toEqual([0, 1]);
    expect(duplicateItems([[], {}, "[]", "{}", 1, "1", true, "true", null, "null"])).toBeUndefined();
    expect(duplicateItems([{ __proto__: 1 }, JSON.parse('{"__proto__":1}'), JSON.parse('{"__proto__":1}')])).toEqual(pairwise([{ __proto__: 1 }, JSON.parse('{"__proto__":1}'), JSON.parse('{"__proto__":1}')]));
  });

  it("takes linear time: 500,000 distinct numbers cost about 10× what 50,000 do, not 100×", () => {
    const time = (n: number) => {
      const items = Array.from({ length: n }, (_, i) => i * 1.5);
      const started = performance.now();
      for (let round = 0; round < 3; round++) expect(duplicateItems(items)).toBeUndefined();
      return performance.now() - started;
    };
    time(50_000); // warm-up
    const small = Math.min(time(50_000), time(50_000));
    // The fastest of two on both sides: a collection or another process landing on one run is not the code's growth.
    const large = Math.min(time(500_000), time(500_000));
    expect(large / small).toBeLessThan(40);
  });
});

function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reorder(v)]));
  return value;
}
