import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, toolgen } from "../../../../test-support/temp-project.js";

/** `list` and `inspect` analyze sources and write nothing, so they run on the fixture in place. */
const DEMO = path.join(REPO_ROOT, "fixtures/demo/tsconfig.json");

describe("toolgen list/inspect --provider", () => {
  it("prints exactly the Gemini tools value, and what it had to change on stderr", () => {
    const run = toolgen(["list", "--provider", "gemini", "-p", DEMO], REPO_ROOT);
    expect(run.status).toBe(0);
    const tools = JSON.parse(run.stdout) as Array<{ functionDeclarations: Array<{ name: string; parameters?: { type: string } }> }>;
    expect(tools).toHaveLength(1);
    expect(tools[0]!.functionDeclarations.map((d) => d.name)).toEqual(["days_between", "search_notes", "convert_length", "convert_temperature"]);
    expect(tools[0]!.functionDeclarations[0]!.parameters!.type).toBe("OBJECT");
  });

  it("prints one tool's OpenAI strict definition, optional arguments made nullable", () => {
    const run = toolgen(["inspect", "convert_length", "--provider", "openai-strict", "-p", DEMO], REPO_ROOT);
    expect(run.status).toBe(0);
    const tool = JSON.parse(run.stdout) as { type: string; function: { name: string; strict: boolean; parameters: { required: string[]; properties: Record<string, { type: unknown }> } } };
    expect(tool.type).toBe("function");
    expect(tool.function.strict).toBe(true);
    expect(tool.function.parameters.required).toEqual(["value", "from", "to", "precision"]);
    expect(tool.function.parameters.properties.precision!.type).toEqual(["number", "null"]);
  });

  it("refuses an unknown provider, naming the known ones", () => {
    const run = toolgen(["list", "--provider", "cohere", "-p", DEMO], REPO_ROOT);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--provider must be one of openai, openai-strict, openai-responses, openai-responses-strict, anthropic, gemini, mcp, ai-sdk; got 'cohere'.");
    expect(run.stdout).toBe("");
  });
});
