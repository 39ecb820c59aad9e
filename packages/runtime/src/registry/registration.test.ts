import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { ManifestEntry } from "../manifest/manifest-format.js";
import type { Outcome } from "../outcome/outcome.js";
import { ALL_FORMATS } from "../formats/all-formats.js";
import { compileSchema } from "../validation/compile-schema.js";
import { createRegistry, type CallInfo } from "./create-registry.js";
import type { EntryDefinition } from "./entry-definition.js";
import { manifestEntry } from "../testing/manifest-entry.js";

describe("format checks of run-time registrations (RegistryOptions.formats)", () => {
  const spec = { name: "invite", description: "Invites.", params: [{ name: "to", schema: { type: "string", format: "email" } }], fn: (args: Record<string, unknown>) => `invited ${String(args.to)}` } as const;

  it("a format the registry does not carry is an error at registration naming the parameter, the format and the import", () => {
    const registry = createRegistry([]);
    expect(() => registry.register(spec)).toThrow(/register\('invite'\): the format 'email' at #\/properties\/to is checked by a function this registry does not carry; .*import \{ email \} from "@toolgen\/runtime\/formats"/);
    expect(() => registry.registerSchema({ name: "ext", description: "", inputSchema: { type: "object", properties: { u: { type: "string", format: "uri" } } } })).toThrow(/registerSchema\('ext'\): the format 'uri' at #\/properties\/u/);
  });

  it("checks the formats given in the registry's options, at call time and for defaults", async () => {
    const registry = createRegistry([], { formats: { email: ALL_FORMATS.email! } });
    registry.register(spec);
    expect(await registry.dispatch("invite", { to: "ada@example.org" })).toEqual({ status: "ok", text: "invited ada@example.org" });
    const bad = await registry.dispatch("invite", { to: "ada" });
    expect(bad).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    expect(JSON.stringify(bad)).toContain("/to");
    expect(() => registry.register({ ...spec, name: "invite2", params: [{ name: "to", schema: { type: "string", format: "email" }, default: "nobody" }] })).toThrow("params[0].default \"nobody\" does not match");
  });
});

describe("register(): programmatic tools from parameter descriptors", () => {
  it("builds the input schema a model sees, with defaults and required from the descriptors", () => {
    const registry = createRegistry([]);
    const entry = registry.register({
      name: "search",
      description: "Searches.",
      params: [
        { name: "query", description: "What to find.", type: "string" },
        { name: "limit", type: "integer", default: 5 },
        { name: "exact", type: "boolean", required: false },
      ],
      fn: () => [],
    });
    expect(entry?.inputSchema).toEqual({
      type: "object",
      properties: { query: { description: "What to find.", type: "string" }, limit: { type: "integer", default: 5 }, exact: { type: "boolean" } },
      required: ["query"],
      additionalProperties: false,
    });
    expect(entry?.defaults).toEqual({ limit: 5 });
    expect(registry.entries.map((e) => e.name)).toEqual(["search"]);
  });

  it("keeps a parameter named __proto__ as a parameter, its default too", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "p", description: "", params: [{ name: "__proto__", type: "string", default: "x" }], fn: (args) => JSON.stringify(args) });
    const schema = registry.get("p")!.inputSchema as { properties: object };
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
    expect(Object.keys(schema.properties)).toEqual(["__proto__"]);
    expect(await registry.dispatch("p", {})).toEqual({ status: "ok", text: '{"__proto__":"x"}' });
    expect(await registry.dispatch("p", JSON.parse('{"__proto__":"y"}'))).toEqual({ status: "ok", text: '{"__proto__":"y"}' });
  });

  it("calls fn with the validated, defaulted arguments and the context", async () => {
    const registry = createRegistry([], { hosts: ["ide"], workingDirectory: "/work", values: { token: "a" } });
    const seen: unknown[] = [];
    registry.register({ name: "echo", description: "", params: [{ name: "n", type: "number", default: 1 }], fn: (args, context) => { seen.push(args, context.hosts, context.workingDirectory, context.values, context.toolName); return "done"; } });
    expect(await registry.dispatch("echo", {}, { values: { user: "b" } })).toEqual({ status: "ok", text: "done" });
    expect(seen).toEqual([{ n: 1 }, ["ide"], "/work", { token: "a", user: "b" }, "echo"]);
  });

  it("refuses mistakes at registration, naming the field", () => {
    const registry = createRegistry([]);
    expect(() => registry.register({ name: "bad name", description: "", fn: () => 1 })).toThrow(/register\(\): 'name' must match/);
    expect(() => registry.register(null as never)).toThrow("toolgen: register(): 'name' must match");
    const schema = { type: "object", properties: {} } as const;
    expect(() => registry.registerSchema({ name: "x", description: "", parameters: schema, inputSchema: schema })).toThrow("toolgen: registerSchema('x'): give 'inputSchema' or 'parameters', not both, and 'validate' as a function.");
    expect(() => registry.registerSchema({ name: "x", description: "", validate: 5 } as never)).toThrow("'validate' as a function");
    // A key register does not take would be dropped unseen: the tool would take no arguments.
    const spec = { name: "t", description: "", inputSchema: { type: "object", properties: { n: { type: "number" } } }, fn: () => 1 };
    expect(() => registry.register(spec as never)).toThrow(/^toolgen: register\('t'\): unknown key 'inputSchema' \(known: name, description, title, kind, params, fn, /);
    expect(() => registry.registerSchema({ name: "x", description: "", parameters: { type: "object" }, fn: () => 1 } as never)).toThrow("toolgen: registerSchema('x'): unknown key 'fn' (known: name, description, title, parameters, inputSchema, outputSchema, annotations, tags, scopes, supportedFor, excludedFor, validate; a tool with an fn is register()'s).");
    expect(() => registry.register({ name: "t", description: "", params: [{ name: "a" }], fn: () => 1 })).toThrow("register('t'): params[0] ('a') needs a 'type' or a 'schema'.");
    expect(() => registry.register({ name: "t", description: "", params: [{ name: "a", type: "number", default: "x" }], fn: () => 1 })).toThrow(`register('t'): params[0].default "x" does not match the parameter's own schema.`);
    expect(() => registry.register({ name: "t", description: "", params: [{ name: "a", type: "number" }, { name: "a", type: "string" }], fn: () => 1 })).toThrow("params[1].name 'a' is used by an earlier parameter.");
    expect(() => registry.register({ name: "t", description: "", params: [{ name: "a", schema: { type: "array", contains: { type: "number" } } }], fn: () => 1 })).toThrow("register('t'): the schema keyword 'contains' at #/properties/a is not supported by toolgen's validators");
    // An output schema too: one the validator cannot read would hold no result to anything.
    expect(() => registry.register({ name: "t", description: "", outputSchema: { type: "object", properties: { k: { type: "strin" } } }, fn: () => 1 })).toThrow(/^toolgen: register\('t'\) outputSchema: 'type' at #\/properties\/k is "strin"/);
    expect(() => registry.register({ name: "t", description: "", outputSchema: { type: "object", if: { required: ["k"] } }, fn: () => 1 })).toThrow(/^toolgen: register\('t'\) outputSchema: the schema keyword 'if'/);
    expect(() => registry.register({ name: "t", description: "", outputSchema: { $ref: "#/$defs/nope" }, fn: () => 1 })).toThrow(/^toolgen: register\('t'\) outputSchema: /);
  });

  it("a call of any name with any options is an outcome; definitions and listeners of the wrong kind are refused where given", async () => {
    const registry = createRegistry([]);
    expect(await registry.dispatch(Symbol("s") as never, {}, { bogus: 1 } as never)).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringMatching(/^the call's options have no 'bogus' .*; 'Symbol\(s\)' was not called\.$/) } });
    const throwing = { get timeoutMs(): number { throw new Error("getter"); } };
    expect(await registry.dispatch("t", {}, throwing)).toEqual({ status: "error", error: { code: "internal", message: "toolgen runtime failure: getter" } });
    expect(() => createRegistry([null] as never)).toThrow("toolgen: createRegistry: definitions[0] is no definition.");
    expect(() => createRegistry([{}] as never)).toThrow("definitions[0] is no definition");
    expect(() => registry.onResourceUpdated(5 as never)).toThrow("toolgen: onResourceUpdated() takes a function; got number.");
  });

  it("refuses metadata of the wrong shape: a string where a list belongs would be read a character at a time", () => {
    const registry = createRegistry([]);
    const fn = () => 1;
    expect(() => registry.register({ name: "t", description: "", scopes: "admin", fn } as never)).toThrow(`toolgen: register('t'): 'scopes' must be a list of strings; got "admin".`);
    expect(() => registry.register({ name: "t", description: "", tags: ["a", 1], fn } as never)).toThrow(`'tags' must be a list of strings; got ["a",1].`);
    expect(() => registry.registerSchema({ name: "x", description: "", supportedFor: "claude" } as never)).toThrow(`toolgen: registerSchema('x'): 'supportedFor' must be a list of strings`);
    expect(() => registry.register({ name: "t", fn } as never)).toThrow(`toolgen: register('t'): 'description' must be a string; got undefined.`);
    expect(() => registry.register({ name: "t", description: "", kind: "widget", fn } as never)).toThrow(`register('t'): 'kind' must be "tool", "prompt" or "resource"; got "widget".`);
    expect(() => registry.register({ name: "t", description: "", params: { a: 1 }, fn } as never)).toThrow(`register('t'): 'params' must be a list of parameters.`);
    expect(() => registry.register({ name: "t", description: "", params: [null], fn } as never)).toThrow(`register('t'): params[0].name must be an identifier-like string; got undefined.`);
    expect(() => registry.register({ name: "t", description: "", title: 7, fn } as never)).toThrow(`register('t'): 'title' must be a string; got 7.`);
    expect(() => registry.register({ name: "r", kind: "resource", description: "", uris: ["a://b"], mimeType: 3, fn } as never)).toThrow(`register('r'): 'mimeType' must be a string; got 3.`);
    // Hints an MCP client takes: one of another type made clients refuse the server's whole tool list.
    expect(() => registry.register({ name: "t", description: "", annotations: { readOnlyHint: "yes" }, fn } as never)).toThrow(`register('t'): 'annotations' must hold only readOnlyHint, destructiveHint, idempotentHint, openWorldHint, each true or false; got {"readOnlyHint":"yes"}.`);
    expect(() => registry.register({ name: "t", description: "", annotations: { title: "T" }, fn } as never)).toThrow("'annotations' must hold only");
    // Another kind's key: a tool's uris were served as a resource; a tool's role dropped unseen.
    expect(() => registry.register({ name: "t", description: "", uris: ["x://q"], fn } as never)).toThrow(`register('t'): 'uris' is a resource's, not a tool's; got ["x://q"].`);
    expect(() => registry.register({ name: "t", description: "", role: "assistant", fn } as never)).toThrow("'role' is a prompt's, not a tool's");
    expect(() => registry.register({ name: "p", kind: "prompt", description: "", mimeType: "text/plain", fn } as never)).toThrow("'mimeType' is a resource's, not a prompt's");
    // A parameter's own keys: `optional` is no key of it (the parameter would be required), a schema is an object or a boolean.
    expect(() => registry.register({ name: "t", description: "", params: [{ name: "a", type: "string", optional: true }], fn } as never)).toThrow("register('t'): params[0]: unknown key 'optional' (known: name, description, type, schema, required, default).");
    expect(() => registry.register({ name: "t", description: "", params: [{ name: "a", schema: "string" }], fn } as never)).toThrow(`register('t'): params[0].schema must be a JSON Schema (an object or a boolean); got "string".`);
    // A completer for a parameter the entry has, of a prompt or resource, and a function.
    const param = [{ name: "a", type: "string" as const }];
    expect(() => registry.register({ name: "p", kind: "prompt", description: "", params: param, complete: { b: () => [] }, fn })).toThrow("register('p'): 'complete' needs a function per parameter of a prompt or resource; got 'b'.");
    expect(() => registry.register({ name: "p", kind: "prompt", description: "", params: param, complete: { a: 5 }, fn } as never)).toThrow("'complete' needs a function per parameter");
    expect(() => registry.register({ name: "t", description: "", params: param, complete: { a: () => [] }, fn })).toThrow("'complete' needs a function per parameter of a prompt or resource");
    expect(() => registry.registerSchema({ name: "x", description: "", title: ["A"] } as never)).toThrow(`registerSchema('x'): 'title' must be a string; got ["A"].`);
    // MCP's messages are the user's or the assistant's.
    expect(() => registry.register({ name: "p", description: "", kind: "prompt", role: "system", fn } as never)).toThrow(`register('p'): 'role' must be "user" or "assistant"; got "system".`);
    // Read as they were written, these passed: "false" made a parameter required, [] or 42 gave no hints or completers, "false" content.
    for (const wrong of [{ required: "false" }, { required: 0 }, { description: 42 }]) {
      expect(() => registry.register({ name: "t", description: "", params: [{ name: "a", type: "string", ...wrong }], fn } as never)).toThrow("register('t'): params[0]: 'required' must be true or false, 'description' a string.");
    }
    expect(() => registry.register({ name: "t", description: "", annotations: [], fn } as never)).toThrow("'annotations' must hold only");
    for (const complete of [42, true, () => []]) expect(() => registry.register({ name: "p", kind: "prompt", description: "", params: param, complete, fn } as never)).toThrow("register('p'): 'complete' must be an object of functions by parameter");
    expect(() => registry.register({ name: "t", description: "", content: "false", fn } as never)).toThrow(`register('t'): 'content' must be true or false, and not beside an 'outputSchema'; got "false".`);
    expect(() => registry.register({ name: "t", description: "", content: true, outputSchema: { type: "object" }, fn })).toThrow("'content' must be true or false, and not beside an 'outputSchema'");
    // A default is JSON data: a bigint or a function failed every call that left the parameter out, and a Map reached the model as {}.
    for (const [value, said] of [[10n, "the bigint 10"], [() => 1, "the function () => 1"], [new Map(), "an object"]] as const) {
      const thrown = (() => {
        try {
          registry.register({ name: "t", description: "", params: [{ name: "a", schema: {}, default: value }], fn });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(thrown).toBe(`toolgen: register('t'): params[0].default must be JSON data; got ${said}.`);
    }
    expect(() => registry.registerSchema(null as never)).toThrow("toolgen: registerSchema(): 'name' must match");
    expect(registry.entries).toEqual([]);
  });

  it("refuses a resource URI a read could not reach the function through", () => {
    const registry = createRegistry([]);
    const resource = (uris: string[], params = [{ name: "id", type: "string" as const }]) => () => registry.register({ kind: "resource", name: "r", description: "", params, uris, fn: () => "" });
    expect(resource(["t://{zz}"])).toThrow(`toolgen: register('r'): the URI "t://{zz}" names no parameter {zz}.`);
    expect(resource(["t://all"])).toThrow(`the URI "t://all" does not carry the required parameter 'id'.`);
    expect(resource(["t://{+id}"])).toThrow(`the URI "t://{+id}" is no template of {name} variables, each once.`);
    expect(resource(["t://{id}/{id}"])).toThrow(`the URI "t://{id}/{id}" is no template of {name} variables, each once.`);
    expect(resource(["readme"], [])).toThrow(`the URI "readme" has no scheme.`);
    expect(resource([], [])).toThrow(`register('r'): a resource needs 'uris'.`);
    // An optional parameter need not be in every URI.
    resource(["t://all", "t://{id}"], [{ name: "id", type: "string", required: false } as never])();
    expect(registry.entries.map((e) => e.uris)).toEqual([["t://all", "t://{id}"]]);
  });

  it("a second registration of a name is an error naming both origins", () => {
    const registry = createRegistry([]);
    registry.register({ name: "t", description: "", fn: () => 1 });
    expect(() => registry.register({ name: "t", description: "", fn: () => 2 })).toThrow("the name 't' is registered twice: by register() and by register().");
  });

  it("the same name in two definitions is an error naming both source locations", () => {
    const a = definition(manifestEntry("dup", { source: { file: "src/a.ts", line: 3, column: 1 } }));
    const b = definition(manifestEntry("dup", { source: { file: "src/b.ts", line: 9, column: 2 } }));
    expect(() => createRegistry([a, b])).toThrow("toolgen: the name 'dup' is registered twice: by src/a.ts:3:1 and by src/b.ts:9:2.");
  });
});

describe("registerSchema(): external tools", () => {
  it("validates, suspends, and completes once with the host's result", async () => {
    const registry = createRegistry([]);
    registry.registerSchema({ name: "ask_user", description: "Asks the user.", inputSchema: { type: "object", properties: { question: { type: "string" } }, required: ["question"], additionalProperties: false } });
    expect(await registry.dispatch("ask_user", {})).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    const outcome = await registry.dispatch("ask_user", { question: "Deploy?" });
    if (outcome.status !== "suspended") throw new Error(`expected suspended, got ${outcome.status}`);
    expect(registry.complete(outcome.call.id, { answer: "yes" })).toEqual({ status: "ok", text: '{"answer":"yes"}', structured: { answer: "yes" } });
    expect(registry.complete(outcome.call.id, "again")).toEqual({
      status: "error",
      error: { code: "unknown_tool", message: `There is no suspended call with id '${outcome.call.id}' (it was completed already, or never suspended).`, payload: { suggestions: [] } },
    });
  });

  it("another instance of the registry completes the call: the id carries what completing needs", async () => {
    const make = () => {
      const registry = createRegistry([]);
      registry.registerSchema({ name: "ask_user", description: "Asks the user.", outputSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] } });
      return registry;
    };
    const [first, second] = [make(), make()];
    const outcome = await first.dispatch("ask_user", {});
    if (outcome.status !== "suspended") throw new Error("expected suspended");
    expect(outcome.call.id).toMatch(/^ask_user:[0-9a-f-]{36}$/);
    expect(second.complete(outcome.call.id, { answer: "yes" })).toMatchObject({ status: "ok", structured: { answer: "yes" } });
    expect(second.complete(outcome.call.id, { answer: "again" })).toMatchObject({ error: { code: "unknown_tool" } });
    expect(second.complete("no_such_tool:1234", {})).toMatchObject({ error: { code: "unknown_tool" } });
    expect(second.complete("ask_user", {})).toMatchObject({ error: { code: "unknown_tool" } });
  });

  it("the host's result is held to the tool's output schema", async () => {
    const registry = createRegistry([]);
    registry.registerSchema({ name: "ask_user", description: "Asks the user.", outputSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] } });
    const outcome = await registry.dispatch("ask_user", {});
    if (outcome.status !== "suspended") throw new Error("expected suspended");
    expect(registry.complete(outcome.call.id, { answer: 42 })).toEqual({
      status: "error",
      error: {
        code: "execution_error",
        message: "The host's result does not match the output schema for 'ask_user' (1 problem):\n- /answer: expected a string, received the number 42",
        payload: { issues: [{ path: "/answer", expected: "a string", received: "the number 42" }] },
      },
    });
    // The host's mistake leaves the call open for its corrected result, which completes it once.
    expect(registry.complete(outcome.call.id, { answer: "yes" })).toMatchObject({ status: "ok", structured: { answer: "yes" } });
    expect(registry.complete(outcome.call.id, { answer: "yes" })).toMatchObject({ error: { code: "unknown_tool" } });
    // An id of a megabyte is not repeated whole.
    const long = registry.complete(`ask_user${"x".repeat(1e6)}`, {});
    expect(long.status === "error" && long.error.message).toBe(`There is no suspended call with id 'ask_user${"x".repeat(69)}...' (it was completed already, or never suspended).`);
  });

  it("an Error handed back by the host becomes an error outcome, not a result", async () => {
    const registry = createRegistry([]);
    registry.registerSchema({ name: "ext", description: "" });
    const outcome = await registry.dispatch("ext", {});
    if (outcome.status !== "suspended") throw new Error("expected suspended");
    expect(registry.complete(outcome.call.id, new Error("user declined"))).toEqual({ status: "error", error: { code: "tool_error", message: "user declined" } });
  });

  it("a tool with no parameters accepts only {} and has the schema every provider accepts", async () => {
    const registry = createRegistry([]);
    const entry = registry.registerSchema({ name: "ext", description: "" });
    expect(entry?.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect(await registry.dispatch("ext", { a: 1 })).toMatchObject({ error: { code: "invalid_arguments" } });
  });

  it("refuses an input schema that is not an object schema", () => {
    expect(() => createRegistry([]).registerSchema({ name: "ext", description: "", parameters: { type: "string" } })).toThrow("must be an object schema");
  });

  it("a schema the interpreter cannot check takes a validator of the host's own (an ajv-compiled one works)", async () => {
    const inputSchema = { type: "object", properties: { kind: { type: "string" }, size: { type: "number" } }, if: { properties: { kind: { const: "box" } } }, then: { required: ["size"] } };
    expect(() => createRegistry([]).registerSchema({ name: "ext", description: "", inputSchema })).toThrow(
      "toolgen: registerSchema('ext'): the schema keyword 'if' at # is not supported by toolgen's validators; pass a validator of your own as 'validate' (an ajv-compiled one works).",
    );
    const registry = createRegistry([]);
    registry.registerSchema({ name: "ext", description: "", inputSchema, validate: new Ajv2020({ allErrors: true }).compile(inputSchema) });
    expect(await registry.dispatch("ext", { kind: "box" })).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: expect.arrayContaining([{ path: "/size", expected: "a value (this property is required)", received: "nothing" }]) } } });
    expect(await registry.dispatch("ext", { kind: "box", size: 2 })).toMatchObject({ status: "suspended" });
  });
});

describe("filtering: hosts, allowlist, tags", () => {
  const defs = [
    definition(manifestEntry("everywhere")),
    definition(manifestEntry("ide_only", { supportedFor: ["ide"] })),
    definition(manifestEntry("not_in_ci", { excludedFor: ["ci"], tags: ["files"] })),
    definition(manifestEntry("tagged", { tags: ["files", "read"] })),
  ];
  const names = (options: Parameters<typeof createRegistry>[1]) => createRegistry(defs, options).entries.map((e) => e.name);

  it("an application with no host identity gets only unrestricted entries", () => {
    expect(names({})).toEqual(["everywhere", "not_in_ci", "tagged"]);
  });

  it("a supported host sees its entries; an excluded host loses them, even when also supported", () => {
    expect(names({ hosts: ["ide"] })).toEqual(["everywhere", "ide_only", "not_in_ci", "tagged"]);
    expect(names({ hosts: ["ci"] })).toEqual(["everywhere", "tagged"]);
    expect(names({ hosts: ["ide", "ci"] })).toEqual(["everywhere", "ide_only", "tagged"]);
  });

  it("an allowlist keeps only the names it lists; tags keep entries with at least one of them", () => {
    expect(names({ allow: ["tagged", "everywhere", "ide_only"] })).toEqual(["everywhere", "tagged"]);
    expect(names({ tags: ["files"] })).toEqual(["not_in_ci", "tagged"]);
    expect(names({ tags: ["read"], allow: ["not_in_ci"] })).toEqual([]);
  });

  it("a call of a filtered-out entry says which filter left it out", async () => {
    const message = async (name: string, options: Parameters<typeof createRegistry>[1]) => {
      const outcome = await createRegistry(defs, options).dispatch(name, {});
      return outcome.status === "error" ? outcome.error.message : outcome.status;
    };
    expect(await message("ide_only", {})).toBe("There is no tool named 'ide_only'. It exists but is not registered here: it is @supportedFor ide only, and this registry declares no host.");
    expect(await message("not_in_ci", { hosts: ["ci"] })).toBe("There is no tool named 'not_in_ci'. It exists but is not registered here: it is @excludedFor ci.");
    expect(await message("tagged", { allow: ["everywhere"] })).toBe("There is no tool named 'tagged'. It exists but is not registered here: it is not in this registry's allow list.");
    expect(await message("everywhere", { tags: ["read"] })).toBe("There is no tool named 'everywhere'. It exists but is not registered here: it has none of the tags read.");
  });

  it("a filtered-out entry is an unknown tool, and programmatic registrations are filtered too", async () => {
    const registry = createRegistry(defs, { allow: ["everywhere"] });
    expect(await registry.dispatch("tagged", {})).toMatchObject({ error: { code: "unknown_tool" } });
    expect(registry.register({ name: "extra", description: "", fn: () => 1 })).toBeUndefined();
    expect(registry.get("extra")).toBeUndefined();
  });
});

describe("toolsets", () => {
  class Counter {
    count = 0;
    constructor(readonly start = 0) {}
    next(): number {
      return this.start + ++this.count;
    }
  }
  const method = (name: string, m: string): EntryDefinition => ({
    ...definition(manifestEntry(name, { implementation: { module: "dist/counter.js", export: "Counter", method: m } })),
    fn: undefined,
    load: async () => ({ Counter }),
  });

  it("creates one instance per class and registry, shared by its methods", async () => {
    const registry = createRegistry([method("a", "next"), method("b", "next")]);
    expect([await registry.dispatch("a", {}), await registry.dispatch("b", {}), await registry.dispatch("a", {})]).toEqual([
      { status: "ok", text: "1" },
      { status: "ok", text: "2" },
      { status: "ok", text: "3" },
    ]);
  });

  it("uses the host's factory when given one", async () => {
    const made: string[] = [];
    const registry = createRegistry([method("a", "next")], { toolsetFactory: (cls, name) => { made.push(name); return new (cls as typeof Counter)(100); } });
    expect(await registry.dispatch("a", {})).toEqual({ status: "ok", text: "101" });
    expect(made).toEqual(["Counter"]);
  });

  it("a missing method is an internal error naming it", async () => {
    expect(await createRegistry([method("a", "previous")]).dispatch("a", {})).toEqual({ status: "error", error: { code: "internal", message: "Cannot load 'a': 'Counter' has no method 'previous'." } });
  });
});

describe("interceptors", () => {
  it("wrap every call in registration order, see converted arguments, and can replace the outcome", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "delete_all", description: "", annotations: { destructiveHint: true }, params: [{ name: "confirm", type: "boolean" }], fn: () => "deleted" });
    registry.register({ name: "read", description: "", fn: () => "content" });
    const log: string[] = [];
    registry
      .use(async (call: CallInfo, next: () => Promise<Outcome>) => {
        log.push(`before ${call.name} ${JSON.stringify(call.arguments)}`);
        const outcome = await next();
        log.push(`after ${call.name} ${outcome.status}`);
        return outcome;
      })
      .use(async (call, next) => (call.entry.annotations?.destructiveHint ? { status: "error", error: { code: "tool_error", message: "Not approved." } } : next()));
    expect(await registry.dispatch("delete_all", { confirm: true })).toEqual({ status: "error", error: { code: "tool_error", message: "Not approved." } });
    expect(await registry.dispatch("read", {})).toEqual({ status: "ok", text: "content" });
    expect(log).toEqual(['before delete_all {"confirm":true}', "after delete_all error", "before read {}", "after read ok"]);
  });

  it("can route a tool to a dedicated executor without calling it", async () => {
    let called = false;
    const registry = createRegistry([]);
    registry.register({ name: "bash", description: "", params: [{ name: "cmd", type: "string" }], fn: () => { called = true; return ""; } });
    registry.use(async (call, next) => (call.name === "bash" ? { status: "ok", text: `sandboxed: ${String(call.arguments.cmd)}` } : next()));
    expect(await registry.dispatch("bash", { cmd: "ls" })).toEqual({ status: "ok", text: "sandboxed: ls" });
    expect(called).toBe(false);
  });
});

describe("the pipeline between validation and the call", () => {
  it("repairs lenient input, records each repair, and strict mode turns repairs off", async () => {
    const schema = { type: "object", properties: { n: { type: "number" }, opts: { type: "object", properties: { deep: { type: "boolean" } }, additionalProperties: false }, note: { type: "string" } }, required: ["n"], additionalProperties: false };
    const def = (): EntryDefinition => ({ ...definition(manifestEntry("t", { inputSchema: schema, arguments: { mode: "request", parameters: [{ kind: "request" }] } })), fn: (args: unknown) => args });
    const lenient = await createRegistry([def()]).dispatch("t", { n: "3", opts: '{"deep":true}', note: null });
    expect(lenient).toEqual({
      status: "ok",
      text: '{"n":3,"opts":{"deep":true}}',
      structured: { n: 3, opts: { deep: true } },
      repairs: [
        { path: "/n", repair: "parsed_number_string" },
        { path: "/opts", repair: "parsed_json_string" },
        { path: "/note", repair: "null_as_absent" },
      ],
    });
    expect(await createRegistry([def()], { strict: true }).dispatch("t", { n: "3" })).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "/n", expected: "a number", received: 'the string "3"' }] } } });
  });

  it("repairs reach a map's values and the union member a value is, and the tool gets a copy sharing nothing with what was sent, without the keys set to undefined", async () => {
    const payment = { anyOf: [{ type: "object", properties: { kind: { const: "card" }, last4: { type: "string" } }, required: ["kind", "last4"], additionalProperties: false }, { type: "object", properties: { kind: { const: "invoice" }, days: { type: "number" }, note: { type: "string" } }, required: ["kind", "days"], additionalProperties: false }] };
    const schema = { type: "object", properties: { items: { type: "object", additionalProperties: { type: "number" } }, payment, tags: { type: "array", items: { type: "string" } }, extra: { type: "string" } }, required: ["items", "payment"], additionalProperties: false };
    const received: unknown[] = [];
    const registry = createRegistry([{ ...definition(manifestEntry("order", { inputSchema: schema, arguments: { mode: "request", parameters: [{ kind: "request" }] } })), fn: (args: unknown) => (received.push(args), "ok") }]);
    const sent = { items: { a: "2", b: 3 }, payment: { kind: "invoice", days: "30", note: null }, tags: ["x"], extra: undefined };
    const before = JSON.stringify(sent);
    expect(await registry.dispatch("order", sent)).toEqual({
      status: "ok",
      text: "ok",
      repairs: [
        { path: "/items/a", repair: "parsed_number_string" },
        { path: "/payment/days", repair: "parsed_number_string" },
        { path: "/payment/note", repair: "null_as_absent" },
      ],
    });
    expect(received).toEqual([{ items: { a: 2, b: 3 }, payment: { kind: "invoice", days: 30 }, tags: ["x"] }]);
    expect(Object.keys(received[0] as object)).toEqual(["items", "payment", "tags"]);
    expect(JSON.stringify(sent)).toBe(before);
    (received[0] as { tags: string[] }).tags.push("y");
    expect(sent.tags).toEqual(["x"]);
    // A union member no discriminator names is not guessed.
    expect(await registry.dispatch("order", { items: {}, payment: { kind: "cash", days: "30" } })).toMatchObject({ error: { code: "invalid_arguments" } });
  });

  it("a key set to undefined is absent, as JSON has it: an unknown one is not refused, a map's is no value, a required one is still missing", async () => {
    const schema = { type: "object", properties: { q: { type: "string" }, counts: { type: "object", additionalProperties: { type: "number" } } }, required: ["q"], additionalProperties: false };
    const received: unknown[] = [];
    const registry = createRegistry([{ ...definition(manifestEntry("find", { inputSchema: schema, arguments: { mode: "request", parameters: [{ kind: "request" }] } })), fn: (args: unknown) => (received.push(args), "ok") }]);
    expect(await registry.dispatch("find", { q: "x", extra: undefined, counts: { a: 1, b: undefined } })).toEqual({ status: "ok", text: "ok" });
    expect(received).toEqual([{ q: "x", counts: { a: 1 } }]);
    expect(Object.keys((received[0] as { counts: object }).counts)).toEqual(["a"]);
    expect(await registry.dispatch("find", { q: undefined })).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "/q", expected: "a value (this property is required)", received: "nothing" }] } } });
  });

  it("an optional request reaches the tool as an object: the defaults of what was left out, or {}", async () => {
    const schema = { type: "object", properties: { count: { type: "number" }, label: { type: "string" } }, additionalProperties: false };
    const received: unknown[] = [];
    const tool = (name: string, defaults?: Record<string, unknown>) => ({ ...definition(manifestEntry(name, { inputSchema: schema, arguments: { mode: "request", parameters: [{ kind: "request" }] }, ...(defaults ? { defaults } : {}) })), fn: (args: unknown) => (received.push(args), "ok") });
    const registry = createRegistry([tool("plain"), tool("counted", { count: 3 })]);
    await registry.dispatch("plain", undefined);
    await registry.dispatch("counted", undefined);
    await registry.dispatch("counted", { label: "x" });
    await registry.dispatch("counted", { count: 5 });
    expect(received).toEqual([{}, { count: 3 }, { label: "x", count: 3 }, { count: 5 }]);
  });

  it("lists the first 1,000 repairs of a call that needs a million", async () => {
    const schema = { type: "object", properties: { grid: { type: "array", items: { type: "number" } } }, required: ["grid"], additionalProperties: false };
    const registry = createRegistry([{ ...definition(manifestEntry("sum", { inputSchema: schema, arguments: { mode: "request", parameters: [{ kind: "request" }] } })), fn: (args: unknown) => (args as { grid: number[] }).grid.reduce((a, b) => a + b, 0) }]);
    const outcome = await registry.dispatch("sum", { grid: Array.from({ length: 1_000_000 }, () => "1") });
    expect(outcome).toMatchObject({ status: "ok", text: "1000000" });
    expect(outcome.status === "ok" && outcome.repairs).toHaveLength(1000);
    expect(outcome.status === "ok" && outcome.repairs![999]).toEqual({ path: "/grid/999", repair: "parsed_number_string" });
  });

  it("when repairs do not make the arguments valid, each issue says what the model sent, not what a repair made of it", async () => {
    const schema = { type: "object", properties: { n: { type: "integer" }, q: { type: "string" } }, required: ["n", "q"], additionalProperties: false };
    const registry = createRegistry([definition(manifestEntry("t", { inputSchema: schema, arguments: { mode: "request", parameters: [{ kind: "request" }] } }))]);
    expect(await registry.dispatch("t", { n: "3.5", q: null })).toMatchObject({
      error: {
        code: "invalid_arguments",
        payload: {
          issues: [
            { path: "/n", expected: "an integer", received: 'the string "3.5"' },
            { path: "/q", expected: "a string", received: "null" },
          ],
        },
      },
    });
  });

  it("converts date-time strings to Date and @alias names back, then binds positional arguments and the context", async () => {
    let received: unknown[] = [];
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("t", {
          inputSchema: { type: "object", properties: { when: { type: "string", format: "date-time" }, file_path: { type: "string" } }, required: ["when", "file_path"], additionalProperties: false },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "filePath" }, { kind: "context" }, { kind: "argument", name: "when" }] },
          conversions: [{ op: "date", at: "/when" }, { op: "rename", at: "", from: "file_path", to: "filePath" }],
        }),
      ),
      fn: (...args: unknown[]) => { received = args; return "ok"; },
    };
    await createRegistry([def]).dispatch("t", { when: "2026-01-02T03:04:05Z", file_path: "a.txt" });
    expect(received[0]).toBe("a.txt");
    expect((received[1] as { toolName: string }).toolName).toBe("t");
    expect(received[2]).toEqual(new Date("2026-01-02T03:04:05Z"));
  });

  it("a leap second (23:59:60, valid RFC 3339) is the Date of the second after 23:59:59, never an Invalid Date", async () => {
    let received: unknown;
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("t", {
          inputSchema: { type: "object", properties: { at: { type: "string", format: "date-time" } }, required: ["at"], additionalProperties: false },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "at" }] },
          conversions: [{ op: "date", at: "/at" }],
        }),
      ),
      fn: (at: unknown) => void (received = at),
    };
    const registry = createRegistry([def]); // date-time is always checked
    expect(await registry.dispatch("t", { at: "2016-12-31T23:59:60Z" })).toMatchObject({ status: "ok" });
    expect(received).toEqual(new Date("2017-01-01T00:00:00Z"));
    await registry.dispatch("t", { at: "2016-12-31T18:59:60.5-05:00" });
    expect(received).toEqual(new Date("2017-01-01T00:00:00.500Z"));
  });

  it("renames one object's names at once: a chain (an alias that is another parameter's name) and a swap", async () => {
    const received: unknown[][] = [];
    const entry = (name: string, properties: string[], parameters: string[], renames: Array<[from: string, to: string]>): EntryDefinition => ({
      ...definition(
        manifestEntry(name, {
          inputSchema: { type: "object", properties: Object.fromEntries(properties.map((p) => [p, { type: "string" }])), required: properties, additionalProperties: false },
          arguments: { mode: "positional", parameters: parameters.map((p) => ({ kind: "argument" as const, name: p })) },
          conversions: renames.map(([from, to]) => ({ op: "rename" as const, at: "", from, to })),
        }),
      ),
      fn: (...args: unknown[]) => {
        received.push(args);
        return "ok";
      },
    });
    // copy(target, source) with `@alias target destination` and `@alias source target`.
    const chain = entry("copy", ["destination", "target"], ["target", "source"], [["destination", "target"], ["target", "source"]]);
    const swap = entry("swap", ["q", "query"], ["q", "query"], [["query", "q"], ["q", "query"]]);
    const registry = createRegistry([chain, swap]);
    await registry.dispatch("copy", { destination: "/tmp/b", target: "/tmp/a" });
    await registry.dispatch("swap", { q: "from q", query: "from query" });
    expect(received).toEqual([
      ["/tmp/b", "/tmp/a"],
      ["from query", "from q"],
    ]);
  });

  it("a model name two union members rename differently moves once (the first rename), and types that refer to each other at one value are not followed round", async () => {
    let received: unknown;
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("t", {
          inputSchema: { type: "object", properties: { v: { type: "object" } }, required: ["v"], additionalProperties: false },
          arguments: { mode: "request", parameters: [{ kind: "request" }] },
          conversions: [{ op: "rename", at: "/v", from: "a", to: "b" }, { op: "rename", at: "/v", from: "a", to: "c" }, { op: "ref", at: "/v", def: "A" }],
          conversionDefs: { A: [{ op: "ref", at: "", def: "B" }, { op: "ref", at: "", def: "B" }], B: [{ op: "ref", at: "", def: "A" }, { op: "date", at: "/when" }] },
        }),
      ),
      fn: (request: unknown) => {
        received = request;
        return "ok";
      },
    };
    expect((await createRegistry([def]).dispatch("t", { v: { a: 1, when: "2026-01-01T00:00:00Z" } })).status).toBe("ok");
    expect(received).toEqual({ v: { b: 1, when: new Date("2026-01-01T00:00:00Z") } });
  });

  it("a conversion this runtime does not know (a newer toolgen's) is an internal outcome saying so, never a call with unconverted values", async () => {
    let called = false;
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("t", {
          inputSchema: { type: "object", properties: { x: { type: "string" } }, required: ["x"], additionalProperties: false },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "x" }] },
          conversions: [{ op: "future", at: "/x" } as never],
        }),
      ),
      fn: () => {
        called = true;
        return "ok";
      },
    };
    expect(await createRegistry([def]).dispatch("t", { x: "a" })).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringContaining("unknown conversion 'future': this entry needs a newer @toolgen/runtime") } });
    expect(called).toBe(false);
  });

  it("converts values of a recursive type at every depth (conversionDefs), before the renames around them", async () => {
    let received: unknown[] = [];
    const ev = { type: "object", properties: { at: { type: "string", format: "date-time" }, subs: { $ref: "#/$defs/Array_Ev" } }, required: ["at"], additionalProperties: false };
    const node = { type: "object", properties: { label: { type: "string" }, kids: { type: "array", items: { $ref: "#/$defs/TreeNode" } } }, required: ["label"], additionalProperties: false };
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("plan", {
          inputSchema: {
            type: "object",
            properties: { evs: { $ref: "#/$defs/Array_Ev" }, top: { $ref: "#/$defs/TreeNode" } },
            required: ["evs", "top"],
            additionalProperties: false,
            $defs: { Array_Ev: { type: "array", items: ev }, TreeNode: node },
          },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "evs" }, { kind: "argument", name: "root" }] },
          conversions: [{ op: "ref", at: "/evs", def: "Array_Ev" }, { op: "ref", at: "/top", def: "TreeNode" }, { op: "rename", at: "", from: "top", to: "root" }],
          conversionDefs: {
            Array_Ev: [{ op: "date", at: "/*/at" }, { op: "ref", at: "/*/subs", def: "Array_Ev" }],
            TreeNode: [{ op: "rename", at: "", from: "label", to: "name" }, { op: "ref", at: "/kids/*", def: "TreeNode" }],
          },
        }),
      ),
      fn: (...args: unknown[]) => {
        received = args;
        return "ok";
      },
    };
    const outcome = await createRegistry([def]).dispatch("plan", {
      evs: [{ at: "2026-01-01T00:00:00Z", subs: [{ at: "2026-01-02T00:00:00Z", subs: [{ at: "2026-01-03T00:00:00Z" }] }] }],
      top: { label: "a", kids: [{ label: "b", kids: [{ label: "c" }] }] },
    });
    expect(outcome.status).toBe("ok");
    expect(received[0]).toEqual([{ at: new Date("2026-01-01T00:00:00Z"), subs: [{ at: new Date("2026-01-02T00:00:00Z"), subs: [{ at: new Date("2026-01-03T00:00:00Z") }] }] }]);
    expect(received[1]).toEqual({ name: "a", kids: [{ name: "b", kids: [{ name: "c" }] }] });
  });

  it("Date | string: only a date-time becomes a Date; any other string stays a string (never an Invalid Date)", async () => {
    let received: unknown;
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("t", {
          inputSchema: { type: "object", properties: { x: { anyOf: [{ type: "string", format: "date-time" }, { type: "string" }] } }, required: ["x"], additionalProperties: false },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "x" }] },
          conversions: [{ op: "date", at: "/x" }],
        }),
      ),
      fn: (x: unknown) => { received = x; return "ok"; },
    };
    const registry = createRegistry([def]);
    await registry.dispatch("t", { x: "hello" });
    expect(received).toBe("hello");
    await registry.dispatch("t", { x: "2026-01-02T03:04:05Z" });
    expect(received).toEqual(new Date("2026-01-02T03:04:05Z"));
  });

  it("a typed call passes Dates as the function declares them: sent as JSON, validated, converted back", async () => {
    let received: unknown;
    const def: EntryDefinition = {
      ...definition(
        manifestEntry("t", {
          inputSchema: { type: "object", properties: { when: { type: "string", format: "date-time" } }, required: ["when"], additionalProperties: false },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "when" }] },
          conversions: [{ op: "date", at: "/when" }],
        }),
      ),
      fn: (when: unknown) => { received = when; return "ok"; },
    };
    const registry = createRegistry<{ t: { when: Date } }>([def]);
    expect(await registry.call("t", { when: new Date("2026-05-01T00:00:00Z") })).toEqual({ status: "ok", text: "ok" });
    expect(received).toEqual(new Date("2026-05-01T00:00:00Z"));
    expect(await registry.call("t", { when: 1n } as unknown as { when: Date })).toMatchObject({ status: "error", error: { code: "invalid_arguments", message: expect.stringMatching(/^Invalid arguments for 't': a value JSON.stringify refuses \(.*BigInt/) } });
    // What JSON would write as null is refused too, not sent as null (and dropped by a repair, where it is optional).
    expect(await registry.call("t", { when: new Date("garbage") })).toMatchObject({ status: "error", error: { code: "invalid_arguments", message: "Invalid arguments for 't': a value JSON.stringify refuses (an Invalid Date)." } });
    expect(await registry.call("t", { when: Number.NaN } as unknown as { when: Date })).toMatchObject({ status: "error", error: { message: "Invalid arguments for 't': a value JSON.stringify refuses (NaN)." } });
  });

  it("refuses hostile nesting with invalid_arguments before validation", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "t", description: "", params: [{ name: "v", schema: {} }], fn: () => "ok" });
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const outcome = await registry.dispatch("t", { v: deep });
    expect(outcome).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ expected: "at most 128 levels of nesting", received: "a value nested deeper" }] } } });
  });

  it("runs concurrent calls independently", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "wait", description: "", params: [{ name: "id", type: "integer" }], fn: async (args) => { await new Promise((r) => setImmediate(r)); return `done ${String(args.id)}`; } });
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, id) => registry.dispatch("wait", { id })));
    expect(outcomes.map((o) => (o.status === "ok" ? o.text : o.status))).toEqual(Array.from({ length: 200 }, (_, id) => `done ${id}`));
  });
});

export function definition(e: ManifestEntry): EntryDefinition {
  return { entry: e, validate: compileSchema(e.inputSchema), fn: () => e.name };
}
