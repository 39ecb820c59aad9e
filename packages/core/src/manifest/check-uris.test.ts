import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("checkUris: where a URI's problem is reported", () => {
  it("at the word that is wrong, also when the same text appears inside an earlier URI", () => {
    const source = "/**\n * The guide.\n * @resource docs://guide guide\n */\nexport function guide(): string {\n  return \"\";\n}\n";
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([["TG4004", 3, " * @resource docs://guide ".length + 1]]);
  });
});
