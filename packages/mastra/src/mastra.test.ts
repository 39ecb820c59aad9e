import { Agent } from "@mastra/core/agent";
import { MastraLanguageModelV2Mock } from "@mastra/core/test-utils/llm-mock";
import { image, text } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { shopRegistry } from "../../../test-support/shop-registry.js";
import { mastraTools } from "./index.js";

/** A Mastra Agent's own loop, driven by Mastra's mock model (no network). */
const calls: unknown[] = [];
const USAGE = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** A model that calls `name` with `input` on the first turn, then answers `text`. */
function scripted(name: string, input: Record<string, unknown>, text: string) {
  const turns = [
    { content: [{ type: "tool-call", toolCallId: "c1", toolName: name, input: JSON.stringify(input) }], finishReason: "tool-calls", usage: USAGE, warnings: [] },
    { content: [{ type: "text", text }], finishReason: "stop", usage: USAGE, warnings: [] },
  ];
  let turn = 0;
  return new MastraLanguageModelV2Mock({ doGenerate: async () => turns[turn++] as never });
}

/** What the model was given back for its call, on its second turn. */
function toolResult(model: MastraLanguageModelV2Mock): { type: string; value: unknown } {
  const message = model.doGenerateCalls[1]!.prompt.at(-1) as { role: string; content: Array<{ output: { type: string; value: unknown } }> };
  expect(message.role).toBe("tool");
  return message.content[0]!.output;
}

async function run(model: MastraLanguageModelV2Mock, registry = shopRegistry(calls)): Promise<string> {
  const agent = new Agent({ id: "shop", name: "shop", instructions: "Help.", model, tools: mastraTools(registry) });
  return (await agent.generate("Go.")).text;
}

describe("mastraTools", () => {
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
