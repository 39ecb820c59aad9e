import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("numbers in constraint tags", () => {
  const schemaOf = (tags: string) => {
    const source = `
/**
 * Counts.
 * @tool
 * @param count How many.
 */
export function count(/** ${tags} */ count: number): void {}`;
    const result = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    return { diagnostics: result.diagnostics.map((d) => d.message), count: (result.manifest.entries[0]?.inputSchema as { properties: { count: object } } | undefined)?.properties.count };
  };

  it("are JavaScript's numbers with a sign of either kind, hexadecimal and binary ones too", () => {
    expect(schemaOf("@minimum -0x10 @maximum +0x10").count).toMatchObject({ minimum: -16, maximum: 16 });
    expect(schemaOf("@minimum -1.5e1 @maximum 0b101").count).toMatchObject({ minimum: -15, maximum: 5 });
  });

  it("refuse a doubled sign, a sign apart from its number, and what is no number", () => {
    for (const value of ["--5", "- 5", "+-5", "abc", "Infinity"]) {
      expect(schemaOf(`@minimum ${value}`).diagnostics).toEqual([`@minimum needs a finite number; got "${value}".`]);
    }
  });
});
