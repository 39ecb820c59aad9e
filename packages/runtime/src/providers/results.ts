import type { Content } from "../content/content.js";
import { contentText } from "../content/read-content.js";
import type { Outcome } from "../outcome/outcome.js";

/**
 * An outcome as the text a model reads in a tool result, the same for every provider (and as
 * the MCP adapter writes it): a result's text; an error's message (for invalid arguments, every
 * problem), then a `ToolError`'s payload as JSON; an ended task's value.
 * A suspended call is the host's to run: give the model the result of `registry.complete()`.
 */
export function outcomeText(outcome: Outcome): string {
  // What is no outcome (a tool's raw result, `{}`) failed on a property of nothing, or made a message without content the provider refuses.
  const o = outcome as { status?: unknown; text?: unknown; error?: { message?: unknown }; call?: { name?: unknown } } | null;
  const shaped = o?.status === "ok" ? typeof o.text === "string" : o?.status === "error" ? typeof o.error?.message === "string" : o?.status === "ended" || (o?.status === "suspended" && typeof o.call?.name === "string");
  if (!shaped) throw new TypeError(`toolgen: a tool result is made of an outcome, as a call returns it ({ status: "ok", text } or { status: "error", error: { code, message } }, …); got ${safeJson(outcome).slice(0, 80)}.`);
  switch (outcome.status) {
    case "ok":
      return outcome.text;
    case "error": {
      const { code, message, payload } = outcome.error;
      return code === "tool_error" && payload !== undefined ? `${message}\n${safeJson(payload)}` : message;
    }
    case "ended":
      return outcome.value === undefined ? "The task is complete." : typeof outcome.value === "string" ? outcome.value : safeJson(outcome.value);
    case "suspended":
      return `'${outcome.call.name}' is executed by the host application; its result is given once the host has run it.`;
  }
}

/** The message that answers an OpenAI Chat Completions tool call (`tool_calls[i].id`). */
export function toOpenAiChatToolMessage(toolCallId: string, outcome: Outcome): { role: "tool"; tool_call_id: string; content: string } {
  return { role: "tool", tool_call_id: toolCallId, content: outcomeText(outcome) };
}

/** The input item that answers an OpenAI Responses function call (its `call_id`); a result with images (JPEG, PNG, GIF, WebP) gives them as `input_image` items. */
export function toOpenAiResponsesOutput(callId: string, outcome: Outcome): { type: "function_call_output"; call_id: string; output: string | OpenAiResponsesOutputItem[] } {
  const output = outcome?.status === "ok" && Array.isArray(outcome.content) && outcome.content.some(isModelImage) ? outcome.content.map(responsesItem) : outcomeText(outcome);
  return { type: "function_call_output", call_id: callId, output };
}

/** An item of a Responses function call's output: text, or an image as a data URL. */
export type OpenAiResponsesOutputItem = { type: "input_text"; text: string } | { type: "input_image"; image_url: string };

function responsesItem(block: Content): OpenAiResponsesOutputItem {
  if (block.type === "image" && isModelImage(block)) return { type: "input_image", image_url: `data:${block.mimeType};base64,${block.data}` };
  return { type: "input_text", text: block.type === "text" ? block.text : contentText([block]) };
}

/** The content block that answers an Anthropic `tool_use` block (its `id`); failures are `is_error`; a result with images (JPEG, PNG, GIF, WebP) gives them as image blocks. */
export function toAnthropicToolResult(toolUseId: string, outcome: Outcome): { type: "tool_result"; tool_use_id: string; content: string | AnthropicResultBlock[]; is_error?: true } {
  const content = outcome?.status === "ok" && Array.isArray(outcome.content) && outcome.content.some(isModelImage) ? outcome.content.map(anthropicBlock) : outcomeText(outcome);
  const result = { type: "tool_result" as const, tool_use_id: toolUseId, content };
  return outcome.status === "error" ? { ...result, is_error: true } : result;
}

/** A block of an Anthropic tool result: text, or an image in a type the API takes. */
export type AnthropicResultBlock = { type: "text"; text: string } | { type: "image"; source: { type: "base64"; media_type: AnthropicImageType; data: string } };

/** The image types the Messages API takes. */
type AnthropicImageType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** The image types both Anthropic and OpenAI take in a tool result. */
const MODEL_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

function isModelImage(block: Content): boolean {
  return block.type === "image" && MODEL_IMAGE_TYPES.has(block.mimeType);
}

/** A content block as Anthropic takes it: an image it accepts as an image, anything else as its text. */
function anthropicBlock(block: Content): AnthropicResultBlock {
  if (block.type === "image" && isModelImage(block)) return { type: "image", source: { type: "base64", media_type: block.mimeType as AnthropicImageType, data: block.data } };
  return { type: "text", text: block.type === "text" ? block.text : contentText([block]) };
}

/**
 * The part that answers a Gemini `functionCall` (its `name`, as the model sent it, and its
 * `id` when it has one: what tells apart parallel calls of one function): `response` holds
 * `{ result }` — the structured content when there is one — or `{ error }`.
 */
export function toGeminiFunctionResponse(name: string, outcome: Outcome, id?: string): { functionResponse: { id?: string; name: string; response: Record<string, unknown> } } {
  const response = outcome?.status === "error" ? { error: outcomeText(outcome) } : { result: outcome?.status === "ok" && outcome.structured !== undefined ? outcome.structured : outcomeText(outcome) };
  return { functionResponse: { ...(id === undefined ? {} : { id }), name, response } };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
