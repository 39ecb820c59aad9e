import { describe, expect, it } from "vitest";
import { createRegistry } from "./create-registry.js";

/** What plain JavaScript can pass that TypeScript would refuse: the misspelling must not mean "no timeout". */
describe("options a registry or a call cannot honour", () => {
  it("createRegistry throws naming an unknown key, or a hosts or values of the wrong kind", () => {
    expect(() => createRegistry([], { timeout: 100 } as never)).toThrow("toolgen: the registry's options have no 'timeout' (known: hosts, allow, tags, strict, timeoutMs, workingDirectory, values, toolsetFactory, formats, host).");
    expect(() => createRegistry([], { hosts: "ide" } as never)).toThrow("toolgen: the registry's options: 'hosts' must be a list of strings; got the string \"ide\".");
    expect(() => createRegistry([], { allow: "ech" } as never)).toThrow("'allow' must be a list of strings");
    expect(() => createRegistry([], { tags: ["a", 1] } as never)).toThrow("'tags' must be a list of strings");
    for (const timeoutMs of [0, -1, Number.NaN, "100"]) expect(() => createRegistry([], { timeoutMs } as never)).toThrow("the registry's options: 'timeoutMs' must be a positive number of milliseconds");
    expect(createRegistry([], { timeoutMs: Number.POSITIVE_INFINITY, hosts: ["ide"], allow: ["echo"], tags: ["t"] }).entries).toEqual([]);
    expect(() => createRegistry([], { values: "x" } as never)).toThrow("'values' must be an object");
    expect(() => createRegistry([], "strict" as never)).toThrow("toolgen: the registry's options must be an object");
  });

  it("a call with an unknown option is internal, and the tool does not run", async () => {
    let ran = false;
    const registry = createRegistry([]);
    registry.register({ name: "echo", description: "", fn: () => ((ran = true), "x") });
    expect(await registry.dispatch("echo", {}, { timeout: 1 } as never)).toEqual({ status: "error", error: { code: "internal", message: "the call's options have no 'timeout' (known: signal, timeoutMs, values, principal, host, meta, callId); 'echo' was not called." } });
    expect(await registry.dispatch("echo", {}, "nope" as never)).toMatchObject({ status: "error", error: { code: "internal" } });
    expect(await registry.dispatch("echo", {}, { signal: "x" } as never)).toEqual({ status: "error", error: { code: "internal", message: "the call's options: 'signal' must be an AbortSignal; got the string \"x\"; 'echo' was not called." } });
    expect(ran).toBe(false);
    expect(await registry.dispatch("echo", {}, { timeoutMs: 1000 })).toEqual({ status: "ok", text: "x" });
  });
});
