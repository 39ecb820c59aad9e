import { describe, expect, it } from "vitest";
import { createRegistry } from "../index.js";
import type * as errors from "./errors.js";
import { EndTask, ToolError, ToolExecutionError } from "./errors.js";

/** The same module loaded again, as a second copy of @toolgen/runtime (npm link, a global CLI) loads it. */
const another = "./errors.js?another-copy";
const other = (await import(/* @vite-ignore */ another)) as typeof errors;

describe("the errors a tool throws on purpose, from another copy of the runtime", () => {
  it("are instances of this copy's classes, each of its own only", () => {
    expect(other.ToolError).not.toBe(ToolError);
    expect(new other.ToolError("x") instanceof ToolError).toBe(true);
    expect(new other.ToolExecutionError("x") instanceof ToolExecutionError).toBe(true);
    expect(new other.EndTask() instanceof EndTask).toBe(true);
    expect(new other.ToolError("x") instanceof EndTask).toBe(false);
    expect(new Error("x") instanceof ToolError).toBe(false);
    expect((null as unknown) instanceof ToolError).toBe(false);
  });

  it("keep the usual check for a subclass", () => {
    class NotFound extends ToolError {}
    expect(new NotFound("x") instanceof NotFound).toBe(true);
    expect(new NotFound("x") instanceof ToolError).toBe(true);
    expect(new ToolError("x") instanceof NotFound).toBe(false);
    expect(new other.ToolError("x") instanceof NotFound).toBe(false);
  });

  it("keep their outcomes: a ToolError's payload, an EndTask's end", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "fail", description: "Fails.", fn: () => { throw new other.ToolError("No stock.", { left: 0 }); } });
    registry.register({ name: "finish", description: "Ends.", fn: () => { throw new other.EndTask({ done: true }); } });
    expect(await registry.call("fail", {})).toEqual({ status: "error", error: { code: "tool_error", message: "No stock.", payload: { left: 0 } } });
    expect(await registry.call("finish", {})).toEqual({ status: "ended", value: { done: true } });
  });
});
