import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { createRegistry } from "../registry/create-registry.js";
import type { ToolContext } from "../context/tool-context.js";
import { manifestEntry } from "../testing/manifest-entry.js";
import { compileSchema } from "../validation/compile-schema.js";
import { followSignal } from "./follow-signal.js";

describe("calls sharing the caller's signal", () => {
  it("add one listener to it however many run, abort together with it, and leave none behind", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const entry = manifestEntry("wait", { inputSchema: { type: "object", properties: {}, additionalProperties: false }, arguments: { mode: "request", parameters: [{ kind: "request" }, { kind: "context" }] } });
      const started: Array<() => void> = [];
      const wait = (_args: unknown, context: ToolContext) =>
        new Promise<string>((resolve) => {
          started.push(() => resolve("done"));
          context.signal.addEventListener("abort", () => resolve("stopped"));
        });
      const registry = createRegistry([{ entry, validate: compileSchema(entry.inputSchema), fn: wait as (...args: unknown[]) => unknown }]);
      const caller = new AbortController();
      const calls = Array.from({ length: 20 }, () => registry.call("wait", {}, { signal: caller.signal }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(getEventListeners(caller.signal, "abort")).toHaveLength(1);
      started[0]!();
      expect(await calls[0]).toMatchObject({ status: "ok", text: "done" });
      expect(getEventListeners(caller.signal, "abort")).toHaveLength(1);
      caller.abort();
      const outcomes = await Promise.all(calls.slice(1));
      expect(outcomes.map((o) => o.status === "error" && o.error.code)).toEqual(Array(19).fill("aborted"));
      expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("stop following it once every call has ended: the signal is left without a listener", () => {
    const caller = new AbortController();
    const first = new AbortController();
    const second = new AbortController();
    const unfollowFirst = followSignal(caller.signal, first);
    const unfollowSecond = followSignal(caller.signal, second);
    unfollowFirst();
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(1);
    unfollowSecond();
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
    caller.abort("late");
    expect([first.signal.aborted, second.signal.aborted]).toEqual([false, false]);
    // Followed again after that, and already aborted: the reason is passed on.
    const third = new AbortController();
    followSignal(caller.signal, third);
    expect(third.signal.reason).toBe("late");
  });
});
