import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

/** The output schema of `tool(): <returns>`, with every diagnostic. */
function outputOf(returns: string, prelude = "") {
  const source = `${prelude}\n/** Reads it.\n * @tool */\nexport declare function tool(): ${returns};\n`;
  const result = analyzeFiles({ "src/tools.ts": source }, "/virtual/read-output");
  return { schema: result.manifest.entries[0]?.outputSchema, diagnostics: result.diagnostics.map((d) => d.code) };
}

describe("the awaited return type", () => {
  it("is the type argument of TypeScript's Promise, however deep", () => {
    const object = { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false };
    expect(outputOf("Promise<{ a: string }>").schema).toEqual(object);
    expect(outputOf("Promise<Promise<{ a: string }>>").schema).toEqual(object);
    expect(outputOf("Promise<string>").schema).toEqual({ type: "string" });
  });

  it("awaits what a promise holds: promises in a union, and thenables of the user's", () => {
    expect(outputOf("Promise<string | Promise<number>>").schema).toEqual({ type: ["string", "number"] });
    const thenable = "interface Later { then(done: (value: { n: number }) => void): void }";
    expect(outputOf("Promise<Later>", thenable).schema).toEqual({ type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: false });
  });

  it("reads a Promise of the user's own (not TypeScript's) as it is written", () => {
    const { schema } = outputOf("Promise<string>", "interface Promise<T> { value: T }");
    expect(schema).toEqual({ type: "object", properties: { value: { type: "string" } }, required: ["value"], additionalProperties: false });
  });

  it("names an unconstrained type parameter as the user wrote it, not as the checker's Awaited<T>", () => {
    for (const signature of ["export declare function tool<T>(value: T): T;", "export declare function tool<T>(value: T): Promise<T>;", "export declare function tool<T>(value: T): Promise<T | null>;"]) {
      const source = `/** Echoes.\n * @tool\n * @param value what comes back */\n${signature}\n`;
      const messages = analyzeFiles({ "src/tools.ts": source }, "/virtual/read-output-generic").diagnostics.filter((d) => d.code === "TG2001").map((d) => d.message);
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message).toMatch(/^'T' cannot be carried in JSON \(a type parameter without a constraint has no schema\)/);
    }
  });

  it("awaits a type parameter constrained to a promise, as the runtime does", () => {
    for (const returns of ["T", "Promise<T>"]) {
      const source = `/** Reads it.\n * @tool */\nexport function tool<T extends Promise<{ a: string }>>(make: () => T): ${returns} {\n  return make();\n}\n`;
      const result = analyzeFiles({ "src/tools.ts": source }, "/virtual/read-output-thenable");
      expect(result.manifest.entries[0]?.outputSchema).toEqual({ type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false });
    }
  });
});

describe("a result of nothing but methods", () => {
  it("is TG2001 (JSON.stringify writes it as {}): a generator, an async generator, an iterator, a class of getters", () => {
    const prelude = "declare class Clock { get now(): number; tick(): void }";
    for (const returns of ["Generator<number>", "AsyncGenerator<number>", "IterableIterator<string>", "Clock"]) {
      const { diagnostics } = outputOf(returns, prelude);
      // TG1005: outputOf declares the tool without a body.
      expect(diagnostics.filter((code) => code !== "TG1005"), returns).toEqual(["TG2001"]);
    }
    const source = "/** Counts.\n * @tool */\nexport function* count(): Generator<number> {\n  yield 1;\n}\n";
    const [diagnostic] = analyzeFiles({ "src/tools.ts": source }, "/virtual/read-output-generator").diagnostics;
    expect(diagnostic?.message).toMatch(/^'Generator<number, any, any>' has only methods \(next, return, throw, \[Symbol\.iterator\]\), which JSON\.stringify writes as \{\}/);
  });

  it("is read as data when it has data too (the methods are left out, as JSON.stringify does)", () => {
    const { schema, diagnostics } = outputOf("Point", "declare class Point { x: number; length(): number }");
    expect(diagnostics.filter((code) => code !== "TG1005")).toEqual([]);
    expect(schema).toEqual({ type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false });
  });
});
