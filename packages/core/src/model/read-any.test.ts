import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("readAnyOrUnknown: a type the checker could not resolve", () => {
  const source = `
import type { Money } from "@nowhere/money";
/**
 * Pays.
 * @tool
 * @param amount How much.
 */
export function pay(amount: Money): void {}`;

  it("is an error naming it, in a strict build and with strict: false alike (no silent any)", () => {
    for (const strict of [true, false]) {
      const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture", { strict });
      expect(diagnostics.map((d) => [d.code, d.message])).toEqual([["TG2001", expect.stringMatching(/^'Money' could not be resolved \(a name or an import TypeScript cannot find/)]]);
    }
  });

  it("names the name that failed inside a larger type, and points at it, where tsc does", () => {
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source.replace("amount: Money)", "amount: Money[] | null)") }, "/fixture");
    expect(diagnostics.map((d) => [d.message.slice(0, 33), d.line, d.column])).toEqual([["'Money' could not be resolved (a ", 8, "export function pay(amount: ".length + 1]]);
  });

  it("is an error where it is the return type itself too, not a tool without an output schema", () => {
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source.replace("(amount: Money): void {}", "(amount: number): Money {\n  return amount as never;\n}") }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([["TG2001", 8, expect.stringMatching(/^'Money' could not be resolved/)]]);
  });
});
