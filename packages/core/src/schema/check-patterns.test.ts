import { describe, expect, it, vi } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

// Every pattern judged slow: what is reported then is what checkPatterns asks judgePattern about.
vi.mock("./judge-pattern.js", () => ({ judgePattern: () => ({ kind: "slow", complexity: "2nd degree polynomial", degree: 2, attack: "'1'.repeat(9)" }) }));

describe("checkPatterns", () => {
  it("does not judge toolgen's own pattern of number keys, which the user cannot bound (TG2008 came and went with the machine's load)", () => {
    const source = `
/**
 * Totals.
 * @tool
 * @param counts Count per page.
 */
export function total(counts: { [page: number]: number }): number { return 0; }

/** A code. @pattern ^[a-z]+$ */
type Code = string;

/**
 * Finds.
 * @tool
 * @param code A code.
 */
export function find(code: Code): string { return code; }
`;
    const slow = analyzeFiles({ "src/tools.ts": source }, "/virtual/check-patterns").diagnostics.filter((d) => d.code === "TG2008");
    expect(slow.map((d) => d.message)).toEqual([expect.stringContaining("The pattern ^[a-z]+$ backtracks")]);
  });
});
