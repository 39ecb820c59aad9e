import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { ManifestEntry } from "../../manifest/manifest-format.js";
import { checkConformance } from "../conformance/check-conformance.js";
import { NameCollisionError } from "../names/name-map.js";
import { type ProviderId, projectTools, PROVIDERS } from "../project-tools.js";
import { projectAiSdk } from "./project-ai-sdk.js";
import { projectMcp } from "./project-mcp.js";
import { projectGemini } from "./project-gemini.js";
import { projectOpenAiChat, projectOpenAiResponses } from "./project-openai.js";
import { projectAnthropic } from "./project-anthropic.js";
import { createRegistry } from "../../registry/create-registry.js";
import { dispatchModelCall } from "../projection.js";

function tool(name: string, extra: Partial<ManifestEntry> = {}): ManifestEntry {
  return {
    kind: "tool",
    name,
    description: `The ${name} tool.`,
    implementation: { module: "dist/x.js", export: "x" },
    arguments: { mode: "request", parameters: [{ kind: "request" }] },
    inputSchema: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"], additionalProperties: false },
    source: { file: "src/x.ts", line: 1, column: 1 },
    ...extra,
  };
}

const long = `read_${"very_".repeat(20)}long_name`;
const entries = [
  tool("files.read"),
  tool(long),
  tool("old_tool", { deprecated: "use files.read" }),
  tool("send", { external: true }),
  { ...tool("a_prompt"), kind: "prompt" as const },
];

describe("what OpenAI and Anthropic refuse of a whole request", () => {
  it("a combinator at the root of the parameters ('at least one of', as registerSchema may be given) is left out, said as a warning; the registry still validates it", async () => {
    const inputSchema = { type: "object", properties: { title: { type: "string" }, body: { type: "string" } }, anyOf: [{ required: ["title"] }, { required: ["body"] }], additionalProperties: false };
    const either = tool("update_issue", { inputSchema });
    const projections = { openai: projectOpenAiChat([either]), "openai-strict": projectOpenAiChat([either], { strict: true }), anthropic: projectAnthropic([either]), "ai-sdk": projectAiSdk([either]), gemini: projectGemini([either]) };
    const sent = { openai: projections.openai.definitions[0]!.function.parameters, "openai-strict": projections["openai-strict"].definitions[0]!.function.parameters, anthropic: projections.anthropic.definitions[0]!.input_schema, "ai-sdk": projections["ai-sdk"].definitions[0]!.tool.inputSchema.jsonSchema, gemini: projections.gemini.definitions[0]!.parameters! };
    for (const [provider, parameters] of Object.entries(sent)) expect([provider, "anyOf" in parameters]).toEqual([provider, false]);
    expect(projections["openai-strict"].definitions[0]!.function.strict).toBe(true);
    expect(projections.anthropic.issues).toEqual([{ severity: "warning", tool: "update_issue", path: "", message: "'anyOf' at the root of a tool's parameters is refused by Anthropic: left out of what it is sent (the arguments are still validated against it)" }]);
    for (const provider of ["openai", "anthropic"] as const) expect(checkConformance(provider, provider === "openai" ? projections.openai.definitions : projections.anthropic.definitions)).toEqual([]);
    // What the model is no longer told is still the contract: a call with neither is refused.
    const registry = createRegistry([]);
    registry.registerSchema({ name: "update_issue", description: "Updates an issue.", parameters: inputSchema as never });
    expect(await registry.dispatch("update_issue", {})).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    expect((await registry.dispatch("update_issue", { title: "t" })).status).toBe("suspended");
  });

  it("strict mode leaves out a pattern with a lookaround, which OpenAI refuses, and says so", () => {
    const password = tool("set_password", { inputSchema: { type: "object", properties: { password: { type: "string", pattern: "^(?=.*\\d)[a-z0-9]+$" }, code: { type: "string", pattern: "^(?<area>\\d{3})$" } }, required: ["password", "code"], additionalProperties: false } });
    const projection = projectOpenAiChat([password], { strict: true });
    const parameters = projection.definitions[0]!.function.parameters as { properties: Record<string, { pattern?: string }> };
    expect([parameters.properties.password!.pattern, parameters.properties.code!.pattern]).toEqual([undefined, "^(?<area>\\d{3})$"]);
    expect(projection.issues.map((issue) => `${issue.path} ${issue.message}`)).toEqual(["/properties/password a pattern with a lookaround ((?=, (?!, (?<=, (?<!) is not supported in strict mode"]);
    expect(checkConformance("openai-strict", projection.definitions)).toEqual([]);
  });

  it("a function description OpenAI would refuse is said as a warning", () => {
    const wordy = tool("wordy", { description: "word ".repeat(300) });
    expect(projectOpenAiChat([wordy]).issues.map((issue) => issue.message)).toEqual(["its description is 1500 characters, and OpenAI has refused a request with a function description over 1024 (400 string_above_max_length): shorten it"]);
    // The AI SDK's tools may go to an OpenAI model.
    expect(projectAiSdk([wordy]).issues.map((issue) => issue.message)).toEqual(["its description is 1500 characters, and OpenAI has refused a request with a function description over 1024 (400 string_above_max_length): with an OpenAI model, shorten it"]);
    expect(checkConformance("openai", projectOpenAiChat([wordy]).definitions)).toEqual([{ tool: "wordy", path: "", rule: "description must be at most 1024 characters" }]);
  });
});

describe("argument names the Messages API refuses", () => {
  it("are sent under names it takes, said as warnings, and mapped back at call time", async () => {
    const odd = tool("odd_keys", {
      inputSchema: { type: "object", properties: { "filter[id]": { type: "string" }, filter_id_: { type: "string" }, $top: { type: "integer" }, ["x".repeat(70)]: { type: "boolean" }, plain: { type: "string" } }, required: ["filter[id]", "plain"], additionalProperties: false },
    });
    const projection = projectAnthropic([odd]);
    const schema = projection.definitions[0]!.input_schema;
    expect(Object.keys(schema.properties!)).toEqual(["filter_id__2", "filter_id_", "_top", "x".repeat(64), "plain"]);
    expect(schema.required).toEqual(["filter_id__2", "plain"]);
    expect(projection.issues.map((i) => [i.severity, i.path])).toEqual([["warning", "/properties/filter[id]"], ["warning", "/properties/$top"], ["warning", `/properties/${"x".repeat(70)}`]]);
    expect(checkConformance("anthropic", projection.tools)).toEqual([]);
    expect(checkConformance("anthropic", [{ name: "t", description: "", input_schema: { type: "object", properties: { "a b": {} } } }])).toEqual([{ tool: "t", path: "/properties/a b", rule: "property names must match ^[a-zA-Z0-9_.-]{1,64}$" }]);
    expect(projection.toCall("odd_keys", { filter_id__2: "7", filter_id_: "8", _top: 3, ["x".repeat(64)]: true, plain: "p" })).toEqual({ name: "odd_keys", arguments: { "filter[id]": "7", filter_id_: "8", $top: 3, ["x".repeat(70)]: true, plain: "p" } });
    // What is wrong is said by the names the model was offered.
    const registry = createRegistry([]);
    registry.registerSchema({ name: "odd_keys", description: "Odd keys.", inputSchema: odd.inputSchema });
    const outcome = await dispatchModelCall(registry, projectAnthropic(registry), "odd_keys", { _top: "x", plain: "p" });
    expect(outcome.status === "error" && [outcome.error.message, (outcome.error.payload as { issues: Array<{ path: string }> }).issues.map((i) => i.path)]).toEqual([
      "Invalid arguments for 'odd_keys' (2 problems):\n- /filter_id__2: expected a value (this property is required), received nothing\n- /_top: expected an integer, received the string \"x\"",
      ["/filter_id__2", "/_top"],
    ]);
  });
});

describe("more tools than OpenAI takes in a request", () => {
  it("is said on the list, which is still given whole; 128 is no issue", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => tool(`t${i}`));
    for (const project of [projectOpenAiChat, projectOpenAiResponses]) {
      const over = project(many(129), { strict: true });
      expect([over.definitions.length, over.issues]).toEqual([
        129,
        [{ severity: "warning", tool: "", path: "", message: "OpenAI takes at most 128 functions in a request, and 129 are projected: offer fewer (the registry's tags or allow list), or split them between agents" }],
      ]);
      expect(project(many(128)).issues).toEqual([]);
    }
  });
});

describe("projections over names every provider does not accept", () => {
  it.each(PROVIDERS)("%s: a conforming list whose names map back to ours", (provider) => {
    const projection = projectTools(provider, entries);
    expect(checkConformance(provider, projection.tools)).toEqual([]);
    // `toolgen serve` does not offer external tools, so neither does the `mcp` list.
    expect(projection.definitions).toHaveLength(provider === "mcp" ? 3 : 4);
    for (const [ours, theirs] of projection.names.pairs) {
      expect(projection.toCall(theirs, { path: "p" }).name).toBe(ours);
    }
  });

  it("renames for OpenAI and keeps dotted names for MCP", () => {
    expect(projectOpenAiResponses(entries).definitions.map((d) => d.name)).toEqual(["files_read", expect.stringMatching(/^read_very_.*_[0-9a-z]{6}$/), "old_tool", "send"]);
    expect(projectMcp(entries).definitions.map((d) => d.name)[0]).toBe("files.read");
  });

  it("keeps names within a shorter budget when the host adds its own prefix", () => {
    const projection = projectTools("openai", entries, { nameBudget: 20 });
    for (const [ours, theirs] of projection.names.pairs) {
      expect(theirs.length).toBeLessThanOrEqual(20);
      expect(projection.names.fromProvider(theirs)).toBe(ours);
    }
    expect(projectTools("openai", entries, { nameBudget: 3 }).names.pairs.every(([, theirs]) => theirs.length <= 16)).toBe(true);
  });

  it("tells the model a tool is deprecated", () => {
    const old = projectOpenAiResponses(entries).definitions.find((d) => d.name === "old_tool")!;
    expect(old.description).toBe("The old_tool tool.\n\nDeprecated: use files.read");
  });

  it("leaves out execute for an external tool in the AI SDK shape", () => {
    const { tools } = projectAiSdk(entries);
    expect(Object.keys(tools)).toEqual(["files_read", expect.any(String), "old_tool", "send"]);
    expect(tools.send!.execute).toBeUndefined();
  });

  it("maps OpenAI's JSON-string arguments and strict nulls back", () => {
    const strict = projectTools("openai-strict", entries);
    expect(strict.toCall("files_read", '{"path":"a","limit":null}')).toEqual({ name: "files.read", arguments: { path: "a" } });
    expect(strict.toCall("files_read", "")).toEqual({ name: "files.read", arguments: {} });
    expect(strict.toCall("files_read", "{broken")).toEqual({ name: "files.read", arguments: "{broken" });
    expect(strict.toCall("no_such_tool", "{}")).toEqual({ name: "no_such_tool", arguments: {} });
  });

  it("throws when two tools cannot be told apart", () => {
    const clash = [tool("a b"), tool("a_b"), tool(projectTools("openai", [tool("a b"), tool("a_b")]).names.toProvider("a b"))];
    expect(() => projectTools("openai", clash)).toThrow(NameCollisionError);
  });
});

describe("MCP: tuples that draft-07 validators read alike (the MCP SDK's client checks structured content with draft-07 Ajv)", () => {
  const pair = { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 1, maxItems: 2 };
  const [defined] = projectMcp([tool("t", { inputSchema: { type: "object", properties: { at: pair }, required: ["at"], additionalProperties: false }, outputSchema: pair })]).definitions;

  it("leaves out a tuple's items: false where maxItems says the same, in input and output schemas", () => {
    expect(defined!.outputSchema).toEqual({ type: "object", properties: { result: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1, maxItems: 2 } }, required: ["result"], additionalProperties: false });
    expect(defined!.inputSchema.properties).toEqual({ at: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1, maxItems: 2 } });
  });

  it("draft-07 accepts the tuples it refused before; 2020-12 still refuses what the tuple does not allow", () => {
    const draft07 = new Ajv({ strict: false }).compile(defined!.outputSchema!);
    expect(draft07({ result: ["a", 1] })).toBe(true);
    expect(new Ajv({ strict: false }).compile({ type: "object", properties: { result: pair } })({ result: ["a", 1] })).toBe(false);
    const draft2020 = new Ajv2020({ strict: false }).compile(defined!.outputSchema!);
    expect([draft2020({ result: ["a", 1] }), draft2020({ result: ["a"] }), draft2020({ result: ["a", 1, 2] }), draft2020({ result: [1, 1] })]).toEqual([true, true, false, false]);
  });
});

describe("dispatchModelCall: only the tools a request offered can be called", () => {
  it("runs an offered tool, and refuses a registry tool the projection left out, suggesting offered names", async () => {
    const registry = createRegistry([]);
    const ran: string[] = [];
    for (const name of ["read_file", "delete_file"]) registry.register({ name, description: name, params: [{ name: "path", type: "string" }], fn: () => { ran.push(name); return "done"; } });
    const offered = projectOpenAiChat(registry.entries.filter((e) => e.name === "read_file"));
    expect(await dispatchModelCall(registry, offered, "read_file", '{"path":"a"}')).toEqual({ status: "ok", text: "done" });
    expect(await dispatchModelCall(registry, offered, "delete_file", '{"path":"a"}')).toEqual({
      status: "error",
      error: { code: "unknown_tool", message: "There is no tool named 'delete_file' among the tools offered. Did you mean 'read_file'?", payload: { suggestions: ["read_file"] } },
    });
    expect(ran).toEqual(["read_file"]);
  });

  it("names the tool in an error as the model was offered it, which is the name it has to call again", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "notes.search", description: "Searches notes.", params: [{ name: "query", type: "string" }], fn: () => "found" });
    const offered = projectOpenAiChat(registry);
    const name = offered.definitions[0]!.function.name;
    expect(name).not.toBe("notes.search");
    const outcome = await dispatchModelCall(registry, offered, name, '{"query":3}');
    expect(outcome.status === "error" && outcome.error.message.split("\n")[0]).toBe(`Invalid arguments for '${name}' (1 problem):`);
    const cut = await dispatchModelCall(registry, offered, name, '{"query":');
    expect(cut.status === "error" && cut.error.message.split("\n")[0]).toBe(`Invalid arguments for '${name}' (1 problem):`);
    const aborted = await dispatchModelCall(registry, offered, name, '{"query":"a"}', { signal: AbortSignal.abort() });
    expect(aborted).toMatchObject({ status: "error", error: { code: "aborted", message: `The call to '${name}' was aborted before it started.` } });
    registry.register({ name: "notes.count", description: "Counts notes.", outputSchema: { type: "number" }, fn: () => "many" });
    const counted = projectOpenAiChat(registry);
    const count = counted.definitions.find((d) => d.function.name !== name)!.function.name;
    const wrong = await dispatchModelCall(registry, counted, count, "{}");
    expect(wrong).toMatchObject({ status: "error", error: { code: "execution_error", message: expect.stringContaining(`'${count}'`) } });
    expect(wrong.status === "error" && wrong.error.message).not.toContain("notes.count");
  });

  it("a Gemini call whose { key, value } list cannot be a map is refused in the terms the model was given, and nothing runs", async () => {
    const registry = createRegistry([]);
    const ran: unknown[] = [];
    registry.register({ name: "set_stock", description: "Sets stock.", params: [{ name: "counts", schema: { type: "object", additionalProperties: { type: "integer" } } }], fn: (args) => (ran.push(args), "set") });
    const gemini = projectGemini(registry);
    const problem = async (counts: unknown) => {
      const outcome = await dispatchModelCall(registry, gemini, "set_stock", { counts });
      return outcome.status === "error" ? [outcome.error.code, outcome.error.message] : outcome;
    };
    expect(await problem([{ key: "a", value: 1 }, { key: "a", value: 2 }])).toEqual(["invalid_arguments", "Invalid arguments for 'set_stock' (1 problem):\n- /counts/1/key: expected a key no other pair of the list has, received the string \"a\""]);
    expect(await problem([{ key: "a", value: 1 }, { name: "b", value: 2 }])).toEqual(["invalid_arguments", "Invalid arguments for 'set_stock' (1 problem):\n- /counts/1: expected a { key, value } pair: a string key and its value, received an object without \"key\""]);
    expect(ran).toEqual([]);
    expect(await dispatchModelCall(registry, gemini, "set_stock", { counts: [{ key: "a", value: 1 }] })).toEqual({ status: "ok", text: "set" });
    // A list inside a list: the path is the one the model sent, through the outer pair's value.
    registry.register({ name: "set_shelves", description: "Sets shelves.", params: [{ name: "shelves", schema: { anyOf: [{ type: "object", additionalProperties: { type: "object", additionalProperties: { type: "integer" } } }, { type: "null" }] } }], fn: () => "set" });
    const nested = await dispatchModelCall(registry, projectGemini(registry), "set_shelves", { shelves: [{ key: "x", value: [{ key: "y", value: 1 }, { key: "y", value: 2 }] }] });
    expect(nested.status === "error" && nested.error.message).toBe('Invalid arguments for \'set_shelves\' (1 problem):\n- /shelves/0/value/1/key: expected a key no other pair of the list has, received the string "y"');
  });

  it("a name that is no string (a Gemini call's name is optional) is an unknown tool, not a throw", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "read_file", description: "Reads.", fn: () => "done" });
    for (const name of [undefined, null, 42]) {
      expect(await dispatchModelCall(registry, projectOpenAiChat(registry), name as unknown as string, "{}")).toEqual({
        status: "error",
        error: { code: "unknown_tool", message: `There is no tool named '${String(name)}' among the tools offered.`, payload: { suggestions: [] } },
      });
    }
  });

  it("arguments that are not JSON (a cut-off call) are said to be so, and nothing runs", async () => {
    const registry = createRegistry([]);
    const ran: string[] = [];
    registry.register({ name: "read_file", description: "Reads.", params: [{ name: "path", type: "string" }], fn: () => (ran.push("read_file"), "done") });
    const outcome = await dispatchModelCall(registry, projectOpenAiChat(registry), "read_file", '{"path": "a');
    expect(outcome).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "", expected: "the arguments as a JSON object", received: 'text that is not JSON (the string "{\\"path\\": \\"a")' }] } } });
    expect(outcome.status === "error" && outcome.error.message).toBe(`Invalid arguments for 'read_file' (1 problem):\n- (root): expected the arguments as a JSON object, received text that is not JSON (the string "{\\"path\\": \\"a")`);
    expect(ran).toEqual([]);
  });

  it("arguments that are JSON but not an object are named for what they are, not called unparsable", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "read_file", description: "Reads.", params: [{ name: "path", type: "string" }], fn: () => "done" });
    const outcome = await dispatchModelCall(registry, projectOpenAiChat(registry), "read_file", '"x"');
    expect(outcome.status === "error" && outcome.error.message).toBe(`Invalid arguments for 'read_file' (1 problem):\n- (root): expected an object, received the string "x"`);
  });

  it("projectTools refuses a provider id it does not know, naming those it does", () => {
    expect(() => projectTools("bogus" as ProviderId, createRegistry([]))).toThrow("projectTools: the provider must be one of openai, openai-strict, openai-responses, openai-responses-strict, anthropic, gemini, mcp, ai-sdk; got 'bogus'.");
  });
});
