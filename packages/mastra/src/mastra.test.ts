import { Agent } from "@mastra/core/agent";
import { MastraLanguageModelV2Mock } from "@mastra/core/test-utils/llm-mock";
import { createRegistry, image, text } from "@toolgen/runtime";
import { email } from "@toolgen/runtime/formats";
import { aiSdkTools } from "@toolgen/runtime/providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shopRegistry } from "../../../test-support/shop-registry.js";
import { mastraTools } from "./index.js";

/** A Mastra Agent's own loop, driven by Mastra's mock model (no network). */
const calls: unknown[] = [];
const USAGE = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** A model that calls `name` with `input` on the first turn, then answers `text`; as `provider`'s model, whose schema rewrites Mastra applies. */
function scripted(name: string, input: Record<string, unknown>, text: string, provider?: string) {
  const turns = [
    { content: [{ type: "tool-call", toolCallId: "c1", toolName: name, input: JSON.stringify(input) }], finishReason: "tool-calls", usage: USAGE, warnings: [] },
    { content: [{ type: "text", text }], finishReason: "stop", usage: USAGE, warnings: [] },
  ];
  let turn = 0;
  return new MastraLanguageModelV2Mock({ ...(provider ? { provider, modelId: "gpt-5-mini" } : {}), doGenerate: async () => turns[turn++] as never });
}

/** The input schema the model was offered for `name`. */
function offered(model: MastraLanguageModelV2Mock, name: string): Record<string, unknown> {
  const tools = model.doGenerateCalls[0]!.tools as unknown as Array<{ name: string; inputSchema: Record<string, unknown> }>;
  return tools.find((t) => t.name === name)!.inputSchema;
}

/** Schemas zod cannot say: Mastra's own conversion of an AI SDK tool lost them. */
function catalog() {
  const registry = createRegistry([], { formats: { email } });
  registry.register({
    name: "tag_product",
    description: "Tags a product.",
    params: [
      { name: "attributes", schema: { type: "object", additionalProperties: { type: "string" } } },
      { name: "size", schema: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false, minItems: 2, maxItems: 2 } },
      { name: "owner", schema: { type: "string", format: "email", minLength: 3 } },
    ],
    fn: () => "tagged",
  });
  return registry;
}

/** What the model was given back for its call, on its second turn. */
function toolResult(model: MastraLanguageModelV2Mock): { type: string; value: unknown } {
  const message = model.doGenerateCalls[1]!.prompt.at(-1) as { role: string; content: Array<{ output: { type: string; value: unknown } }> };
  expect(message.role).toBe("tool");
  return message.content[0]!.output;
}

/**
 * OpenAI's Responses API as Mastra's own `openai/…` model reaches it, through `fetch`: each
 * request body is kept, and the answers are `turns`' output items in order.
 */
function openAiResponses(turns: unknown[][]): Array<{ tools: Array<Record<string, unknown>> }> {
  const bodies: Array<{ tools: Array<Record<string, unknown>> }> = [];
  vi.stubEnv("OPENAI_API_KEY", "sk-test");
  vi.stubGlobal("fetch", async (_url: string, init: { body: string }) => {
    bodies.push(JSON.parse(init.body) as (typeof bodies)[number]);
    const output = turns[bodies.length - 1];
    return Response.json({ id: `r${bodies.length}`, created_at: 1, model: "gpt-5-mini", output, usage: { input_tokens: 1, output_tokens: 1 } });
  });
  return bodies;
}

/**
 * Gemini as Mastra's own `google/…` model reaches it, through `fetch`: each request body is
 * kept, and the answers are `parts` in order.
 */
function gemini(parts: unknown[]): Array<{ tools: Array<{ functionDeclarations: Array<{ name: string; parameters?: Record<string, unknown> }> }> }> {
  const bodies: ReturnType<typeof gemini> = [];
  vi.stubEnv("GOOGLE_GENERATIVE_AI_API_KEY", "test");
  vi.stubGlobal("fetch", async (_url: string, init: { body: string }) => {
    bodies.push(JSON.parse(init.body) as (typeof bodies)[number]);
    return Response.json({ candidates: [{ content: { role: "model", parts: [parts[bodies.length - 1]] }, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 } });
  });
  return bodies;
}

/** The fields of Gemini's `Schema` (https://ai.google.dev/api/caching#Schema): it refuses any other. */
const GEMINI_FIELDS = new Set(["type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum"]);

/** Where Gemini would refuse a schema (failing the whole request): an unknown field, an `enum` on another type than a string, an array without one `items`. */
function geminiRefuses(schema: unknown, path = ""): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found = Object.keys(node).filter((k) => !GEMINI_FIELDS.has(k)).map((k) => `${path}/${k}: unknown field`);
  if (node.enum !== undefined && String(node.type).toLowerCase() !== "string") found.push(`${path}/enum: ${JSON.stringify(node.enum)} on type ${String(node.type)}`);
  if (String(node.type).toLowerCase() === "array" && (typeof node.items !== "object" || node.items === null || Array.isArray(node.items))) found.push(`${path}/items: missing`);
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) found.push(...geminiRefuses(child, `${path}/properties/${name}`));
  if (node.items !== undefined && !Array.isArray(node.items)) found.push(...geminiRefuses(node.items, `${path}/items`));
  if (Array.isArray(node.anyOf)) node.anyOf.forEach((m, i) => found.push(...geminiRefuses(m, `${path}/anyOf/${i}`)));
  return found;
}

async function run(model: MastraLanguageModelV2Mock, registry = shopRegistry(calls)): Promise<string> {
  const agent = new Agent({ id: "shop", name: "shop", instructions: "Help.", model, tools: mastraTools(registry) });
  return (await agent.generate("Go.")).text;
}

describe("mastraTools", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("gives every tool, the @external one without execute (Mastra hands its calls to the application)", () => {
    const tools = mastraTools(shopRegistry(calls)) as Record<string, { execute?: unknown }>;
    expect(Object.keys(tools)).toEqual(["add_to_cart", "out_of_stock", "empty_cart", "ask_user"]);
    expect(tools.ask_user!.execute).toBeUndefined();
    expect(tools.add_to_cart!.execute).toBeTypeOf("function");
  });

  it("a valid call runs through the registry (a numeric string repaired) and the result goes back to the model", async () => {
    calls.length = 0;
    const model = scripted("add_to_cart", { sku: "ABC-123", quantity: "2" }, "Added.");
    expect(await run(model)).toBe("Added.");
    expect(calls).toEqual([{ sku: "ABC-123", quantity: 2 }]);
    expect(toolResult(model)).toEqual({ type: "json", value: { added: "ABC-123", quantity: 2 } });
  });

  it("invalid arguments reach the model as toolgen's message, and the loop goes on", async () => {
    calls.length = 0;
    const model = scripted("add_to_cart", { sku: "abc", quantity: 0 }, "Let me fix that.");
    expect(await run(model)).toBe("Let me fix that.");
    expect(calls).toEqual([]);
    const result = toolResult(model);
    expect(result.type).toBe("error-text");
    expect(result.value).toContain("Invalid arguments for 'add_to_cart' (2 problems)");
  });

  it("a ToolError's payload reaches the model with its message, as in every other projection", async () => {
    const model = scripted("out_of_stock", {}, "Sorry.");
    expect(await run(model)).toBe("Sorry.");
    expect(toolResult(model)).toEqual({ type: "error-text", value: expect.stringContaining('no stock left\n{"sku":"ABC-123"}') });
  });

  it("the model is offered toolgen's JSON Schema as it is: a Record, a tuple, a format and a length kept", async () => {
    const registry = catalog();
    const model = scripted("tag_product", {}, "Done.");
    await run(model, registry);
    expect(offered(model, "tag_product")).toEqual(aiSdkTools(registry).tools.tag_product!.inputSchema.jsonSchema);
  });

  it("for an OpenAI model, the nulls Mastra's rewrite makes it send for absent optional arguments are dropped, even for a strict registry", async () => {
    calls.length = 0;
    const model = scripted("add_to_cart", { sku: "ABC-123", quantity: 2, gift: null }, "Added.", "openai.responses");
    expect(await run(model, shopRegistry(calls, { strict: true }))).toBe("Added.");
    // Mastra's rewrite, which makes the model send those nulls:
    expect(offered(model, "add_to_cart")).toMatchObject({ required: ["sku", "quantity", "gift"] });
    expect(calls).toEqual([{ sku: "ABC-123", quantity: 2 }]);
  });

  it("for an OpenAI model, a tool strict mode cannot say (a Record) is sent as it is with strict: false, and the model's entries reach the tool; the others' defaults are said in words", async () => {
    const received: unknown[] = [];
    const registry = createRegistry([]);
    registry.register({ name: "tag_product", description: "Tags a product.", params: [{ name: "attributes", schema: { type: "object", additionalProperties: { type: "string" } } }], fn: (args) => (received.push(args), "tagged") });
    registry.register({
      name: "rename",
      description: "Renames.",
      params: [
        { name: "to", schema: { type: "string", minLength: 1 } },
        { name: "note", schema: { type: "string", description: "A note.", default: "none" }, required: false },
        { name: "labels", schema: { type: "array", items: { type: "string" }, uniqueItems: true, title: "Labels", examples: [["a"]] }, required: false },
      ],
      fn: () => "renamed",
    });
    const bodies = openAiResponses([
      [{ type: "function_call", id: "f1", call_id: "c1", name: "tag_product", arguments: JSON.stringify({ attributes: { color: "red" } }), status: "completed" }],
      [{ type: "message", role: "assistant", id: "m1", content: [{ type: "output_text", text: "Tagged.", annotations: [] }] }],
    ]);
    const agent = new Agent({ id: "shop", name: "shop", instructions: "Help.", model: "openai/gpt-5-mini", tools: mastraTools(registry) });
    expect((await agent.generate("Tag it red.")).text).toBe("Tagged.");
    const [tagProduct, rename] = bodies[0]!.tools;
    // Mastra's strict rewrite would have made it `{ type: "object", additionalProperties: false, required: [] }`: no entry allowed.
    expect(tagProduct).toMatchObject({ name: "tag_product", strict: false, parameters: { properties: { attributes: { type: "object", additionalProperties: { type: "string" } } } } });
    // A tool strict mode can say keeps Mastra's rewrite (its nulls for absent arguments are dropped, as tested above).
    expect(rename).not.toHaveProperty("strict");
    expect(rename).toMatchObject({ parameters: { required: ["to", "note", "labels"] } });
    // Strict mode refuses `default`, which Mastra keeps: the model is told it in words.
    expect(JSON.stringify(rename)).not.toContain('"default"');
    expect(JSON.stringify(rename)).toContain('A note. (default: \\"none\\")');
    // And the keywords it refuses that Mastra keeps as they are; a length Mastra says in words itself.
    for (const keyword of ["uniqueItems", "title", "examples", "minLength"]) expect(JSON.stringify(rename)).not.toContain(`"${keyword}"`);
    expect(JSON.stringify(rename)).toContain("minimum length 1");
    expect(received).toEqual([{ attributes: { color: "red" } }]);
  });

  it("for an OpenAI model, an optional union (only anyOf, no type) is offered nullable, and the model's null for it reaches the tool as absent", async () => {
    const received: unknown[] = [];
    const registry = createRegistry([]);
    const card = { type: "object", properties: { method: { const: "card" }, last4: { type: "string" } }, required: ["method", "last4"], additionalProperties: false };
    const cash = { type: "object", properties: { method: { const: "cash" } }, required: ["method"], additionalProperties: false };
    registry.register({ name: "pay", description: "Pays.", params: [{ name: "amount", type: "number" }, { name: "payment", schema: { anyOf: [card, cash] }, required: false }], fn: (args) => (received.push(args), "paid") });
    const bodies = openAiResponses([
      [{ type: "function_call", id: "f1", call_id: "c1", name: "pay", arguments: JSON.stringify({ amount: 5, payment: null }), status: "completed" }],
      [{ type: "message", role: "assistant", id: "m1", content: [{ type: "output_text", text: "Paid.", annotations: [] }] }],
    ]);
    const agent = new Agent({ id: "shop", name: "shop", instructions: "Help.", model: "openai/gpt-5-mini", tools: mastraTools(registry) });
    expect((await agent.generate("Pay 5.")).text).toBe("Paid.");
    const parameters = bodies[0]!.tools[0]!.parameters as { required: string[]; properties: { payment: { anyOf: unknown[] } } };
    // Mastra's rewrite made it required; without its null branch a strict model would have had to invent a payment.
    expect(parameters.required).toEqual(["amount", "payment"]);
    expect(parameters.properties.payment.anyOf).toContainEqual({ type: "null" });
    expect(received).toEqual([{ amount: 5 }]);
  });

  it("for a Gemini model, with gemini: true, every schema is one Gemini takes, and its call reaches the tool as toolgen's arguments", async () => {
    const received: unknown[] = [];
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
    const call = { functionCall: { name: "tag_product", args: { level: "2", size: [3, 4], attributes: [{ key: "color", value: "red" }] } } };
    const plain = gemini([{ text: "Hm." }]);
    await new Agent({ id: "shop", name: "shop", instructions: "Help.", model: "google/gemini-2.5-flash", tools: mastraTools(registry) }).generate("Tag it.");
    // Without it, Mastra's conversion sends what Gemini refuses: the reason for the option.
    expect(geminiRefuses(plain[0]!.tools[0]!.functionDeclarations[0]!.parameters)).toEqual(expect.arrayContaining([expect.stringContaining("/properties/level/enum"), "/properties/size/items: missing"]));
    const bodies = gemini([call, { text: "Tagged." }]);
    const agent = new Agent({ id: "shop", name: "shop", instructions: "Help.", model: "google/gemini-2.5-flash", tools: mastraTools(registry, { gemini: true }) });
    expect((await agent.generate("Tag it.")).text).toBe("Tagged.");
    const parameters = bodies[0]!.tools[0]!.functionDeclarations[0]!.parameters;
    expect(geminiRefuses(parameters)).toEqual([]);
    expect(parameters).toMatchObject({ properties: { level: { type: "string", enum: ["1", "2", "3"] }, size: { type: "array", items: { type: "number" } }, note: { type: "string" } } });
    expect(received).toEqual([{ level: 2, size: [3, 4], attributes: { color: "red" } }]);
  });

  it("with approveDestructive, a @destructive tool waits for the application's approval: it does not run on the model's call", async () => {
    const ran: string[] = [];
    const registry = shopRegistry(calls);
    registry.register({ name: "wipe", description: "Wipes the cart for good.", annotations: { destructiveHint: true }, fn: () => (ran.push("wipe"), "wiped") });
    const model = scripted("wipe", {}, "Done.");
    const agent = new Agent({ id: "shop", name: "shop", instructions: "Help.", model, tools: mastraTools(registry, { approveDestructive: true }) });
    const output = await agent.generate("Go.");
    expect(ran).toEqual([]);
    expect(output.finishReason).toBe("suspended");
  });

  it("a tool that returns content blocks hands them to the model as parts (an image as an image)", async () => {
    const registry = shopRegistry(calls);
    registry.register({ name: "chart", description: "Draws the chart.", content: true, fn: () => [text("The chart:"), image(new Uint8Array([137, 80, 78, 71]), "image/png")] });
    const model = scripted("chart", {}, "Here it is.");
    expect(await run(model, registry)).toBe("Here it is.");
    const result = toolResult(model);
    expect(result.type).toBe("content");
    expect(result.value).toEqual([
      { type: "text", text: "The chart:" },
      expect.objectContaining({ data: "iVBORw==", mediaType: "image/png" }),
    ]);
  });
});
