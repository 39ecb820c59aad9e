import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

describe("readProperty", () => {
  it("a property a mapped type's `as` clause renamed keeps the doc and constraints of the property it came from", () => {
    const source = [
      "export interface Account {",
      "  /** The id. @minLength 3 */ id: string;",
      "  /** Age in years. @minimum 0 @integer */ age?: number;",
      "}",
      "/**",
      " * Looks an account up by getters.",
      " * @tool",
      " * @param request The getters.",
      " */",
      "export function lookUp(request: { [K in keyof Account as `get_${K}`]: Account[K] }): string {",
      "  return JSON.stringify(request);",
      "}",
    ].join("\n");
    const { manifest, diagnostics } = analyzeFiles({ "main.ts": source }, "/remapped");
    expect(diagnostics).toEqual([]);
    // A request object: its properties are the arguments.
    const schema = manifest.entries[0]!.inputSchema as { properties: Record<string, unknown> };
    expect(schema.properties).toEqual({
      get_id: { description: "The id.", type: "string", minLength: 3 },
      get_age: { description: "Age in years.", type: "integer", minimum: 0 },
    });
  });
});
