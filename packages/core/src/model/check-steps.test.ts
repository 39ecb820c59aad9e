import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("@multipleOf and @integer against both kinds of bound", () => {
  const tool = (tags: string) => `
/**
 * Counts.
 * @tool
 * @param count How many.
 */
export function count(/** ${tags} */ count: number): void {}`;

  it("an inclusive and an exclusive bound on the same side leave the values between the tightest, not NaN", () => {
    for (const tags of ["@minimum 1 @exclusiveMinimum 0 @maximum 9 @multipleOf 1", "@minimum 1 @maximum 9 @exclusiveMaximum 10 @integer"]) {
      expect(analyzeFiles({ "/fixture/main.ts": tool(tags) }, "/fixture").diagnostics).toEqual([]);
    }
  });

  it("bounds that leave no multiple are still an error, naming the tightest of each pair", () => {
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": tool("@minimum 1 @exclusiveMinimum 0 @maximum 4 @exclusiveMaximum 5 @multipleOf 5") }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([["TG2004", "@multipleOf 5 leaves no valid value from 1 to 4."]]);
  });
});
