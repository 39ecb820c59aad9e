import { EndTask, ToolError, ToolExecutionError } from "../outcome/errors.js";
import { errorOutcome, type EndedOutcome, type ErrorOutcome } from "../outcome/outcome.js";
import { messageOf } from "./serialize-result.js";

/**
 * Anything a tool throws, mapped to an outcome. Never throws itself: a thrown Proxy whose
 * traps throw, or an object whose getters throw, still becomes a `tool_error`.
 */
export function mapThrown(thrown: unknown): ErrorOutcome | EndedOutcome {
  try {
    return mapKnown(thrown);
  } catch {
    return errorOutcome("tool_error", "The tool threw a value that cannot be read (its properties throw).");
  }
}

function mapKnown(thrown: unknown): ErrorOutcome | EndedOutcome {
  if (thrown instanceof EndTask) return thrown.value === undefined ? { status: "ended" } : { status: "ended", value: toJson(thrown.value) };
  if (thrown instanceof ToolError) {
    const payload = toJson(thrown.payload);
    return errorOutcome("tool_error", thrown.message, payload);
  }
  if (thrown instanceof ToolExecutionError) return errorOutcome("execution_error", thrown.message);
  if (thrown instanceof Error || typeof thrown === "string") return errorOutcome("tool_error", messageOf(thrown));
  return errorOutcome("tool_error", `The tool threw ${messageOf(thrown)} (not an Error).`);
}

/** A payload as plain JSON (what cannot be carried is dropped rather than crashing). */
function toJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return messageOf(value);
  }
}
