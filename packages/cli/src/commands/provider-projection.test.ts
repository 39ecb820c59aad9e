import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, REPO_ROOT, toolgen } from "../../../../test-support/temp-project.js";

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

describe("toolgen list/inspect --provider --host: the tools an application declaring those hosts sends", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("demo"));
    writeFileSync(
      path.join(dir, "src/ide.ts"),
      "/**\n * Opens a file in the editor.\n * @tool\n * @supportedFor ide\n */\nexport function openInEditor(file: string): string {\n  return file;\n}\n\n/**\n * Asks the user.\n * @tool\n * @external\n */\nexport declare function askUser(question: string): string;\n",
    );
  });
  afterAll(() => cleanup());
  const mcpNames = (...hosts: string[]) => {
    const run = toolgen(["list", "--provider", "mcp", ...hosts.flatMap((h) => ["--host", h])], dir);
    expect(run.status).toBe(0);
    return (JSON.parse(run.stdout) as Array<{ name: string }>).map((t) => t.name);
  };

  it("leaves out a @supportedFor tool unless its host is declared, as toolgen serve does", () => {
    expect(mcpNames()).not.toContain("open_in_editor");
    expect(mcpNames("ide")).toContain("open_in_editor");
    expect(mcpNames("ide")).not.toContain("ask_user"); // @external: an MCP server does not offer it
  });

  it("inspect says why a tool is not sent, instead of printing nothing", () => {
    const hidden = toolgen(["inspect", "open_in_editor", "--provider", "mcp"], dir);
    expect(hidden.status).toBe(1);
    expect(hidden.stderr).toBe("toolgen: 'open_in_editor' is not registered for an application that declares no host (@supportedFor/@excludedFor); pass the application's --host.\n");
    expect(toolgen(["inspect", "open_in_editor", "--provider", "mcp", "--host", "ide"], dir).status).toBe(0);
    const external = toolgen(["inspect", "ask_user", "--provider", "mcp"], dir);
    expect(external.status).toBe(1);
    expect(external.stderr).toContain("'ask_user' is @external: an MCP server does not offer it");
  });

  it("list without --provider marks the entries registered for some hosts only, and with --host lists what such an application registers", () => {
    const all = toolgen(["list"], dir);
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/^NAME +KIND +DESCRIPTION +PARAMETERS +CHARS +TOKENS +HOSTS$/m);
    expect(all.stdout).toMatch(/^open_in_editor +tool .* only ide$/m);
    expect(all.stdout).toMatch(/^convert_length +tool .* any$/m);
    const names = (...hosts: string[]) => (JSON.parse(toolgen(["list", "--json", ...hosts.flatMap((h) => ["--host", h])], dir).stdout) as Array<{ name: string }>).map((e) => e.name);
    expect(names()).toContain("open_in_editor");
    expect(names("web")).not.toContain("open_in_editor");
    expect(names("ide")).toContain("open_in_editor");
  });
});
