import { afterEach, describe, expect, it, vi } from "vitest";
import type { JsonSchema } from "../manifest/manifest-format.js";
import type { Outcome } from "../outcome/outcome.js";
import { createRegistry } from "../registry/create-registry.js";
import type { CompiledValidator } from "../validation/index.js";
import { compileSchema } from "../validation/compile-schema.js";

import { requestTool } from "../../../../test-support/request-tool.js";

const OPEN: JsonSchema = { type: "object", additionalProperties: { type: "object" } };
const CLOSED: JsonSchema = { type: "object", properties: { n: { type: "number" }, tags: { type: "array", items: { type: "string" } }, text: { type: "string" }, opts: { type: "object", additionalProperties: { type: "number" } } }, additionalProperties: false };
const OPTS: JsonSchema = { type: "object", properties: { opts: { type: "object" } }, additionalProperties: false };

const validators: Array<[string, (schema: JsonSchema) => CompiledValidator]> = [["compiled", (schema) => compileSchema(schema)]];

/** A request-style tool `t` over `schema` that records and returns what it received. */
function toolOver(makeValidator: (schema: JsonSchema) => CompiledValidator, schema: JsonSchema) {
  const received: unknown[] = [];
  const definition = requestTool(schema, makeValidator(schema), (args) => {
    received.push(args);
    return "ok";
  });
  return { registry: createRegistry([definition]), received };
}

afterEach(() => {
  // Nothing any test sent may have reached a prototype.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("polluted");
});

describe.each(validators)("hostile arguments, %s validator", (_label, makeValidator) => {
  it("__proto__, constructor and prototype keys stay own data and never reach a prototype", async () => {
    const { registry, received } = toolOver(makeValidator, OPEN);
    const args = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": {"polluted": true}}') as unknown;
    expect(await registry.dispatch("t", args)).toEqual({ status: "ok", text: "ok" });
    const got = received[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.getOwnPropertyDescriptor(got, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("__proto__ inside a JSON string repaired into an object stays own data too", async () => {
    const { registry, received } = toolOver(makeValidator, OPTS);
    const outcome = await registry.dispatch("t", { opts: '{"__proto__": {"polluted": true}}' });
    expect(outcome).toMatchObject({ status: "ok", repairs: [{ path: "/opts", repair: "parsed_json_string" }] });
    expect(Object.getOwnPropertyDescriptor((received[0] as { opts: object }).opts, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("a closed schema refuses __proto__ as an unknown property", async () => {
    const { registry } = toolOver(makeValidator, CLOSED);
    expect(await registry.dispatch("t", JSON.parse('{"__proto__": {"polluted": true}}'))).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "/__proto__", expected: "no such property (it is not accepted here)" }] } } });
  });

  it("a 10 MB string and a 1,000,000-element array are handled, not choked on", async () => {
    const { registry, received } = toolOver(makeValidator, CLOSED);
    const text = "x".repeat(10_000_000);
    const tags = Array.from({ length: 1_000_000 }, () => "t");
    expect(await registry.dispatch("t", { text, tags })).toEqual({ status: "ok", text: "ok" });
    expect((received[0] as { text: string }).text.length).toBe(10_000_000);
    expect((received[0] as { tags: string[] }).tags.length).toBe(1_000_000);
    const badTags = [...tags];
    badTags[999_999] = 1 as unknown as string;
    expect(await registry.dispatch("t", { tags: badTags })).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "/tags/999999", expected: "a string", received: "the number 1" }] } } });
  });

  it("300,000 unknown properties: validation stops after 1,000 problems, the first 100 are listed, and the outcome says it stopped", async () => {
    const { registry } = toolOver(makeValidator, CLOSED);
    const args = Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`k${i}`, i]));
    const outcome = await registry.dispatch("t", args);
    if (outcome.status !== "error") throw new Error("expected an error outcome");
    const payload = outcome.error.payload as { issues: unknown[]; total: number; truncated?: boolean };
    expect(payload.issues).toHaveLength(100);
    expect(payload.total).toBe(1000);
    expect(payload.truncated).toBe(true);
    expect(outcome.error.message.startsWith("Invalid arguments for 't' (1000+ problems):\n- /k0: expected no such property")).toBe(true);
    expect(outcome.error.message.endsWith("\n- … and 900+ more")).toBe(true);
  });

  it("250 unknown properties: every one is counted, and the outcome is complete", async () => {
    const { registry } = toolOver(makeValidator, CLOSED);
    const outcome = await registry.dispatch("t", Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k${i}`, i])));
    if (outcome.status !== "error") throw new Error("expected an error outcome");
    expect(outcome.error.payload).toMatchObject({ total: 250 });
    expect(outcome.error.payload).not.toHaveProperty("truncated");
    expect(outcome.error.message.startsWith("Invalid arguments for 't' (250 problems):")).toBe(true);
  });

  it("nesting 10,000 deep is a clean invalid_arguments, as a value and as a JSON string", async () => {
    const { registry } = toolOver(makeValidator, CLOSED);
    const deepText = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const asValue = await registry.dispatch("t", { opts: JSON.parse(deepText) });
    expect(asValue).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ expected: "at most 128 levels of nesting" }] } } });
    const asString = await registry.dispatch("t", { opts: deepText });
    expect(asString).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "/opts", expected: "an object" }] } } });
  });

  it("a JSON string nested deeper than 128 levels is not parsed to be repaired (parsing a few MiB of brackets builds every level first); brackets in its strings do not count", async () => {
    const { registry, received } = toolOver(makeValidator, OPEN);
    const nested = (levels: number, leaf: string) => `${'{"a":'.repeat(levels)}${leaf}${"}".repeat(levels)}`;
    const parse = vi.spyOn(JSON, "parse");
    try {
      const deep = `{"x":${nested(2_000_000, "1")}}`;
      expect(await registry.dispatch("t", { o: deep })).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "/o", expected: "an object" }] } } });
      expect(parse.mock.calls.filter(([text]) => text === deep)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
    // 128 levels in all (the string sits one level down) is repaired, whatever brackets and escapes its strings hold; one more is not.
    expect(await registry.dispatch("t", { o: nested(128, "1") })).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    const atLimit = nested(127, JSON.stringify("[[[{{{\\\"]"));
    expect(await registry.dispatch("t", { o: atLimit })).toMatchObject({ status: "ok", repairs: [{ path: "/o", repair: "parsed_json_string" }] });
    expect(received).toEqual([{ o: JSON.parse(atLimit) }]);
  });

  it.each([
    ["1e400", "overflows to Infinity", undefined],
    ["NaN", "is not a numeral", undefined],
    ["Infinity", "is not a numeral", undefined],
    ["-0", "becomes -0, written as 0", "0"],
    [" 42 ", "is trimmed", "42"],
    ["0x10", "is not a decimal numeral", undefined],
  ])("lenient coercion of %j %s", async (input, _why, expected) => {
    const entry = toolOver(makeValidator, CLOSED);
    entry.registry.use(async (call, next) => { const outcome = await next(); return outcome.status === "ok" ? { status: "ok", text: JSON.stringify(call.arguments.n) } : outcome; });
    const outcome: Outcome = await entry.registry.dispatch("t", { n: input });
    if (expected === undefined) expect(outcome).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "/n", expected: "a number" }] } } });
    else expect(outcome).toMatchObject({ status: "ok", text: expected, repairs: [{ path: "/n", repair: "parsed_number_string" }] });
  });

  it("duplicate JSON keys in a repaired string: the last one wins, as in JSON.parse", async () => {
    const { registry, received } = toolOver(makeValidator, CLOSED);
    await registry.dispatch("t", { opts: '{"a": 1, "a": 2}' });
    expect(received[0]).toEqual({ opts: { a: 2 } });
  });

  it.each([
    [null, "null"],
    [42, "the number 42"],
    ["{}", undefined],
    [[], "an array of 0 items"],
    [true, "the boolean true"],
  ])("arguments that are not an object (%j) are invalid_arguments at the root", async (args, received) => {
    const { registry } = toolOver(makeValidator, CLOSED);
    const outcome = await registry.dispatch("t", args);
    if (received === undefined) expect(outcome).toMatchObject({ status: "ok", repairs: [{ path: "", repair: "parsed_json_string" }] });
    else expect(outcome).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "", expected: "an object", received }] } } });
  });

  it("the arguments are read once, before validation: a getter answering otherwise later cannot slip past it", async () => {
    const { registry, received } = toolOver(makeValidator, CLOSED);
    let reads = 0;
    const outcome = await registry.dispatch("t", {
      get text() {
        reads++;
        return reads === 1 ? "checked" : 42;
      },
    });
    expect(outcome).toEqual({ status: "ok", text: "ok" });
    expect(reads).toBe(1);
    expect(received).toEqual([{ text: "checked" }]);
  });

  it("a getter or a proxy that throws is invalid_arguments at its place, not a runtime failure", async () => {
    const { registry } = toolOver(makeValidator, CLOSED);
    const unreadable = (path: string) => ({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path, expected: "JSON data", received: "one that throws when read" }] } } });
    const getter = {
      get a(): number {
        throw new Error("boom");
      },
    };
    expect(await registry.dispatch("t", { opts: getter })).toMatchObject(unreadable("/opts/a"));
    const keysThrow = new Proxy({}, { ownKeys: () => { throw new Error("boom"); } });
    expect(await registry.dispatch("t", { tags: ["a", keysThrow] })).toMatchObject(unreadable("/tags/1"));
  });

  class Args {
    n = 1;
    kids: Args[] = [];
  }

  it.each([
    [new Map([["n", 1]]), "a Map"],
    [new Date(0), "a Date"],
    [/n/, "a RegExp"],
    [Promise.resolve(), "a Promise"],
    [new Error("x"), "an Error"],
  ])("%s is no JSON data: refused as the arguments and inside them, not read as an object of no properties", async (value, received) => {
    const { registry } = toolOver(makeValidator, OPEN);
    const notData = (path: string) => ({ error: { code: "invalid_arguments", payload: { issues: [{ path, expected: "JSON data", received }] } } });
    expect(await registry.dispatch("t", value)).toMatchObject(notData(""));
    expect(await registry.dispatch("t", { opts: { inner: value } })).toMatchObject(notData("/opts/inner"));
  });

  it("a bigint, a function, a symbol, NaN or Infinity where the schema takes anything is refused as no JSON data, each at its place", async () => {
    const { registry, received } = toolOver(makeValidator, OPEN);
    const outcome = await registry.dispatch("t", { opts: { big: 1n, f() {}, nan: Number.NaN }, more: { inf: -Infinity, sym: Symbol("s") } });
    expect(outcome).toMatchObject({
      error: {
        code: "invalid_arguments",
        payload: {
          issues: [
            { path: "/opts/big", expected: "JSON data", received: "the bigint 1" },
            { path: "/opts/f", expected: "JSON data", received: expect.stringMatching(/^the function /) },
            { path: "/opts/nan", expected: "JSON data", received: "the number NaN, which JSON cannot carry" },
            { path: "/more/inf", expected: "JSON data", received: expect.stringMatching(/^the number -Infinity/) },
            { path: "/more/sym", expected: "JSON data", received: "the symbol Symbol(s)" },
          ],
        },
      },
    });
    expect(received).toEqual([]);
    // An article as it is said: a URL, a Uint8Array, an Error.
    expect(await registry.dispatch("t", { opts: { u: new URL("https://example.com"), b: new Uint8Array(1) } })).toMatchObject({ error: { payload: { issues: [{ path: "/opts/u", received: "a URL" }] } } });
  });

  it("a class instance is read as its own properties, within the same bound on nesting: a cycle through one is refused", async () => {
    const { registry, received } = toolOver(makeValidator, CLOSED);
    expect(await registry.dispatch("t", { n: 1 } as object)).toEqual({ status: "ok", text: "ok" });
    const own = new Args();
    expect(await toolOver(makeValidator, { type: "object" }).registry.dispatch("t", own)).toEqual({ status: "ok", text: "ok" });
    own.kids.push(own);
    expect(await registry.dispatch("t", own)).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ expected: "at most 128 levels of nesting" }] } } });
    expect(received).toEqual([{ n: 1 }]);
  });
});

describe("faulty tools under load", () => {
  it("1,000 concurrent calls, fast, failing, invalid and hanging mixed, each get their own correct outcome", async () => {
    const registry = createRegistry([], { timeoutMs: 20 });
    registry.register({
      name: "work",
      description: "",
      params: [{ name: "i", type: "integer" }],
      fn: async (args) => {
        const i = args.i as number;
        await new Promise((resolve) => setImmediate(resolve));
        if (i % 4 === 1) throw new Error(`failed ${i}`);
        if (i % 4 === 2) return new Promise(() => {});
        return { i };
      },
    });
    const outcomes = await Promise.all(Array.from({ length: 1000 }, (_, i) => registry.dispatch("work", i % 4 === 3 ? { i: String(i) + "x" } : { i })));
    outcomes.forEach((outcome, i) => {
      if (i % 4 === 0) expect(outcome).toEqual({ status: "ok", text: JSON.stringify({ i }), structured: { i } });
      if (i % 4 === 1) expect(outcome).toEqual({ status: "error", error: { code: "tool_error", message: `failed ${i}` } });
      if (i % 4 === 2) expect(outcome).toMatchObject({ status: "error", error: { code: "timeout" } });
      if (i % 4 === 3) expect(outcome).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    });
  });
});
