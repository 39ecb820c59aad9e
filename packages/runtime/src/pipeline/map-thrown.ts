import { EndTask, ToolError, ToolExecutionError } from "../outcome/errors.js";
import { errorOutcome, type EndedOutcome, type ErrorOutcome } from "../outcome/outcome.js";
import { messageOf } from "./serialize-result.js";

/** Anything a tool throws, mapped to an outcome. Never throws itself. */
export function mapThrown(thrown: unknown): ErrorOutcome | EndedOutcome {
  if (thrown instanceof EndTask) return thrown.value === undefined ? { status: "ended" } : { status: "ended", value: toJson(thrown.value) };
  if (thrown instanceof ToolError) {
    const payload = toJson(thrown.payload);
    return errorOutcome("tool_error", thrown.message, payload);
  }
  if (thrown instanceof ToolExecutionError) return errorOutcome("execution_error", thrown.message);
  return errorOutcome("tool_error", messageOf(thrown));
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
