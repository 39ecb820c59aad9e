import { describe, expect, it } from "vitest";
import { checkConformance } from "./check-conformance.js";

describe("checkConformance: OpenAI's strict flag", () => {
  const parameters = { type: "object", properties: { q: { type: "string" } } };

  it("Chat Completions may leave it out (it defaults to false there)", () => {
    expect(checkConformance("openai", [{ type: "function", function: { name: "search", description: "Searches.", parameters } }])).toEqual([]);
  });

  it("the Responses API must state it (it defaults to true there)", () => {
    expect(checkConformance("openai-responses", [{ type: "function", name: "search", description: "Searches.", parameters }])).toEqual([
      { tool: "search", path: "", rule: "strict must be stated (the Responses API defaults it to true)" },
    ]);
  });
});
