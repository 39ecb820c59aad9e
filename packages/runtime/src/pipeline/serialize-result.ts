import { errorOutcome, type ErrorOutcome, type OkOutcome } from "../outcome/outcome.js";

/**
 * Strings are text; everything else is JSON text, and a result whose JSON is an object is also
 * the structured content. A result whose JSON is a string (a `Date`, anything with a `toJSON`
 * that gives one) is text as a string result is, not a quoted JSON string. A result JSON cannot
 * carry (circular, `bigint`) is an error outcome. `conform` (the output schema's, see
 * `conformResult`) sees the result as JSON first, and may refuse it or leave parts out.
 */
export function serializeResult(result: unknown, conform?: (json: unknown) => { value: unknown } | ErrorOutcome): OkOutcome | ErrorOutcome {
  if (typeof result === "string" || result === undefined) {
    const conformed = conform?.(result ?? null);
    if (conformed && "status" in conformed) return conformed;
    return { status: "ok", text: result ?? "" };
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    return errorOutcome("execution_error", `The tool's result cannot be serialized as JSON: ${messageOf(error)}.`);
  }
  if (text === undefined) return errorOutcome("execution_error", `The tool returned a ${typeof result}, which JSON cannot carry.`);
  if (!conform && (typeof result !== "object" || result === null || Array.isArray(result))) return { status: "ok", text };
  let value: unknown = JSON.parse(text);
  const conformed = conform?.(value);
  if (conformed) {
    if ("status" in conformed) return conformed;
    if (conformed.value !== value) text = JSON.stringify((value = conformed.value));
  }
  if (typeof value === "string") return { status: "ok", text: value };
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { status: "ok", text, structured: value as Record<string, unknown> } : { status: "ok", text };
}

/** The message of anything thrown, without ever throwing itself. */
export function messageOf(error: unknown): string {
  try {
    return textOf(error instanceof Error ? error.message || error.name : error);
  } catch {
    return UNPRINTABLE;
  }
}

const UNPRINTABLE = "an unprintable value";

/**
 * A value as the text of a message: a string as it is, anything else as its JSON. An error's
 * message is not always a string (`error.message = { code: 42 }`), and an outcome's message,
 * an MCP text block and a provider's tool message must be.
 */
export function textOf(value: unknown): string {
  try {
    if (typeof value === "string") return value;
    return JSON.stringify(value) ?? String(value);
  } catch {
    return UNPRINTABLE;
  }
}
