import { AIMessage, AIMessageChunk, HumanMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import type { StructuredTool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { createRegistry } from "@toolgen/runtime";
import { describe, expect, expectTypeOf, it } from "vitest";
import { shopRegistry } from "../../../test-support/shop-registry.js";
import { langchainTools } from "./index.js";

/** LangChain's own fake chat model (`bindTools`) and LangGraph's `ToolNode`: no network. */
const calls: unknown[] = [];
const shop = () => shopRegistry(calls);

function toolCall(name: string, args: Record<string, unknown>, id: string): AIMessage {
  return new AIMessage({ content: "", tool_calls: [{ name, args, id, type: "tool_call" }] });
}

/** The model's ids of the calls the registry ran (what `telemetry()` records as gen_ai.tool.call.id). */
const callIds: unknown[] = [];

async function runTools(message: AIMessage): Promise<ToolMessage[]> {
  const node = new ToolNode(langchainTools(shop().use(async (call, next) => (callIds.push(call.callId), next()))));
  const { messages } = (await node.invoke({ messages: [new HumanMessage("go"), message] })) as { messages: ToolMessage[] };
  return messages;
}

describe("langchainTools", () => {
  it("binds to a chat model as the tools' JSON Schemas (external tools left out)", () => {
    const model = new FakeStreamingChatModel({ toolStyle: "openai" });
    const bound = model.bindTools(langchainTools(shop())) as unknown as { config: { tools: Array<{ function: { name: string; parameters: unknown } }> } };
    expect(bound.config.tools.map((t) => t.function.name)).toEqual(["add_to_cart", "out_of_stock", "empty_cart"]);
    expect(bound.config.tools[0]!.function.parameters).toMatchObject({ type: "object", properties: { sku: { pattern: "^[A-Z]{3}-\\d{3}$" } }, required: ["sku", "quantity"] });
  });

  it("a model's valid call runs through the registry in a ToolNode, the result back as the tool message", async () => {
    calls.length = 0;
    const model = new FakeStreamingChatModel({ chunks: [new AIMessageChunk({ content: "", tool_calls: [{ name: "add_to_cart", args: { sku: "ABC-123", quantity: 2 }, id: "c1", type: "tool_call" }] })] });
    const reply = (await model.bindTools(langchainTools(shop())).invoke([new HumanMessage("Add two.")])) as AIMessage;
    callIds.length = 0;
    const [result] = await runTools(reply);
    expect(JSON.parse(result!.content as string)).toEqual({ added: "ABC-123", quantity: 2 });
    expect(calls).toEqual([{ sku: "ABC-123", quantity: 2 }]);
    expect(callIds).toEqual(["c1"]);
  });

  it("invoked directly with arguments, a tool answers the outcome's text, typed as such (no any)", async () => {
    const tool = langchainTools(shop()).find((t) => t.name === "add_to_cart")!;
    const answer = await tool.invoke({ sku: "ABC-123", quantity: 1 });
    expectTypeOf(answer).toEqualTypeOf<string | ToolMessage>();
    expect(JSON.parse(answer as string)).toEqual({ added: "ABC-123", quantity: 1 });
  });

  it("invalid arguments: toolgen's message, not LangChain's schema error; a numeric string is repaired", async () => {
    calls.length = 0;
    const [refused] = await runTools(toolCall("add_to_cart", { sku: "abc", quantity: 0 }, "c1"));
    expect(refused!.content).toContain("Invalid arguments for 'add_to_cart' (2 problems)");
    expect(refused!.content).not.toContain("did not match expected schema");
    const [repaired] = await runTools(toolCall("add_to_cart", { sku: "ABC-123", quantity: "3" }, "c2"));
    expect(JSON.parse(repaired!.content as string)).toEqual({ added: "ABC-123", quantity: 3 });
    expect(calls).toEqual([{ sku: "ABC-123", quantity: 3 }]);
  });

  it("an error names the tool as the model was offered it (notes.search as notes_search), the name it calls again with", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "notes.search", description: "Searches notes.", params: [{ name: "query", type: "string" }], fn: () => "found" });
    const [tool] = langchainTools(registry);
    expect(tool!.name).toBe("notes_search");
    const answer = (await tool!.invoke({ type: "tool_call", id: "t1", name: "notes_search", args: { query: 3 } })) as ToolMessage;
    expect(answer.content).toMatch(/^Invalid arguments for 'notes_search' \(1 problem\)/);
  });

  it("a failing tool is a tool message with its payload, of status error (what LangGraph routes on); the graph goes on", async () => {
    const messages: BaseMessage[] = await runTools(toolCall("out_of_stock", {}, "c1"));
    expect(messages.map((m) => [m.content, (m as ToolMessage).status])).toEqual([['no stock left\n{"sku":"ABC-123"}', "error"]]);
    const [refused, valid] = [...(await runTools(toolCall("add_to_cart", { sku: "abc", quantity: 0 }, "c2"))), ...(await runTools(toolCall("add_to_cart", { sku: "ABC-123", quantity: 1 }, "c3")))];
    expect([refused!.status, valid!.status]).toEqual(["error", "success"]);
  });

  it("{ strict: true } gives OpenAI strict-mode schemas: every property required, optional ones nullable", () => {
    const [addToCart] = langchainTools(shop(), { strict: true }) as unknown as Array<{ schema: { required: string[]; properties: { gift: { type: unknown } } } }>;
    expect(addToCart!.schema.required).toEqual(["sku", "quantity", "gift"]);
    expect(addToCart!.schema.properties.gift.type).toEqual(["boolean", "null"]);
  });

  describe("what ChatOpenAI sends OpenAI: each tool's own strict flag, false for a schema strict mode cannot express", () => {
    type Sent = { tools: Array<Record<string, unknown> & { name?: string; strict?: unknown; function?: { name: string; strict?: boolean; parameters: { properties: Record<string, unknown> } } }> };

    /** The request body of one `invoke`, through Chat Completions or the Responses API, answered locally. */
    async function sentTools(tools: StructuredTool[], responses: boolean, bindOptions?: { strict: boolean }): Promise<Sent["tools"]> {
      let sent: Sent | undefined;
      const fetch = async (_url: unknown, init: { body: string }) => {
        sent = JSON.parse(init.body) as Sent;
        const message = { type: "message", role: "assistant", id: "m", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] };
        const body = responses
          ? { id: "r", object: "response", created_at: 0, model: "m", status: "completed", output: [message], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } }
          : { id: "c", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }] };
        return Response.json(body);
      };
      const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", useResponsesApi: responses, configuration: { fetch } as never });
      await model.bindTools(tools, bindOptions).invoke("go");
      return sent!.tools;
    }

    function withAttributes() {
      const registry = shop();
      registry.register({ name: "set_attributes", description: "Sets free-form attributes.", params: [{ name: "attributes", schema: { type: "object", additionalProperties: { type: "string" } } }], fn: () => "set" });
      return registry;
    }
    const FLAGS = [["add_to_cart", true], ["out_of_stock", true], ["empty_cart", true], ["set_attributes", false]];

    it("Chat Completions, { strict: true }: the flag inside each function, and no key Chat Completions does not know", async () => {
      const tools = await sentTools(langchainTools(withAttributes(), { strict: true }), false);
      expect(tools.map((t) => [t.function!.name, t.function!.strict])).toEqual(FLAGS);
      expect(tools.map((t) => Object.keys(t).sort())).toEqual(FLAGS.map(() => ["function", "type"]));
      expect(tools[3]!.function!.parameters.properties.attributes).toEqual({ type: "object", additionalProperties: { type: "string" } });
    });

    it("the Responses API, { strict: true }: each tool's own flag, where LangChain alone would send strict: null (OpenAI's default, strict) for all", async () => {
      const tools = await sentTools(langchainTools(withAttributes(), { strict: true }), true);
      expect(tools.map((t) => [t.name, t.strict])).toEqual(FLAGS);
    });

    it("the Responses API, by default: strict: false for every tool, so a schema with an optional property is not refused as strict", async () => {
      const tools = await sentTools(langchainTools(withAttributes()), true);
      expect(tools.map((t) => t.strict)).toEqual([false, false, false, false]);
    });

    it("a strict given to bindTools still sets every flag on Chat Completions, without a key Chat Completions does not know", async () => {
      const tools = await sentTools(langchainTools(withAttributes(), { strict: true }), false, { strict: false });
      expect(tools.map((t) => [t.function!.strict, Object.keys(t).sort()])).toEqual(FLAGS.map(() => [false, ["function", "type"]]));
    });
  });
});
