import { EndTask, ToolError, ToolExecutionError } from "../outcome/errors.js";
import { errorOutcome, type EndedOutcome, type ErrorOutcome } from "../outcome/outcome.js";
import { messageOf, textOf } from "./serialize-result.js";

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
    return errorOutcome("tool_error", textOf(thrown.message), payload);
  }
  if (thrown instanceof ToolExecutionError) return errorOutcome("execution_error", textOf(thrown.message));
  if (thrown instanceof Error || typeof thrown === "string") return errorOutcome("tool_error", messageOf(thrown));
  return errorOutcome("tool_error", `The tool threw ${messageOf(thrown)} (not an Error).`);
}

/**
 * A payload as plain JSON, as much of it as can be carried: a `bigint` as its digits, a `Map`
 * as an object of its entries, a `Set` as an array, a value met again on its own path (a
 * cycle) as `"[Circular]"`. What still cannot be read becomes a message rather than a crash.
 */
function toJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  const path: unknown[] = [];
  function replacer(this: unknown, _key: string, v: unknown): unknown {
    // `this` is the holder of `v`: the path of ancestors is unwound back to it.
    while (path.length > 0 && path.at(-1) !== this) path.pop();
    if (typeof v === "bigint") return v.toString();
    if (v instanceof Map) v = Object.fromEntries([...v].map(([k, x]) => [String(k), x]));
    else if (v instanceof Set) v = [...v];
    if (typeof v === "object" && v !== null) {
      if (path.includes(v)) return "[Circular]";
      path.push(v);
    }
    return v;
  }
  try {
    const text = JSON.stringify(value, replacer);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return messageOf(value);
  }
}
