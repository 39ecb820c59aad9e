import { errorOutcome, type ErrorOutcome, type OkOutcome, type PromptMessage } from "../outcome/outcome.js";
import { contentProblem, contentText } from "../content/read-content.js";
import { messageOf } from "../pipeline/serialize-result.js";

/**
 * A prompt function's result as messages: a string is one message with the prompt's role;
 * a list of messages passes through, each `{ role, content }` where content is a string or a
 * content block (`{ type: "text", text }`, an image, audio, an embedded resource or a link). Anything else is the prompt's mistake, reported as an
 * `execution_error` naming the item at fault.
 */
export function renderPrompt(name: string, result: unknown, role: "user" | "assistant"): OkOutcome | ErrorOutcome {
  if (typeof result === "string") return ok([{ role, content: { type: "text", text: result } }]);
  if (!Array.isArray(result)) return errorOutcome("execution_error", `The prompt '${name}' returned ${describe(result)}; a prompt returns a string or a list of messages.`);
  const messages: PromptMessage[] = [];
  for (const [i, item] of result.entries()) {
    const message = readMessage(item);
    if (!message) return errorOutcome("execution_error", `The prompt '${name}' returned a list whose item [${i}] is not a message: expected { role: "user" | "assistant", content: string | a content block }, received ${describe(item)}.`);
    messages.push(message);
  }
  return ok(messages);
}

function readMessage(item: unknown): PromptMessage | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const { role, content } = item as { role?: unknown; content?: unknown };
  if (role !== "user" && role !== "assistant") return undefined;
  if (typeof content === "string") return { role, content: { type: "text", text: content } };
  return contentProblem(content) === undefined ? { role, content: content as PromptMessage["content"] } : undefined;
}

function ok(messages: PromptMessage[]): OkOutcome {
  return { status: "ok", text: contentText(messages.map((m) => m.content)), messages };
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return `an object (${messageOf(value).slice(0, 60)})`;
  return `a ${typeof value}`;
}
