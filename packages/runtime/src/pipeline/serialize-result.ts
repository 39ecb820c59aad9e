import { errorOutcome, type ErrorOutcome, type OkOutcome } from "../outcome/outcome.js";

/**
 * Strings are text; everything else is JSON text, and plain object results are also the
 * structured content. A result JSON cannot carry (circular, `bigint`) is an error outcome.
 */
export function serializeResult(result: unknown): OkOutcome | ErrorOutcome {
  if (typeof result === "string") return { status: "ok", text: result };
  if (result === undefined) return { status: "ok", text: "" };
  let text: string | undefined;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    return errorOutcome("execution_error", `The tool's result cannot be serialized as JSON: ${messageOf(error)}.`);
  }
  if (text === undefined) return errorOutcome("execution_error", `The tool returned a ${typeof result}, which JSON cannot carry.`);
  if (typeof result === "object" && result !== null && !Array.isArray(result)) {
    return { status: "ok", text, structured: JSON.parse(text) as Record<string, unknown> };
  }
  return { status: "ok", text };
}

/** The message of anything thrown, without ever throwing itself. */
export function messageOf(error: unknown): string {
  try {
    if (error instanceof Error) return error.message || error.name;
    if (typeof error === "string") return error;
    return JSON.stringify(error) ?? String(error);
  } catch {
    return "an unprintable value";
  }
}
