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
