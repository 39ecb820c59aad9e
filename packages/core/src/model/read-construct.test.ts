import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("readConstruct: a type left generic", () => {
  it("says it depends on a type parameter, for keyof T, T[K] and a conditional type", () => {
    const source = `
/**
 * Picks.
 * @tool
 */
export function pick<T extends { a: string; b: number }, K extends keyof T>(key: keyof T, value: T[K], flag: T extends { a: string } ? string : number): void {}`;
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["TG2001", expect.stringMatching(/^'keyof T' cannot be carried in JSON \(it depends on a type parameter/)],
      ["TG2001", expect.stringMatching(/^'T\[K\]' cannot be carried in JSON \(it depends on a type parameter/)],
      ["TG2001", expect.stringMatching(/^'T extends \{ a: string; \} \? string : number' cannot be carried in JSON \(it depends on a type parameter/)],
    ]);
  });
});
