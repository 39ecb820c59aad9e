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
