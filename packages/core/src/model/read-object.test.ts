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

describe("results as JSON.stringify writes them", () => {
  const outputOf = (source: string) => {
    const { manifest, diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics).toEqual([]);
    return (manifest.entries[0] as { outputSchema?: unknown }).outputSchema;
  };

  it("a value with toJSON is what its toJSON returns, also inside another result", () => {
    const money = "export class Money {\n  cents = 100;\n  toJSON(): string {\n    return `${this.cents / 100} EUR`;\n  }\n}\n";
    expect(outputOf(`${money}/** Prices. @tool */\nexport function price(): Money {\n  return new Money();\n}\n`)).toEqual({ type: "string" });
    expect(outputOf(`${money}/** Totals. @tool */\nexport function total(): { total: Money; lines: Money[] } {\n  return { total: new Money(), lines: [] };\n}\n`)).toMatchObject({
      properties: { total: { type: "string" }, lines: { type: "array", items: { type: "string" } } },
    });
  });

  it("a setter without a getter writes nothing: it is not in the result", () => {
    const schema = outputOf("/** Sets. @tool */\nexport function make(): { a: number; set v(x: number) } {\n  return { a: 1, set v(_x: number) {} };\n}\n") as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(["a"]);
    expect(schema.required).toEqual(["a"]);
  });

  it("reports a property an intersection's string index signature does not take: no value has that type", () => {
    const source = `
/** Tags. @tool */
export function tag(t: { name: string; count?: number } & Record<string, number>, fine: { n: number; m?: number } & Record<string, number | undefined>): void {}`;
    expect(messages(source)).toEqual([
      "'name' is string, which the index signature's number does not take: TypeScript allows '{ name: string; count?: number | undefined; } & Record<string, number>', but no value is one. Make the index signature's value type take it too.",
    ]);
  });
});

describe("a type from a dependency that JSON cannot carry", () => {
  it("is reported at the user's parameter, naming the dependency's property", () => {
    const { diagnostics } = analyzeFiles(
      {
        "/fixture/main.ts": 'import type { Settings } from "fakedep";\n/** Saves. @tool */\nexport function save(settings: Settings): void {}\n',
        "/fixture/node_modules/fakedep/package.json": JSON.stringify({ name: "fakedep", version: "1.0.0", types: "index.d.ts" }),
        "/fixture/node_modules/fakedep/index.d.ts": "export interface Inner { big: bigint }\nexport interface Settings { name: string; lookup: Map<string, number>; inner: Inner }\n",
      },
      "/fixture",
    );
    expect(diagnostics.map((d) => [d.line, d.message.slice(0, d.message.indexOf(" cannot"))])).toEqual([
      [3, "'Map<string, number>' at 'lookup'"],
      [3, "'bigint' at 'inner.big'"],
    ]);
  });
});
