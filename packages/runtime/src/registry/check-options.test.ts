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
    expect(() => createRegistry({} as never)).toThrow("toolgen: createRegistry needs a list of definitions.");
    // Of the wrong kind, each would fail every call later ("format is not a function") or be ignored.
    expect(() => createRegistry([], { formats: { email: 5 } } as never)).toThrow("toolgen: the registry's options: 'formats' must be an object of functions; got an object.");
    expect(() => createRegistry([], { toolsetFactory: 5 } as never)).toThrow("'toolsetFactory' must be a function; got the number 5.");
    expect(() => createRegistry([], { host: { log: 5 } } as never)).toThrow("'host' must be an object of functions");
    expect(() => createRegistry([], { strict: "yes" } as never)).toThrow("'strict' must be a boolean");
    expect(() => createRegistry([], { workingDirectory: 5 } as never)).toThrow("'workingDirectory' must be a string");
    // null is no object, no function and no string.
    for (const key of ["values", "formats", "host", "toolsetFactory", "strict", "workingDirectory"]) expect(() => createRegistry([], { [key]: null } as never)).toThrow(`toolgen: the registry's options: '${key}' must be`);
    // A host may be a class: its methods are on its prototype, beside fields of its own.
    class Host {
      name = "ide";
      log() {}
    }
    expect(createRegistry([], { host: new Host(), formats: { email: () => true }, strict: false }).entries).toEqual([]);
  });

  it("a call with an unknown option is internal, and the tool does not run", async () => {
    let ran = false;
    const registry = createRegistry([]);
    registry.register({ name: "echo", description: "", fn: () => ((ran = true), "x") });
    expect(await registry.dispatch("echo", {}, { timeout: 1 } as never)).toEqual({ status: "error", error: { code: "internal", message: "the call's options have no 'timeout' (known: signal, timeoutMs, values, principal, host, meta, callId); 'echo' was not called." } });
    expect(await registry.dispatch("echo", {}, "nope" as never)).toMatchObject({ status: "error", error: { code: "internal" } });
    expect(await registry.dispatch("echo", {}, { signal: "x" } as never)).toEqual({ status: "error", error: { code: "internal", message: "the call's options: 'signal' must be an AbortSignal; got the string \"x\"; 'echo' was not called." } });
    expect(await registry.dispatch("echo", {}, { meta: 5 } as never)).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringContaining("the call's options: 'meta' must be an object") } });
    expect(await registry.dispatch("echo", {}, { callId: 5 } as never)).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringContaining("'callId' must be a string") } });
    for (const key of ["values", "meta", "host", "callId"]) expect(await registry.dispatch("echo", {}, { [key]: null } as never)).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringContaining(`the call's options: '${key}' must be`) } });
    expect(ran).toBe(false);
    expect(await registry.dispatch("echo", {}, { timeoutMs: 1000, meta: {}, callId: "c1" })).toEqual({ status: "ok", text: "x" });
  });
});
