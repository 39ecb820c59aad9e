import { describe, expect, it } from "vitest";
import { EndTask, ToolError, ToolExecutionError } from "../outcome/errors.js";
import { compileSchema } from "../validation/compile-schema.js";
import { ALL_FORMATS } from "../formats/all-formats.js";
import { createRegistry } from "./create-registry.js";
import type { JsonSchema } from "../manifest/manifest-format.js";
import type { EntryDefinition } from "./entry-definition.js";
import { manifestEntry } from "../testing/manifest-entry.js";

/** A registry with one tool `t` taking `{ x?: number }` and doing what `fn` does. */
function oneTool(fn: (args: Record<string, unknown>) => unknown, options: Parameters<typeof createRegistry>[1] = {}) {
  const registry = createRegistry([], options);
  registry.register({ name: "t", description: "test tool", params: [{ name: "x", type: "number", required: false }], fn });
  return registry;
}

describe("every outcome kind", () => {
  it("ok: a string result is the text", async () => {
    expect(await oneTool(() => "hello").dispatch("t", {})).toEqual({ status: "ok", text: "hello" });
  });

  it("ok: an object result is JSON text plus structured content", async () => {
    expect(await oneTool(() => ({ a: 1, b: [true] })).dispatch("t", {})).toEqual({ status: "ok", text: '{"a":1,"b":[true]}', structured: { a: 1, b: [true] } });
  });

  it("ok: numbers and arrays are JSON text without structured content; undefined is empty text", async () => {
    expect(await oneTool(() => 42).dispatch("t", {})).toEqual({ status: "ok", text: "42" });
    expect(await oneTool(() => [1, 2]).dispatch("t", {})).toEqual({ status: "ok", text: "[1,2]" });
    expect(await oneTool(() => undefined).dispatch("t", {})).toEqual({ status: "ok", text: "" });
  });

  it("ok: a result whose JSON is a string (a Date) is that string as text, not quoted, and not structured", async () => {
    expect(await oneTool(() => new Date("2024-01-01T00:00:00Z")).dispatch("t", {})).toEqual({ status: "ok", text: "2024-01-01T00:00:00.000Z" });
    expect(await oneTool(() => ({ toJSON: () => [1] })).dispatch("t", {})).toEqual({ status: "ok", text: "[1]" });
    expect(await oneTool(() => ({ toJSON: () => ({ a: 1 }) })).dispatch("t", {})).toEqual({ status: "ok", text: '{"a":1}', structured: { a: 1 } });
  });

  it("ended: EndTask ends the task with its value", async () => {
    expect(await oneTool(() => { throw new EndTask({ summary: "done" }); }).dispatch("t", {})).toEqual({ status: "ended", value: { summary: "done" } });
    expect(await oneTool(() => { throw new EndTask(); }).dispatch("t", {})).toEqual({ status: "ended" });
  });

  it("suspended: an external tool's call carries an id, the name and the validated arguments with defaults", async () => {
    const registry = createRegistry([]);
    registry.registerSchema({ name: "query_db", description: "Runs SQL.", parameters: { type: "object", properties: { sql: { type: "string" }, limit: { type: "number", default: 10 } }, required: ["sql"], additionalProperties: false } });
    const outcome = await registry.dispatch("query_db", { sql: "select 1" });
    expect(outcome).toEqual({ status: "suspended", call: { id: expect.stringMatching(/^query_db:[0-9a-f-]{36}$/), name: "query_db", arguments: { sql: "select 1" } } });
    // A caller that gave up already is not handed to the host to run for.
    expect(await registry.dispatch("query_db", { sql: "select 1" }, { signal: AbortSignal.abort() })).toEqual({ status: "error", error: { code: "aborted", message: "The call to 'query_db' was aborted before it started." } });
  });
});

describe("every error code", () => {
  it("invalid_arguments lists every problem with path, expected and received", async () => {
    const registry = createRegistry([]);
    registry.register({
      name: "t",
      description: "",
      params: [
        { name: "count", type: "integer" },
        { name: "unit", schema: { type: "string", enum: ["mm", "cm"] } },
        { name: "tags", schema: { type: "array", items: { type: "string" } } },
      ],
      fn: () => "",
    });
    const outcome = await registry.dispatch("t", { count: 1.5, unit: "kg", tags: ["a", 2], extra: true }, {});
    expect(outcome).toEqual({
      status: "error",
      error: {
        code: "invalid_arguments",
        message: [
          "Invalid arguments for 't' (4 problems):",
          "- /count: expected an integer, received the number 1.5",
          '- /unit: expected one of "mm", "cm", received the string "kg"',
          "- /tags/1: expected a string, received the number 2",
          "- /extra: expected no such property (it is not accepted here), received the boolean true",
        ].join("\n"),
        payload: {
          issues: [
            { path: "/count", expected: "an integer", received: "the number 1.5" },
            { path: "/unit", expected: 'one of "mm", "cm"', received: 'the string "kg"' },
            { path: "/tags/1", expected: "a string", received: "the number 2" },
            { path: "/extra", expected: "no such property (it is not accepted here)", received: "the boolean true" },
          ],
        },
      },
    });
  });

  it("invalid_arguments names the key patterns of an object whose keys are of a pattern (a template literal key), for a key none matches", async () => {
    const registry = createRegistry([]);
    const keyed = { type: "object", patternProperties: { "^user-\\d+$": { type: "string" } }, additionalProperties: false };
    registry.register({ name: "t", description: "", params: [{ name: "keyed", schema: keyed }], fn: () => "" });
    const outcome = await registry.dispatch("t", { keyed: { "user-1": "a", "user-x": "b" } }, {});
    expect(outcome).toMatchObject({ error: { payload: { issues: [{ path: "/keyed/user-x", expected: "no such property: a key here matches ^user-\\d+$", received: 'the string "b"' }] } } });
  });

  it("invalid_arguments names values JSON cannot carry as they are (Infinity, NaN, a symbol), never as null or a crash", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "t", description: "", params: [{ name: "n", type: "number" }, { name: "s", type: "string" }, { name: "f", type: "string" }], fn: () => "" });
    const outcome = await registry.dispatch("t", { n: Infinity, s: Symbol("s"), f: NaN });
    expect(outcome.status === "error" && outcome.error.payload).toEqual({
      issues: [
        { path: "/n", expected: "a number", received: "the number Infinity, which JSON cannot carry (a number beyond ±1.8e308 reads as ±Infinity)" },
        { path: "/s", expected: "a string", received: "the symbol Symbol(s)" },
        { path: "/f", expected: "a string", received: "the number NaN, which JSON cannot carry" },
      ],
    });
  });

  it("invalid_arguments says what each constraint keyword expected, in words", async () => {
    const registry = createRegistry([]);
    const schemas: Record<string, JsonSchema> = {
      min: { type: "number", minimum: 0 },
      below: { type: "number", exclusiveMaximum: 10 },
      step: { type: "number", multipleOf: 5 },
      short: { type: "string", maxLength: 1 },
      long: { type: "string", minLength: 3 },
      few: { type: "array", minItems: 2 },
      unique: { type: "array", uniqueItems: true },
      bag: { type: "object", maxProperties: 1 },
      int: { type: "integer", format: "int32" },
      never: { not: { type: "string" } },
      none: false,
      byNumber: { type: "object", propertyNames: { pattern: "^[0-9]+$" }, additionalProperties: { type: "string" } },
      byShortName: { type: "object", propertyNames: { maxLength: 2 } },
    };
    registry.register({ name: "t", description: "", params: Object.entries(schemas).map(([name, schema]) => ({ name, schema, required: false })), fn: () => "" });
    const outcome = await registry.dispatch("t", { min: -1, below: 10, step: 7, short: "ab", long: "a", few: [1], unique: [1, 2, 1], bag: { a: 1, b: 2 }, int: 2 ** 31, never: "s", none: 1, byNumber: { "1": "x", a: "y" }, byShortName: { abc: 1 } });
    expect(outcome.status === "error" && outcome.error.payload).toEqual({
      issues: [
        { path: "/min", expected: "a number >= 0", received: "the number -1" },
        { path: "/below", expected: "a number < 10", received: "the number 10" },
        { path: "/step", expected: "a multiple of 5", received: "the number 7" },
        { path: "/short", expected: "at most 1 character", received: 'the string "ab"' },
        { path: "/long", expected: "at least 3 characters", received: 'the string "a"' },
        { path: "/few", expected: "at least 2 items", received: "an array of 1 item" },
        { path: "/unique", expected: "no duplicate items (items 0 and 2 are equal)", received: "an array of 3 items" },
        { path: "/bag", expected: "at most 1 property", received: "an object" },
        { path: "/int", expected: "an integer from -2147483648 to 2147483647 (int32)", received: "the number 2147483648" },
        { path: "/never", expected: "a value of another shape (this one is excluded)", received: 'the string "s"' },
        { path: "/none", expected: "nothing (no value is allowed here)", received: "the number 1" },
        // A key `propertyNames` refuses is the problem, named at its own path.
        { path: "/byNumber/a", expected: "a key that is a string matching ^[0-9]+$", received: 'the key "a"' },
        { path: "/byShortName/abc", expected: "a key that is at most 2 characters", received: 'the key "abc"' },
      ],
    });
  });

  it("invalid_arguments for a union of objects without a tag: the problems of the member the value comes closest to, or what each member asks", async () => {
    const registry = createRegistry([], { formats: { email: ALL_FORMATS.email! } });
    const byEmail: JsonSchema = { type: "object", properties: { email: { type: "string", format: "email" } }, required: ["email"], additionalProperties: false };
    const byId: JsonSchema = { type: "object", properties: { id: { type: "integer", minimum: 1 } }, required: ["id"], additionalProperties: false };
    const size: JsonSchema = { anyOf: [{ type: "number", maximum: 10 }, { type: "number", minimum: 100 }] };
    registry.register({ name: "t", description: "", params: [{ name: "who", schema: { anyOf: [byEmail, byId] } }, { name: "size", schema: size, required: false }], fn: () => "" });
    const issues = async (args: Record<string, unknown>) => {
      const outcome = await registry.dispatch("t", args);
      return outcome.status === "error" ? (outcome.error.payload as { issues: unknown[] }).issues : outcome;
    };
    // ByEmail with a wrong format, not ById lacking `id` and refusing `email`.
    expect(await issues({ who: { email: "nope" } })).toEqual([{ path: "/who/email", expected: "a string in email format", received: 'the string "nope"' }]);
    expect(await issues({ who: { id: 0 } })).toEqual([{ path: "/who/id", expected: "a number >= 1", received: "the number 0" }]);
    // Equally close: what each member asks of the value itself.
    expect(await issues({ who: {} })).toEqual([{ path: "/who", expected: 'the property "email", or the property "id"', received: "an object" }]);
    expect(await issues({ who: { email: "a@b.co", id: 1 } })).toEqual([{ path: "/who", expected: 'no property "id", or no property "email"', received: "an object" }]);
    // Each member's first five asks, however many unknown keys the value brings.
    const unknown = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 1]));
    expect(await issues({ who: unknown })).toEqual([{ path: "/who", expected: 'the property "email" and no property "k0" and no property "k1" and no property "k2" and no property "k3" and more, or the property "id" and no property "k0" and no property "k1" and no property "k2" and no property "k3" and more', received: "an object" }]);
    expect(await issues({ who: { id: 1 }, size: 50 })).toEqual([{ path: "/size", expected: "a number <= 10, or a number >= 100", received: "the number 50" }]);
    // No member admits a string: one error for the union.
    expect(await issues({ who: "me" })).toEqual([{ path: "/who", expected: "a value matching one of the allowed shapes", received: 'the string "me"' }]);
  });

  it("invalid_arguments for a missing required argument and for arguments that are not an object", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "t", description: "", params: [{ name: "q", type: "string" }], fn: () => "" });
    expect(await registry.dispatch("t", {})).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "/q", expected: "a value (this property is required)", received: "nothing" }] } } });
    expect(await registry.dispatch("t", [1])).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "", expected: "an object", received: "an array of 1 item" }] } } });
    expect(await registry.dispatch("t", "q")).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "", expected: "an object", received: 'the string "q"' }] } } });
  });

  it("unknown_tool suggests the closest names", async () => {
    const registry = createRegistry([]);
    for (const name of ["read_file", "write_file", "list_dir"]) registry.register({ name, description: "", fn: () => "" });
    expect(await registry.dispatch("read_fil", {})).toEqual({
      status: "error",
      error: { code: "unknown_tool", message: "There is no tool named 'read_fil'. Did you mean 'read_file', 'write_file'?", payload: { suggestions: ["read_file", "write_file"] } },
    });
    expect(await registry.dispatch("zzzzzzzzzzzz", {})).toEqual({ status: "error", error: { code: "unknown_tool", message: "There is no tool named 'zzzzzzzzzzzz'.", payload: { suggestions: [] } } });
    // Every name contains the empty one: it is like none of them.
    expect(await registry.dispatch("", {})).toEqual({ status: "error", error: { code: "unknown_tool", message: "There is no tool named ''.", payload: { suggestions: [] } } });
  });

  it("unknown_tool for a name that is no string, or too long to be one: no suggestion is worked out, and the message quotes it cut short", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "read_file", description: "", fn: () => "" });
    expect(await registry.dispatch(42 as unknown as string, {})).toEqual({ status: "error", error: { code: "unknown_tool", message: "There is no tool named '42'.", payload: { suggestions: [] } } });
    expect(await registry.dispatch(undefined as unknown as string, {})).toEqual({ status: "error", error: { code: "unknown_tool", message: "There is no tool named 'undefined'.", payload: { suggestions: [] } } });
    // A megabyte "name" (a runaway model, a hostile client) costs no edit distance against every tool's name.
    const outcome = await registry.dispatch(`read_file${"x".repeat(1_000_000)}`, {});
    expect(outcome).toEqual({ status: "error", error: { code: "unknown_tool", message: `There is no tool named 'read_file${"x".repeat(68)}...'.`, payload: { suggestions: [] } } });
  });

  it("tool_error: ToolError carries its structured payload as JSON", async () => {
    const outcome = await oneTool(() => { throw new ToolError("Not found", { path: "a.txt", tried: [1, 2] }); }).dispatch("t", {});
    expect(outcome).toEqual({ status: "error", error: { code: "tool_error", message: "Not found", payload: { path: "a.txt", tried: [1, 2] } } });
  });

  it("tool_error: any other Error, and rejected promises, give their message", async () => {
    expect(await oneTool(() => { throw new RangeError("too big"); }).dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message: "too big" } });
    expect(await oneTool(() => Promise.reject(new Error("later"))).dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message: "later" } });
  });

  it("an error whose message is no string (code assigned it an object) gives a message that is text, as every outcome's is", async () => {
    const withMessage = <E extends Error>(error: E, message: unknown) => Object.assign(error, { message });
    expect(await oneTool(() => { throw withMessage(new Error("x"), { code: 42 }); }).dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message: '{"code":42}' } });
    expect(await oneTool(() => { throw withMessage(new ToolError("x", { id: 1 }), 7); }).dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message: "7", payload: { id: 1 } } });
    expect(await oneTool(() => { throw withMessage(new ToolExecutionError("x"), ["down"]); }).dispatch("t", {})).toEqual({ status: "error", error: { code: "execution_error", message: '["down"]' } });
  });

  it("execution_error: ToolExecutionError", async () => {
    expect(await oneTool(() => { throw new ToolExecutionError("database down"); }).dispatch("t", {})).toEqual({ status: "error", error: { code: "execution_error", message: "database down" } });
  });

  it("timeout: a tool that never settles ends with a timeout outcome, and its signal is aborted", async () => {
    let signal: AbortSignal | undefined;
    const registry = createRegistry([]);
    registry.register({ name: "hang", description: "", fn: (_args, context) => { signal = context.signal; return new Promise(() => {}); } });
    expect(await registry.dispatch("hang", {}, { timeoutMs: 5 })).toEqual({ status: "error", error: { code: "timeout", message: "'hang' did not finish within 5 ms." } });
    expect(signal?.aborted).toBe(true);
  });

  it("timeout: the registry-wide default applies when the call gives none", async () => {
    const registry = createRegistry([], { timeoutMs: 5 });
    registry.register({ name: "hang", description: "", fn: () => new Promise(() => {}) });
    expect(await registry.dispatch("hang", {})).toMatchObject({ error: { code: "timeout" } });
  });

  it("aborted: the caller's signal ends the call, before or during it", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "hang", description: "", fn: () => new Promise(() => {}) });
    const before = new AbortController();
    before.abort();
    expect(await registry.dispatch("hang", {}, { signal: before.signal })).toEqual({ status: "error", error: { code: "aborted", message: "The call to 'hang' was aborted before it started." } });
    const during = new AbortController();
    const pending = registry.dispatch("hang", {}, { signal: during.signal });
    during.abort();
    expect(await pending).toEqual({ status: "error", error: { code: "aborted", message: "The call to 'hang' was aborted." } });
  });

  it("internal: an implementation that cannot be loaded", async () => {
    const entry = manifestEntry("broken");
    const definition: EntryDefinition = { entry, validate: compileSchema(entry.inputSchema), load: () => Promise.reject(new Error("Cannot find module './gone.js'")) };
    expect(await createRegistry([definition]).dispatch("broken", {})).toEqual({ status: "error", error: { code: "internal", message: "Cannot load 'broken': Cannot find module './gone.js'" } });
  });

  it("internal: a timeoutMs that is no positive number, before an interceptor or the tool is called, an external tool's too", async () => {
    let called = false;
    let intercepted = false;
    const registry = oneTool(() => { called = true; return ""; });
    registry.registerSchema({ name: "ask", description: "Asks the host.", parameters: { type: "object" } });
    registry.use((call, next) => { intercepted = true; return next(); });
    for (const [timeoutMs, got] of [[0, "the number 0"], [-1, "the number -1"], [Number.NaN, "the number NaN, which JSON cannot carry"], ["100", 'the string "100"']] as const) {
      for (const name of ["t", "ask"]) {
        expect(await registry.dispatch(name, {}, { timeoutMs: timeoutMs as number })).toEqual({ status: "error", error: { code: "internal", message: `the call's options: 'timeoutMs' must be a positive number of milliseconds; got ${got}; '${name}' was not called.` } });
      }
    }
    expect([called, intercepted]).toEqual([false, false]);
    expect(await registry.dispatch("t", {}, { timeoutMs: Number.POSITIVE_INFINITY })).toEqual({ status: "ok", text: "" }); // no limit
  });

  it("use() refuses what is no interceptor function, before any call", () => {
    expect(() => oneTool(() => "x").use(42 as never)).toThrow("toolgen: use() takes a function; got number.");
  });

  it("internal: an interceptor that calls next() twice, after or beside the first; the tool ran once", async () => {
    for (const twice of [async (_call: unknown, next: () => Promise<unknown>) => (await next(), next()), (_call: unknown, next: () => Promise<unknown>) => Promise.all([next(), next()]).then(([first]) => first)]) {
      let runs = 0;
      const registry = oneTool(() => `ran ${++runs}`).use(twice as never);
      expect(await registry.dispatch("t", {})).toEqual({ status: "error", error: { code: "internal", message: "An interceptor threw: next() was called twice; a call runs its tool once" } });
      expect(runs).toBe(1);
    }
    // Nor after it answered: the late next() is told so, and the tool does not run.
    let runs = 0;
    let late!: Promise<unknown>;
    const cached = oneTool(() => `ran ${++runs}`).use(async (_call, next) => ((late = new Promise((resolve) => setTimeout(() => resolve(next()), 5))), { status: "ok", text: "cached" }));
    expect(await cached.dispatch("t", {})).toEqual({ status: "ok", text: "cached" });
    expect(await late).toEqual({ status: "error", error: { code: "internal", message: "next() was called after the interceptor answered; the tool did not run" } });
    expect(runs).toBe(0);
  });

  it("internal: an interceptor that throws, as an outcome the interceptor around it gets too; a ToolError it throws is a refusal with its payload", async () => {
    const seen: unknown[] = [];
    const around = (registry: ReturnType<typeof oneTool>) => registry.use(async (_call, next) => { const outcome = await next(); seen.push(outcome); return outcome; });
    const bug = around(oneTool(() => "x")).use(() => { throw new Error("interceptor bug"); });
    expect(await bug.dispatch("t", {})).toEqual({ status: "error", error: { code: "internal", message: "An interceptor threw: interceptor bug" } });
    const refusing = around(oneTool(() => "x")).use(() => { throw new ToolError("denied", { by: "reviewer" }); });
    expect(await refusing.dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message: "denied", payload: { by: "reviewer" } } });
    expect(seen).toHaveLength(2);
  });

  it("internal: an interceptor that returns something other than an outcome", async () => {
    const returning = (value: unknown) => oneTool(() => "x").use(async () => value as never);
    expect(await returning(undefined).dispatch("t", {})).toEqual({ status: "error", error: { code: "internal", message: 'An interceptor returned nothing instead of an outcome ({ status: "ok", text } | { status: "error", error: { code, message } } | …).' } });
    // A status without what it requires is no outcome either: an MCP server or telemetry reading it would fail.
    for (const value of [{ status: "weird" }, { status: "error" }, { status: "error", error: "no" }, { status: "ok" }, { status: "suspended" }]) {
      expect(await returning(value).dispatch("t", {})).toMatchObject({ error: { code: "internal", message: expect.stringContaining("An interceptor returned an object instead of an outcome") } });
    }
  });

  it("internal: an interceptor's own outcome with an error code the runtime does not have, or that JSON cannot carry", async () => {
    const returning = (value: unknown) => oneTool(() => "x").use(async () => value as never);
    expect(await returning({ status: "error", error: { code: "whatever", message: "m" } }).dispatch("t", {})).toEqual({
      status: "error",
      error: { code: "internal", message: 'An interceptor returned the error code "whatever", which is none of invalid_arguments, unknown_tool, tool_error, execution_error, timeout, aborted, forbidden, internal.' },
    });
    const cyclic: Record<string, unknown> = { status: "ok", text: "x" };
    cyclic.structured = cyclic;
    for (const value of [cyclic, { status: "ok", text: "x", structured: { n: 1n } }]) {
      const outcome = await returning(value).dispatch("t", {});
      expect(outcome).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringMatching(/^An interceptor returned an outcome JSON cannot carry \(.+\)\.$/) } });
      expect(() => JSON.stringify(outcome)).not.toThrow();
    }
    // The outcome of the call it wraps is passed on as it is, however large.
    const big = "y".repeat(1 << 20);
    expect(await oneTool(() => big).use((_call, next) => next()).dispatch("t", {})).toEqual({ status: "ok", text: big });
  });

  it("an interceptor's result is checked where it returns it: the interceptor around it gets an outcome too", async () => {
    const seen: unknown[] = [];
    const registry = oneTool(() => "x")
      .use(async (_call, next) => {
        const outcome = await next();
        seen.push(outcome.status === "error" ? outcome.error.code : outcome.status);
        return outcome;
      })
      .use(async () => ({ status: "error" }) as never);
    expect(await registry.dispatch("t", {})).toMatchObject({ status: "error", error: { code: "internal" } });
    expect(seen).toEqual(["internal"]);
  });

  it("an interceptor sees the caller's abort on the tool's signal, before the tool is called", async () => {
    const caller = new AbortController();
    let waited = "";
    const registry = oneTool(() => "ran").use(
      (call, next) =>
        new Promise((resolve) => {
          // An approval that waits for a person, and stops when the call is given up.
          call.context.signal.addEventListener("abort", () => {
            waited = String(call.context.signal.reason);
            resolve(next());
          });
        }),
    );
    const outcome = registry.dispatch("t", {}, { signal: caller.signal });
    caller.abort("gone");
    expect(await outcome).toEqual({ status: "error", error: { code: "aborted", message: "The call to 't' was aborted before it started." } });
    expect(waited).toBe("gone");
  });
});

describe("faulty tools never crash the host", () => {
  it.each([
    ["null", null, "The tool threw null (not an Error)."],
    ["undefined", undefined, "The tool threw undefined (not an Error)."],
    ["a string", "plain string", "plain string"],
    ["a number", 7, "The tool threw 7 (not an Error)."],
    ["an object", { reason: "x" }, 'The tool threw {"reason":"x"} (not an Error).'],
  ])("a thrown %s becomes a tool_error", async (_label, thrown, message) => {
    expect(await oneTool(() => { throw thrown; }).dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message } });
  });

  it("an object whose getters throw, and a Proxy whose traps throw, become tool_error outcomes", async () => {
    const hostile = { get message(): string { throw new Error("getter"); }, toJSON() { throw new Error("toJSON"); } };
    expect(await oneTool(() => { throw hostile; }).dispatch("t", {})).toEqual({ status: "error", error: { code: "tool_error", message: "The tool threw an unprintable value (not an Error)." } });
    const trap = () => { throw new Error("trap"); };
    const proxy = new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, has: trap });
    const outcome = await oneTool(() => { throw proxy; }).dispatch("t", {});
    expect(outcome).toMatchObject({ status: "error", error: { code: "tool_error" } });
  });

  it("a ToolError's payload is carried as far as JSON can: bigints as digits, Maps and Sets as objects and arrays, cycles marked", async () => {
    const circular: Record<string, unknown> = { name: "node", when: new Date("2024-01-01T00:00:00Z") };
    circular.self = circular;
    const shared = { x: 1 };
    const payload = { id: 10n, seen: new Set(["a"]), counts: new Map([["k", 2]]), circular, twice: [shared, shared] };
    const outcome = await oneTool(() => { throw new ToolError("bad", payload); }).dispatch("t", {});
    expect(outcome).toEqual({
      status: "error",
      error: { code: "tool_error", message: "bad", payload: { id: "10", seen: ["a"], counts: { k: 2 }, circular: { name: "node", when: "2024-01-01T00:00:00.000Z", self: "[Circular]" }, twice: [{ x: 1 }, { x: 1 }] } },
    });
  });

  it("a circular result and a bigint result become execution_error outcomes", async () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    expect(await oneTool(() => circular).dispatch("t", {})).toEqual({
      status: "error",
      error: { code: "execution_error", message: expect.stringMatching(/^The tool's result cannot be serialized as JSON: .*circular/i) },
    });
    expect(await oneTool(() => 10n).dispatch("t", {})).toEqual({
      status: "error",
      error: { code: "execution_error", message: expect.stringMatching(/^The tool's result cannot be serialized as JSON: .*BigInt/) },
    });
    expect(await oneTool(() => ({ n: 1n })).dispatch("t", {})).toMatchObject({ error: { code: "execution_error" } });
  });

  it("a function or symbol result is an execution_error (JSON cannot carry it)", async () => {
    expect(await oneTool(() => () => 1).dispatch("t", {})).toEqual({ status: "error", error: { code: "execution_error", message: "The tool returned a function, which JSON cannot carry." } });
  });

  it("a tool that mutates its arguments does not touch the caller's object", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "m", description: "", params: [{ name: "list", schema: { type: "array", items: { type: "number" } } }], fn: (args) => { (args.list as number[]).push(99); return "ok"; } });
    const args = { list: [1] };
    await registry.dispatch("m", args);
    expect(args).toEqual({ list: [1] });
  });
});

describe("a result held to its output schema", () => {
  const closed = (properties: Record<string, JsonSchema>, required = Object.keys(properties)) => ({ type: "object", properties, required, additionalProperties: false });
  /** A registry with one tool `t` of this output schema, returning what `fn` returns. */
  function typedTool(outputSchema: JsonSchema, fn: () => unknown) {
    const registry = createRegistry([]);
    registry.register({ name: "t", description: "test tool", params: [], outputSchema, fn });
    return registry;
  }

  it("leaves out what its closed objects do not declare (TypeScript lets a function return a wider object): in objects, array items, $defs and records", async () => {
    const row = closed({ id: { type: "string" } });
    const schema = {
      ...closed({ user: { $ref: "#/$defs/User" }, rows: { type: "array", items: row }, byName: { type: "object", additionalProperties: row }, open: { type: "object" } }),
      $defs: { User: closed({ name: { type: "string" }, boss: { anyOf: [{ $ref: "#/$defs/User" }, { type: "null" }] } }) },
    };
    const result = {
      user: { name: "Ada", passwordHash: "x", boss: { name: "Bob", passwordHash: "y", boss: null } },
      rows: [{ id: "1", secret: 1 }],
      byName: { a: { id: "2", secret: 2 } },
      open: { anything: true },
      internal: "not in the type",
    };
    const structured = { user: { name: "Ada", boss: { name: "Bob", boss: null } }, rows: [{ id: "1" }], byName: { a: { id: "2" } }, open: { anything: true } };
    expect(await typedTool(schema, () => result).dispatch("t", {})).toEqual({ status: "ok", text: JSON.stringify(structured), structured });
  });

  it("shapes a union's value by the member that keeps the most of it", async () => {
    const schema = { anyOf: [closed({ kind: { const: "a" }, x: { type: "number" } }), closed({ kind: { const: "b" }, y: { type: "number" } })] };
    expect(await typedTool(schema, () => ({ kind: "b", y: 1, x: 2, z: 3 })).dispatch("t", {})).toEqual({ status: "ok", text: '{"kind":"b","y":1}', structured: { kind: "b", y: 1 } });
    const overlapping = { anyOf: [closed({ a: { type: "number" } }), closed({ a: { type: "number" }, b: { type: "number" } })] };
    expect(await typedTool(overlapping, () => ({ a: 1, b: 2 })).dispatch("t", {})).toMatchObject({ structured: { a: 1, b: 2 } });
    expect(await typedTool(overlapping, () => ({ a: 1, b: 2, c: 3 })).dispatch("t", {})).toMatchObject({ structured: { a: 1, b: 2 } });
    expect(await typedTool({ type: "array", prefixItems: [closed({ a: { type: "number" } }), { type: "string" }], items: false }, () => [{ a: 1, b: 2 }, "s"]).dispatch("t", {})).toEqual({ status: "ok", text: '[{"a":1},"s"]' });
  });

  it("a result that lacks what its type requires is an execution_error listing the problems, not content a client refuses", async () => {
    expect(await typedTool(closed({ id: { type: "string" }, n: { type: "number" } }), () => ({ n: Number.NaN })).dispatch("t", {})).toEqual({
      status: "error",
      error: {
        code: "execution_error",
        message: "The tool's result does not match its declared type for 't' (2 problems):\n- /id: expected a value (this property is required), received nothing\n- /n: expected a number, received null",
        payload: { issues: [{ path: "/id", expected: "a value (this property is required)", received: "nothing" }, { path: "/n", expected: "a number", received: "null" }] },
      },
    });
    expect(await typedTool({ type: "string" }, () => undefined).dispatch("t", {})).toMatchObject({ status: "error", error: { code: "execution_error" } });
    expect(await typedTool({ type: ["string", "null"] }, () => undefined).dispatch("t", {})).toEqual({ status: "ok", text: "" });
  });

  it("a union's value no member fits: the error is the closest member's problems, without the properties left out or their values", async () => {
    const schema = { anyOf: [closed({ kind: { const: "a" }, x: { type: "number" } }), closed({ kind: { const: "b" }, y: { type: "string" } })] };
    const outcome = await typedTool(schema, () => ({ kind: "a", x: "oops", passwordHash: "s3cr3t" })).dispatch("t", {});
    expect(outcome).toEqual({
      status: "error",
      error: { code: "execution_error", message: "The tool's result does not match its declared type for 't' (1 problem):\n- /x: expected a number, received the string \"oops\"", payload: { issues: [{ path: "/x", expected: "a number", received: 'the string "oops"' }] } },
    });
    expect(JSON.stringify(outcome)).not.toContain("s3cr3t");
  });

  it("shapes a recursive union in time linear in its size, not doubling with each level", async () => {
    const node = (kind: string) => closed({ kind: { const: kind }, items: { type: "array", items: { $ref: "#/$defs/Node" } } });
    const schema = { $ref: "#/$defs/Node", $defs: { Node: { anyOf: [node("x"), node("y")] } } };
    let chain: Record<string, unknown> = { kind: "y", items: [], extra: 0 };
    for (let depth = 1; depth <= 40; depth++) chain = { kind: depth % 2 ? "x" : "y", items: [chain], extra: depth };
    const outcome = await typedTool(schema, () => chain).dispatch("t", {});
    expect(outcome.status).toBe("ok");
    expect((outcome as { text: string }).text).not.toContain("extra");
  });

  it("keeps a key named __proto__ as a key, and checks what the object holds itself", async () => {
    const user = closed({ id: { type: "number" } });
    const open = { type: "object", properties: { map: { type: "object", additionalProperties: user } }, required: ["map"], additionalProperties: false };
    const kept = await typedTool(open, () => JSON.parse('{"map":{"__proto__":{"id":2,"pw":"s"},"u1":{"id":1}}}')).dispatch("t", {});
    expect(kept).toMatchObject({ status: "ok", text: '{"map":{"__proto__":{"id":2},"u1":{"id":1}}}' });
    const required = { type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: { anyOf: [{ type: "number" }, closed({ x: { type: "number" } })] } };
    expect(await typedTool(required, () => JSON.parse('{"__proto__":{"x":1},"e":{"x":1,"y":2}}')).dispatch("t", {})).toMatchObject({ status: "error", error: { code: "execution_error", message: expect.stringContaining("- /x: expected a value (this property is required)") } });
  });

  it("checks a format where the registry carries its check, and passes one it does not carry", async () => {
    expect(await typedTool({ type: "string", format: "date-time" }, () => "yesterday").dispatch("t", {})).toMatchObject({ status: "error", error: { code: "execution_error" } });
    expect(await typedTool({ type: "string", format: "date-time" }, () => new Date(0)).dispatch("t", {})).toEqual({ status: "ok", text: "1970-01-01T00:00:00.000Z" });
    expect(await typedTool({ type: "string", format: "email" }, () => "not an address").dispatch("t", {})).toEqual({ status: "ok", text: "not an address" });
    // The same schema in a registry that carries the check: each registry checks with its own.
    const schema = { type: "string", format: "email" };
    const withEmail = createRegistry([], { formats: { email: (s: string) => s.includes("@") } });
    withEmail.register({ name: "t", description: "", params: [], outputSchema: schema, fn: () => "not an address" });
    const without = createRegistry([]);
    without.register({ name: "t", description: "", params: [], outputSchema: schema, fn: () => "not an address" });
    expect(await withEmail.dispatch("t", {})).toMatchObject({ status: "error" });
    expect(await without.dispatch("t", {})).toMatchObject({ status: "ok" });
  });
});
