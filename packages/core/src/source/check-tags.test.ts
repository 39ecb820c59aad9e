import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("checkTags", () => {
  it("a constraint written after @param in the function's doc comment names the parameter and shows the inline form", () => {
    const source = "/**\n * Charges.\n * @tool\n * @param amount How much. @multipleOf 0.01 @minimum 0\n */\nexport function charge(amount: number): void {}\n";
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["TG1002", "@multipleOf follows @param amount, but a tag in the function's doc comment is the function's, where it has no effect; write it in the parameter's own doc comment: (/** @multipleOf 0.01 */ amount: …), or on its type."],
      ["TG1002", "@minimum follows @param amount, but a tag in the function's doc comment is the function's, where it has no effect; write it in the parameter's own doc comment: (/** @minimum 0 */ amount: …), or on its type."],
    ]);
  });

  it("a constraint naming its parameter in the function's doc comment shows the inline form without the name", () => {
    const source = "/**\n * Listens.\n * @tool\n * @param port The port.\n * @param host The host.\n * @maximum port 1023\n */\nexport function listen(port: number, host: string): void {}\n";
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["TG1002", "@maximum port names a parameter, but a tag in the function's doc comment is the function's, where it has no effect; write it in the parameter's own doc comment: (/** @maximum 1023 */ port: …), or on its type."],
    ]);
  });

  it("@role and @mimeType on a toolset say where they belong: a prompt, a resource", () => {
    const source = "/**\n * Notes.\n * @toolset\n * @role assistant\n * @mimeType text/plain\n */\nexport class Notes {\n  /**\n   * Reads.\n   * @tool\n   */\n  read(): string {\n    return \"\";\n  }\n}\n";
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.filter((d) => d.code === "TG1002").map((d) => d.message)).toEqual(["@role has no effect on a @toolset class; it belongs on a prompt.", "@mimeType has no effect on a @toolset class; it belongs on a resource."]);
  });

  it("a tag of one value written twice is an error: the second would be dropped unseen", () => {
    const source = "/**\n * Notes.\n * @resource notes://{id}\n * @resource notes://index\n * @mimeType text/plain\n * @mimeType text/html\n */\nexport function notes(id?: string): string {\n  return id ?? \"\";\n}\n";
    const { diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ["TG1007", 4, "@resource appears twice, and only one of them is read; write every URI in one @resource tag (@resource notes://{id} notes://index)."],
      ["TG1007", 6, "@mimeType appears twice, and only one of them is read; keep one."],
    ]);
    const property = "export interface Q {\n  /** Y. @examples [\"c\"] @examples [\"d\"] @description one @description two */\n  y: string;\n}\n/**\n * Queries.\n * @tool\n * @param q The query.\n */\nexport function query(q: Q): string {\n  return q.y;\n}\n";
    expect(analyzeFiles({ "/fixture/main.ts": property }, "/fixture").diagnostics.map((d) => d.message)).toEqual(["@examples appears twice, and only one of them is read; keep one.", "@description appears twice, and only one of them is read; keep one."]);
    // A constraint per parameter in the function's comment is misplaced, not repeated: TG1002 alone.
    const constraints = "/**\n * Adds.\n * @tool\n * @param a One. @minimum 0\n * @param b Two. @minimum 1\n */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n";
    expect(analyzeFiles({ "/fixture/main.ts": constraints }, "/fixture").diagnostics.map((d) => d.code)).toEqual(["TG1002", "TG1002"]);
  });
});
