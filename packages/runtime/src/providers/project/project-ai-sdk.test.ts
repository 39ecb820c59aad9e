import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { image, text } from "../../content/content.js";
import { createRegistry } from "../../registry/create-registry.js";
import { aiSdkTools, type AiSdkTool } from "./project-ai-sdk.js";

describe("aiSdkTools: toModelOutput", () => {
  const registry = createRegistry([]);
  registry.register({ name: "chart", description: "Draws the chart.", content: true, fn: () => [text("The chart:"), image(new Uint8Array([137, 80, 78, 71]), "image/png")] });
  const chart = aiSdkTools(registry).tools.chart as AiSdkTool;

  it("takes the AI SDK's call ({ toolCallId, input, output }) and Mastra's (the output itself) alike", () => {
    const blocks = [text("The chart:"), image(new Uint8Array([137, 80, 78, 71]), "image/png")];
    const parts = [{ type: "text", text: "The chart:" }, { type: "image-data", data: "iVBORw==", mediaType: "image/png" }];
    expect(chart.toModelOutput!({ toolCallId: "c1", input: {}, output: blocks } as never)).toEqual({ type: "content", value: parts });
    expect(chart.toModelOutput!(blocks as never)).toEqual({ type: "content", value: parts });
  });

  it("an output that is no list of blocks (an ended task's value) reaches the model as text", () => {
    expect(chart.toModelOutput!("All done." as never)).toEqual({ type: "content", value: [{ type: "text", text: "All done." }] });
    expect(chart.toModelOutput!({ toolCallId: "c2", input: {}, output: { done: true } } as never)).toEqual({ type: "content", value: [{ type: "text", text: '{"done":true}' }] });
  });
});

describe("aiSdkTools: the parts of ai 7 or ai 6", () => {
  const blocks = [image(new Uint8Array([137, 80, 78, 71]), "image/png")];
  const chart = (options = {}) => {
    const registry = createRegistry([]);
    registry.register({ name: "chart", description: "Draws the chart.", content: true, fn: () => blocks });
    return aiSdkTools(registry, options).tools.chart as AiSdkTool;
  };
  const FILE = { type: "file", data: { type: "data", data: "iVBORw==" }, mediaType: "image/png" };
  const IMAGE_DATA = { type: "image-data", data: "iVBORw==", mediaType: "image/png" };

  it("ai 6's before any call, ai 7's for every output once a call came as ai 7 makes it (with context), a history's included", async () => {
    const tool = chart();
    expect(tool.toModelOutput!({ toolCallId: "old", output: blocks }).value).toEqual([IMAGE_DATA]);
    await tool.execute!({}, { toolCallId: "c1", context: undefined });
    expect(tool.toModelOutput!({ toolCallId: "old", output: blocks }).value).toEqual([FILE]);
  });

  it("ai 6's for calls as ai 6 makes them (experimental_context)", async () => {
    const tool = chart();
    await tool.execute!({}, { toolCallId: "c1", experimental_context: undefined });
    expect(tool.toModelOutput!({ toolCallId: "c1", output: blocks }).value).toEqual([IMAGE_DATA]);
  });

  it("aiMajor: 7 from the start (a server that sends a history back before any call)", () => {
    expect(chart({ aiMajor: 7 }).toModelOutput!({ toolCallId: "old", output: blocks }).value).toEqual([FILE]);
  });
});

/**
 * The AI SDK's own Google provider (@ai-sdk/google 4, for ai 7), its `fetch` answered
 * locally: it sends each tool's JSON Schema to Gemini as it is (`parametersJsonSchema`), so a
 * tuple keeps its items and a map its value type; and a call Gemini makes runs the tool.
 */
describe("aiSdkTools through @ai-sdk/google", () => {
  /** A tool of the shapes Gemini's OpenAPI subset cannot say as they are: a numeric enum, a tuple, a map, a nullable string. */
  function tagProduct(received: unknown[]) {
    const registry = createRegistry([]);
    registry.register({
      name: "tag_product",
      description: "Tags a product.",
      params: [
        { name: "level", schema: { enum: [1, 2, 3] } },
        { name: "size", schema: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false, minItems: 2, maxItems: 2 } },
        { name: "attributes", schema: { type: "object", additionalProperties: { type: "string" } } },
        { name: "note", schema: { type: ["string", "null"] }, required: false },
      ],
      fn: (args) => (received.push(args), "tagged"),
    });
    return registry;
  }

  /** `generateText` with Gemini, its `fetch` answered locally with `parts` in turn: the text, and the function declarations of the first request. */
  async function generate(tools: ToolSet, parts: unknown[]): Promise<{ text: string; declarations: Array<{ name: string; parametersJsonSchema?: unknown }> }> {
    const bodies: Array<{ tools?: Array<{ functionDeclarations: Array<{ name: string; parametersJsonSchema?: unknown }> }> }> = [];
    const fetch = async (_url: unknown, init: { body: string }) => {
      bodies.push(JSON.parse(init.body) as (typeof bodies)[number]);
      return Response.json({ candidates: [{ content: { role: "model", parts: [parts[bodies.length - 1]] }, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 } });
    };
    const result = await generateText({ model: createGoogleGenerativeAI({ apiKey: "test", fetch: fetch as never })("gemini-2.5-flash"), tools, prompt: "Tag it.", stopWhen: stepCountIs(3) });
    return { text: result.text, declarations: bodies[0]!.tools![0]!.functionDeclarations };
  }

  it("Gemini receives toolgen's JSON Schema unchanged, and its call runs the tool", async () => {
    const received: unknown[] = [];
    const registry = tagProduct(received);
    const { tools } = aiSdkTools<ToolSet>(registry);
    // @ts-expect-error The type named must be a set of tools: it types what aiSdkTools returns.
    void aiSdkTools<number>(registry);
    const { text, declarations } = await generate(tools, [{ functionCall: { name: "tag_product", args: { level: 2, size: [3, 4], attributes: { color: "red" } } } }, { text: "Tagged." }]);
    expect(text).toBe("Tagged.");
    expect(declarations[0]!.parametersJsonSchema).toEqual(registry.entries[0]!.inputSchema);
    expect(received).toEqual([{ level: 2, size: [3, 4], attributes: { color: "red" } }]);
  });

  it("with gemini, the schema is what Gemini takes in JSON Schema, and the model's strings and pairs reach the tool as the literals and the map", async () => {
    const received: unknown[] = [];
    const { tools, issues } = aiSdkTools<ToolSet>(tagProduct(received), { gemini: true });
    const { text, declarations } = await generate(tools, [{ functionCall: { name: "tag_product", args: { level: "2", size: [3, 4], attributes: [{ key: "color", value: "red" }], note: null } } }, { text: "Tagged." }]);
    expect(text).toBe("Tagged.");
    expect(declarations[0]!.parametersJsonSchema).toEqual({
      type: "object",
      properties: {
        level: { type: "string", enum: ["1", "2", "3"] },
        size: { type: "array", items: { type: "number" }, minItems: 2, maxItems: 2, description: "Items in this order: number, number." },
        attributes: { type: "array", items: { type: "object", properties: { key: { type: "string" }, value: { type: "string" } }, required: ["key", "value"] }, description: "A list of { key, value } pairs, one per entry." },
        note: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      required: ["level", "size", "attributes"],
    });
    expect(received).toEqual([{ level: 2, size: [3, 4], attributes: { color: "red" }, note: null }]);
    expect(issues.filter((i) => i.severity === "error")).toEqual([]);
  });

  it("with gemini, pairs naming a key twice are the model's mistake, said in its terms: the tool does not run", async () => {
    const received: unknown[] = [];
    const { tools } = aiSdkTools<ToolSet>(tagProduct(received), { gemini: true });
    const attributes = [{ key: "color", value: "red" }, { key: "color", value: "blue" }];
    const run = tools.tag_product!.execute!({ level: "2", size: [3, 4], attributes }, { toolCallId: "c1", messages: [], context: {} } as never);
    await expect(run).rejects.toThrow("- /attributes/1/key: expected a key no other pair of the list has, received the string \"color\"");
    expect(received).toEqual([]);
  });

  it("with gemini, a tool Gemini cannot take (a recursive type) is left out with an error, and a tool without parameters has an empty object", () => {
    const registry = createRegistry([]);
    registry.register({ name: "ping", description: "Pings.", fn: () => "pong" });
    const tree = { kind: "tool", name: "tree", description: "Walks a tree.", inputSchema: { type: "object", properties: { root: { $ref: "#/$defs/Node" } }, $defs: { Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } } } } } };
    const { tools, issues } = aiSdkTools({ entries: [tree as never, ...registry.entries], dispatch: registry.dispatch }, { gemini: true });
    expect(Object.keys(tools)).toEqual(["ping"]);
    expect(tools.ping!.inputSchema.jsonSchema).toEqual({ type: "object", properties: {} });
    expect(issues).toContainEqual(expect.objectContaining({ tool: "tree", severity: "error", message: expect.stringContaining("recursive type Node") }));
  });
});

describe("aiSdkTools: argument names", () => {
  it("an argument name Anthropic's Messages API refuses is a warning (the AI SDK sends it as it is); the tool is still offered", () => {
    const entry = { kind: "tool", name: "search", description: "Searches.", inputSchema: { type: "object", properties: { "filter[id]": { type: "string" }, query: { type: "string" } }, additionalProperties: false } };
    const { tools, issues } = aiSdkTools({ entries: [entry as never], dispatch: async () => ({ status: "ok", text: "" }) });
    expect(Object.keys(tools)).toEqual(["search"]);
    expect(issues).toEqual([{ tool: "search", severity: "warning", path: "/properties/filter[id]", message: expect.stringContaining("with an Anthropic model every request would fail") }]);
  });
});
