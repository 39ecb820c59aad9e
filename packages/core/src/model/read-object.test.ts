import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

/** The messages of one tool's diagnostics. */
function messages(source: string): string[] {
  return analyzeFiles({ "/fixture/main.ts": source }, "/fixture").diagnostics.map((d) => d.message);
}

describe("readObject's messages", () => {
  it("names at most five methods of a class, then how many more", () => {
    const source = `
export class Shape { w = 1; a(): void {} b(): void {} c(): void {} d(): void {} e(): void {} f(): void {} g(): void {} }
/** Draws. @tool */
export function draw(shape: Shape): void {}`;
    expect(messages(source)).toEqual([expect.stringContaining("'Shape' has methods (a, b, c, d, e and 2 more);")]);
  });

  it("reports a type parameter's {} constraint where it is written", () => {
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": "/** Keeps. @tool */\nexport function keep<T extends {}>(value: T): void {}\n" }, "/fixture");
    expect(diagnostics.map((d) => [d.line, d.column, d.message.slice(0, 30)])).toEqual([[2, 32, "'{}' admits any value but null"]]);
  });

  it("says what to use instead of {} and of an interface without properties", () => {
    const source = `
export interface Nothing {}
/** Sets. @tool */
export function set(a: {}, b: Nothing): void {}`;
    expect(messages(source)).toEqual([
      "'{}' admits any value but null and undefined, a string as well; use Record<string, never> for an empty object, object for any JSON object, or an interface with the data fields.",
      "'Nothing' has no properties, so it admits any value but null and undefined, a string as well; use Record<string, never> for an empty object, object for any JSON object, or an interface with the data fields.",
    ]);
  });
});
