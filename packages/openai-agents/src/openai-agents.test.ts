import { Agent, run, setTracingDisabled } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { createRegistry, image, text } from "@toolgen/runtime";
import { beforeAll, describe, expect, it } from "vitest";
import { shopRegistry } from "../../../test-support/shop-registry.js";
import { openAiAgentsTools } from "./index.js";

/** The OpenAI Agents SDK's own agent loop, driven by its ScriptedModel (no network). */
beforeAll(() => setTracingDisabled(true));

const calls: unknown[] = [];
const shop = () => shopRegistry(calls);

/** The text the model was given back for its call `callId` on the next turn. */
function outputFor(model: ScriptedModel, callId: string): string {
  const input = model.calls.at(-1)!.request.input as Array<{ type?: string; callId?: string; output?: unknown }>;
  const item = input.find((i) => i.type === "function_call_result" && i.callId === callId)!;
  const output = item.output as { text?: string } | string;
  return typeof output === "string" ? output : output.text ?? JSON.stringify(output);
}

describe("openAiAgentsTools", () => {
  it("projects every non-external tool, strict where the schema allows, approval only when asked", () => {
    const tools = openAiAgentsTools(shop());
    expect(tools.map((t) => [t.name, t.strict])).toEqual([["add_to_cart", true], ["out_of_stock", true], ["empty_cart", true]]);
    const approving = openAiAgentsTools(shop(), { approveDestructive: true });
    expect(approving.find((t) => t.name === "empty_cart")!.needsApproval).toBeTypeOf("function");
  });

  it("a valid call runs the tool through the registry, and the result goes back to the model", async () => {
    calls.length = 0;
    const model = new ScriptedModel([[functionCall("add_to_cart", { sku: "ABC-123", quantity: 2, gift: null }, { callId: "c1" })], [assistantMessage("Added.")]]);
    const callIds: unknown[] = [];
    const registry = shop().use(async (call, next) => (callIds.push(call.callId), next()));
    const result = await run(new Agent({ name: "shop", model, tools: openAiAgentsTools(registry) }), "Add two ABC-123.");
    expect(result.finalOutput).toBe("Added.");
    expect(calls).toEqual([{ sku: "ABC-123", quantity: 2 }]); // strict mode's null for an absent optional is removed
    expect(callIds).toEqual(["c1"]); // the model's id of the call, for telemetry's gen_ai.tool.call.id
    expect(JSON.parse(outputFor(model, "c1"))).toEqual({ added: "ABC-123", quantity: 2 });
  });

  it("invalid arguments: the model reads toolgen's invalid_arguments message, and the loop goes on", async () => {
    calls.length = 0;
    const model = new ScriptedModel([
      [functionCall("add_to_cart", { sku: "abc", quantity: 0, gift: null }, { callId: "c1" })],
      [functionCall("add_to_cart", { sku: "ABC-123", quantity: "3", gift: null }, { callId: "c2" })],
      [assistantMessage("Done.")],
    ]);
    const result = await run(new Agent({ name: "shop", model, tools: openAiAgentsTools(shop()) }), "Add some.");
    expect(result.finalOutput).toBe("Done.");
    const firstTurn = model.calls[1]!.request.input as Array<{ type?: string; callId?: string; output?: { text?: string } }>;
    const refused = firstTurn.find((i) => i.type === "function_call_result" && i.callId === "c1")!.output!.text!;
    expect(refused).toContain("Invalid arguments for 'add_to_cart' (2 problems)");
    expect(refused).toContain("/sku: expected a string matching ^[A-Z]{3}-\\d{3}$");
    expect(calls).toEqual([{ sku: "ABC-123", quantity: 3 }]); // "3" repaired to 3 by toolgen's lenient repairs
  });

  it("names tools as the SDK writes them (letters, digits and _): a kebab-case tool is called by that name; two it would write alike both stay callable", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "get-order", description: "Gets an order.", params: [{ name: "id", type: "string" }], fn: (args) => `order ${String(args.id)}` });
    const tools = openAiAgentsTools(registry);
    expect(tools.map((t) => t.name)).toEqual(["get_order"]);
    const model = new ScriptedModel([[functionCall("get_order", { id: "7" }, { callId: "c1" })], [assistantMessage("Done.")]]);
    await run(new Agent({ name: "orders", model, tools }), "Get order 7.");
    expect(outputFor(model, "c1")).toBe("order 7");

    registry.register({ name: "get_order", description: "Gets an order too.", params: [], fn: () => "the other" });
    const both = openAiAgentsTools(registry);
    const kebab = both.find((t) => t.description === "Gets an order.")!.name;
    expect(both.map((t) => t.name)).toEqual([kebab, "get_order"]);
    expect(kebab).toMatch(/^get_order_[0-9a-z]{6}$/);
    const twice = new ScriptedModel([[functionCall(kebab, { id: "8" }, { callId: "c1" }), functionCall("get_order", {}, { callId: "c2" })], [assistantMessage("Done.")]]);
    await run(new Agent({ name: "orders", model: twice, tools: both }), "Get both.");
    expect([outputFor(twice, "c1"), outputFor(twice, "c2")]).toEqual(["order 8", "the other"]);
  });

  it("an error names the tool as the model was offered it (notes.search as notes_search), the name it calls again with", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "notes.search", description: "Searches notes.", params: [{ name: "query", type: "string" }], fn: () => "found" });
    const model = new ScriptedModel([[functionCall("notes_search", { query: 3 }, { callId: "c1" })], [assistantMessage("Done.")]]);
    await run(new Agent({ name: "notes", model, tools: openAiAgentsTools(registry) }), "Search.");
    expect(outputFor(model, "c1")).toMatch(/^Invalid arguments for 'notes_search' \(1 problem\)/);
  });

  it("a tool's image reaches the model as an image", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "chart", description: "Draws the chart.", content: true, fn: () => [text("The chart:"), image(new Uint8Array([137, 80, 78, 71]), "image/png")] });
    const model = new ScriptedModel([[functionCall("chart", {}, { callId: "c1" })], [assistantMessage("Drawn.")]]);
    await run(new Agent({ name: "charts", model, tools: openAiAgentsTools(registry) }), "Draw.");
    const input = model.calls.at(-1)!.request.input as Array<{ type?: string; callId?: string; output?: unknown }>;
    const output = input.find((i) => i.type === "function_call_result" && i.callId === "c1")!.output as Array<{ type: string; text?: string; image?: unknown }>;
    expect(output.map((o) => o.type)).toEqual(["input_text", "input_image"]);
    expect(output[0]!.text).toBe("The chart:");
    expect(JSON.stringify(output[1])).toContain("data:image/png;base64,iVBORw==");
  });

  it("a tool that fails reaches the model as text with its payload, never as an exception that ends the run", async () => {
    const model = new ScriptedModel([[functionCall("out_of_stock", {}, { callId: "c1" })], [assistantMessage("Sorry.")]]);
    const result = await run(new Agent({ name: "shop", model, tools: openAiAgentsTools(shop()) }), "Buy.");
    expect(result.finalOutput).toBe("Sorry.");
    expect(outputFor(model, "c1")).toBe('no stock left\n{"sku":"ABC-123"}');
  });

  it("a view over the registry that throws (an expired session) does not end the run either: the model gets the SDK's answer, no internals", async () => {
    const registry = shop();
    const view = { entries: registry.entries, dispatch: () => Promise.reject(new Error("session expired at db-7:5432")) };
    const model = new ScriptedModel([[functionCall("out_of_stock", {}, { callId: "c1" })], [assistantMessage("Sorry.")]]);
    const result = await run(new Agent({ name: "shop", model, tools: openAiAgentsTools(view) }), "Buy.");
    expect(result.finalOutput).toBe("Sorry.");
    expect(outputFor(model, "c1")).toBe("An error occurred while running the tool. Please try again.");
  });
});
