import { describe, expect, it } from "vitest";
import { errorOutcome, type Outcome } from "../outcome/outcome.js";
import { outcomeText, toAnthropicToolResult, toGeminiFunctionResponse, toOpenAiChatToolMessage, toOpenAiResponsesOutput } from "./results.js";

const ok: Outcome = { status: "ok", text: '{"v":1}', structured: { v: 1 } };
const toolError = errorOutcome("tool_error", "Not found", { path: "a.txt" });

describe("outcomes as the tool-result messages each provider takes back", () => {
  it("writes the text a model reads: the result, an error with its ToolError payload, an ended task, a suspended call", () => {
    expect(outcomeText(ok)).toBe('{"v":1}');
    expect(outcomeText(toolError)).toBe('Not found\n{"path":"a.txt"}');
    expect(outcomeText(errorOutcome("invalid_arguments", "Invalid arguments for 't' (1 problem):\n- /x: …", { issues: [] }))).toBe("Invalid arguments for 't' (1 problem):\n- /x: …");
    expect(outcomeText({ status: "ended", value: { done: true } })).toBe('{"done":true}');
    expect(outcomeText({ status: "ended" })).toBe("The task is complete.");
    expect(outcomeText({ status: "suspended", call: { id: "c1", name: "ask", arguments: {} } })).toBe("'ask' is executed by the host application; its result is given once the host has run it.");
  });

  it("refuses what is no outcome, naming it, rather than a message without content the provider would refuse", () => {
    const expected = /^toolgen: a tool result is made of an outcome, as a call returns it/;
    for (const wrong of [{}, "str", { status: "ok" }, { status: "error" }, null]) {
      expect(() => outcomeText(wrong as never)).toThrow(expected);
      expect(() => toOpenAiChatToolMessage("c1", wrong as never)).toThrow(expected);
      expect(() => toAnthropicToolResult("c1", wrong as never)).toThrow(expected);
    }
    expect(() => outcomeText({} as never)).toThrow("; got {}.");
    // Content that is no list of blocks is read as none: the text stands.
    expect(toAnthropicToolResult("c1", { status: "ok", text: "t", content: 5 } as never)).toEqual({ type: "tool_result", tool_use_id: "c1", content: "t" });
  });

  it("OpenAI Chat and Responses, Anthropic and Gemini each get their own shape, errors flagged where the API has a flag", () => {
    expect(toOpenAiChatToolMessage("call_1", ok)).toEqual({ role: "tool", tool_call_id: "call_1", content: '{"v":1}' });
    expect(toOpenAiResponsesOutput("call_2", toolError)).toEqual({ type: "function_call_output", call_id: "call_2", output: 'Not found\n{"path":"a.txt"}' });
    expect(toAnthropicToolResult("toolu_1", ok)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: '{"v":1}' });
    expect(toAnthropicToolResult("toolu_2", toolError)).toEqual({ type: "tool_result", tool_use_id: "toolu_2", content: 'Not found\n{"path":"a.txt"}', is_error: true });
    expect(toGeminiFunctionResponse("files_read", ok)).toEqual({ functionResponse: { name: "files_read", response: { result: { v: 1 } } } });
    expect(toGeminiFunctionResponse("files_read", { status: "ok", text: "hello" })).toEqual({ functionResponse: { name: "files_read", response: { result: "hello" } } });
    expect(toGeminiFunctionResponse("files_read", toolError)).toEqual({ functionResponse: { name: "files_read", response: { error: 'Not found\n{"path":"a.txt"}' } } });
    // The call's id, when Gemini gave one, tells apart parallel calls of one function.
    expect(toGeminiFunctionResponse("files_read", { status: "ok", text: "hello" }, "call-2")).toEqual({ functionResponse: { id: "call-2", name: "files_read", response: { result: "hello" } } });
  });

  it("Anthropic gets a result's images as image blocks, beside its text; an image type it does not take, and audio, as text", () => {
    const chart: Outcome = {
      status: "ok",
      text: "The chart: [image: image/png]",
      content: [
        { type: "text", text: "The chart:" },
        { type: "image", data: "iVBORw==", mimeType: "image/png" },
        { type: "image", data: "PHN2Zz4=", mimeType: "image/svg+xml" },
      ],
    };
    expect(toAnthropicToolResult("toolu_3", chart)).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_3",
      content: [
        { type: "text", text: "The chart:" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw==" } },
        { type: "text", text: "[image: image/svg+xml]" },
      ],
    });
    const svgOnly: Outcome = { status: "ok", text: "[image: image/svg+xml]", content: [{ type: "image", data: "PHN2Zz4=", mimeType: "image/svg+xml" }] };
    expect(toAnthropicToolResult("toolu_4", svgOnly).content).toBe("[image: image/svg+xml]");
  });

  it("the OpenAI Responses API gets a result's images as input_image items (data URLs), beside its text", () => {
    const chart: Outcome = { status: "ok", text: "The chart: [image: image/png]", content: [{ type: "text", text: "The chart:" }, { type: "image", data: "iVBORw==", mimeType: "image/png" }, { type: "image", data: "PHN2Zz4=", mimeType: "image/svg+xml" }] };
    expect(toOpenAiResponsesOutput("call_3", chart).output).toEqual([
      { type: "input_text", text: "The chart:" },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw==" },
      { type: "input_text", text: "[image: image/svg+xml]" },
    ]);
  });
});
