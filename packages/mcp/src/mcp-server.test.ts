import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect as connectSocket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, McpError, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { compileSchema, createRegistry, EndTask, type JsonSchema, type ManifestEntry } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOOLGEN_BIN } from "../../../test-support/temp-project.js";
import { createMcpHandler } from "./create-mcp-handler.js";
import { createMcpServer, type McpServerOptions } from "./create-mcp-server.js";
import type { McpRegistry } from "./mcp-registry.js";
import { restoreProtoKey } from "./register-tools.js";
import { registryForRequest } from "./registry-for-request.js";
import { serveHttp, type RunningHttpServer } from "./node/serve-http.js";
import { buildFixture, type BuiltFixture } from "./test-support/built-fixture.js";

const identity = { name: "bookshop", version: "2.3.4", description: "A bookshop." };

async function connect(registry: McpRegistry, options: Partial<McpServerOptions> = {}): Promise<Client> {
  const server = createMcpServer(registry, { identity, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

/** One build of fixtures/mcp serves every transport below. */
let fixture: BuiltFixture;
beforeAll(async () => {
  fixture = await buildFixture("mcp");
});
afterAll(() => fixture?.cleanup());

/** What every transport must carry: tools, an isError result, a prompt, a resource template. */
async function exercise(client: Client): Promise<void> {
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["quote_order", "greet", "withdraw"]);
  expect((await client.callTool({ name: "quote_order", arguments: { id: "b2" } })).structuredContent).toEqual({ id: "b2", quantity: 1, total: 12.5 });
  expect(await client.callTool({ name: "withdraw", arguments: { amount: 1 } })).toMatchObject({ isError: true });
  expect((await client.getPrompt({ name: "review_book", arguments: { title: "Emma", stars: "5" } })).messages[0]!.content).toEqual({ type: "text", text: 'Write a 5-star review of "Emma" without spoilers.' });
  expect((await client.readResource({ uri: "shop://books/x1" })).contents).toEqual([{ uri: "shop://books/x1", mimeType: "application/json", text: '{"id":"x1","title":"Book x1"}' }]);
}

describe("the MCP server, through the SDK's own Client over an in-memory pair", () => {
  let client: Client;

  beforeAll(async () => {
    client = await connect(fixture.registry());
  });
  afterAll(async () => {
    await client?.close();
  });

  it("introduces itself with the configured identity", () => {
    expect(client.getServerVersion()).toMatchObject(identity);
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {}, resources: {} });
  });

  it("lists tools with schemas, titles and annotations, and leaves external tools out", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["quote_order", "greet", "withdraw"]);
    const quote = tools[0]!;
    expect(quote.title).toBe("Quote an order");
    expect(quote.annotations).toEqual({ title: "Quote an order", readOnlyHint: true, idempotentHint: true });
    expect(quote.inputSchema).toMatchObject({ type: "object", required: ["id"] });
    expect(quote.outputSchema).toMatchObject({ type: "object", required: ["id", "quantity", "total"] });
    expect(tools[2]!.annotations).toEqual({ destructiveHint: true });
  });

  it("returns an object result as text and as structured content", async () => {
    const result = await client.callTool({ name: "quote_order", arguments: { id: "b1", quantity: 3 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ id: "b1", quantity: 3, total: 37.5 });
    expect(result.content).toEqual([{ type: "text", text: '{"id":"b1","quantity":3,"total":37.5}' }]);
  });

  it("returns a string result as text, and as { result } structured content (MCP's must be an object)", async () => {
    const greet = (await client.listTools()).tools.find((t) => t.name === "greet");
    expect(greet?.outputSchema).toEqual({ type: "object", properties: { result: { type: "string" } }, required: ["result"], additionalProperties: false });
    const result = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
    expect(result).toEqual({ content: [{ type: "text", text: "Hello, Ada!" }], structuredContent: { result: "Hello, Ada!" } });
  });

  it("answers a ToolError with an isError result carrying its payload", async () => {
    const result = await client.callTool({ name: "withdraw", arguments: { amount: 50 } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: 'The till holds 10 euros; cannot take 50.\n{"balance":10,"requested":50}' }]);
    expect(result._meta).toEqual({ "dev.toolgen/error": { code: "tool_error", payload: { balance: 10, requested: 50 } } });
  });

  it("answers invalid arguments with an isError result a model can act on", async () => {
    const result = await client.callTool({ name: "quote_order", arguments: { quantity: "many" } });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(text).toContain("Invalid arguments for 'quote_order'");
    expect(text).toContain("id: expected a value (this property is required), received nothing");
    expect(text).toContain('quantity: expected a number, received the string "many"');
  });

  it("says in each prompt argument's description what the typed string must hold: unions, nulls, dates; nothing where any text will do", async () => {
    const registry = createRegistry([], { formats: ALL_FORMATS });
    registry.register({
      kind: "prompt",
      name: "plan",
      description: "Plans.",
      params: [
        { name: "size", description: "The size.", schema: { anyOf: [{ type: "string", enum: ["auto"] }, { type: "number" }] }, required: false },
        { name: "count", schema: { type: ["integer", "null"] }, required: false },
        { name: "when", description: "When.", schema: { type: "string", format: "date-time" }, required: false },
        { name: "day", schema: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] }, required: false },
        { name: "note", schema: { anyOf: [{ type: "string" }, { type: "number" }] }, required: false },
      ],
      fn: () => "Plan.",
    });
    const { prompts } = await (await connect(registry)).listPrompts();
    expect(prompts[0]!.arguments).toEqual([
      { name: "size", description: "The size. (auto, or a number)", required: false },
      { name: "count", description: "(an integer, or null)", required: false },
      { name: "when", description: "When. (a date-time such as 2026-01-31T09:00:00Z)", required: false },
      { name: "day", description: "(a date such as 2026-01-31, or null)", required: false },
      { name: "note", required: false },
    ]);
  });

  it("a subscription holds for every spelling of its URI (percent-encodings in either case, unreserved characters encoded), notified as subscribed", async () => {
    const registry = createRegistry([]);
    registry.register({ kind: "resource", name: "note", description: "A note.", params: [{ name: "title", type: "string" }], uris: ["notes://{title}"], fn: (args) => String(args.title) });
    const subscriber = await connect(registry, { stateful: true });
    const updates: string[] = [];
    subscriber.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await subscriber.subscribeResource({ uri: "notes://caf%C3%A9" });
    registry.resourceUpdated("notes://caf%c3%a9");
    registry.resourceUpdated("NOTES://caf%C3%A9");
    registry.resourceUpdated("notes://other");
    await subscriber.unsubscribeResource({ uri: "notes://%63af%c3%a9" });
    registry.resourceUpdated("notes://caf%C3%A9");
    await subscriber.ping();
    expect(updates).toEqual(["notes://caf%C3%A9", "notes://caf%C3%A9"]);
  });

  it("a spelling a public template matches of a scoped resource's URI neither subscribes to it nor reads it", async () => {
    const registry = createRegistry([]);
    registry.register({ kind: "resource", name: "secret", description: "The secret.", scopes: ["admin"], uris: ["config://secret"], fn: () => "s" });
    registry.register({ kind: "resource", name: "setting", description: "A setting.", params: [{ name: "key", type: "string" }], uris: ["config://{key}"], fn: (args) => String(args.key) });
    const subscriber = await connect(registryForRequest(registry, { subject: "mallory", scopes: [], claims: {} }, new AbortController().signal), { stateful: true });
    const updates: string[] = [];
    subscriber.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await expect(subscriber.subscribeResource({ uri: "config://secret" })).rejects.toThrow(/There is no resource at config:\/\/secret that this session may read/);
    await expect(subscriber.subscribeResource({ uri: "config://%73ecret" })).rejects.toThrow(/There is no resource at config:\/\/%73ecret that this session may read/);
    // Nor is it read by that spelling through the public template (which would be given "secret").
    await expect(subscriber.readResource({ uri: "config://%73ecret" })).rejects.toThrow(/The caller may not/);
    await expect(subscriber.readResource({ uri: "config://secre%74" })).rejects.toThrow(/The caller may not/);
    expect(await subscriber.readResource({ uri: "config://%63olour" })).toEqual({ contents: [{ uri: "config://%63olour", text: "colour" }] });
    // A static URI the application spelled otherwise than in normal form wins all the same, for whoever may read it.
    const spelledOtherwise = createRegistry([]);
    spelledOtherwise.register({ kind: "resource", name: "secret", description: "The secret.", scopes: ["admin"], uris: ["Config://secret"], fn: () => "s" });
    spelledOtherwise.register({ kind: "resource", name: "setting", description: "A setting.", params: [{ name: "key", type: "string" }], uris: ["config://{key}"], fn: (args) => String(args.key) });
    const [mallory, admin] = await Promise.all([{ subject: "mallory", scopes: [], claims: {} }, { subject: "root", scopes: ["admin"], claims: {} }].map((principal) => connect(registryForRequest(spelledOtherwise, principal, new AbortController().signal), { stateful: true })));
    for (const uri of ["config://secret", "Config://secret", "config://%73ecret"]) {
      await expect(mallory!.readResource({ uri })).rejects.toThrow(/The caller may not/);
      expect((await admin!.readResource({ uri })).contents).toEqual([{ uri, text: "s" }]);
    }
    await subscriber.subscribeResource({ uri: "config://colour" });
    registry.resourceUpdated("config://secret");
    registry.resourceUpdated("CONFIG://colour");
    await subscriber.ping();
    expect(updates).toEqual(["config://colour"]);
  });

  it("answers an unknown tool with a protocol error naming the real ones", async () => {
    await expect(client.callTool({ name: "refund_order", arguments: { orderId: "o1" } })).rejects.toThrow(/Unknown tool 'refund_order'. Known tools: quote_order, greet, withdraw/);
  });

  it("lists prompts with their arguments", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: "review_book",
        description: "Asks for a review of a book.",
        arguments: [
          { name: "title", description: "The book's title.", required: true },
          { name: "stars", description: "How many stars the reviewer gives. (a number)", required: true },
          { name: "spoilers", description: "Whether the review may reveal the ending. (a boolean)", required: false },
        ],
      },
    ]);
  });

  it("gets a prompt, converting its string arguments to the declared types", async () => {
    const result = await client.getPrompt({ name: "review_book", arguments: { title: "Dune", stars: "4", spoilers: "true" } });
    expect(result.messages).toEqual([{ role: "user", content: { type: "text", text: 'Write a 4-star review of "Dune".' } }]);
  });

  it("says clearly when a prompt argument cannot become its declared type", async () => {
    const error = await client.getPrompt({ name: "review_book", arguments: { title: "Dune", stars: "four" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).message).toContain(`Argument 'stars' of prompt 'review_book' must be a number; received the string "four".`);
  });

  it("lists static resources and resource templates with their MIME types", async () => {
    expect((await client.listResources()).resources).toEqual([
      { uri: "shop://hours", name: "opening_hours", description: "The shop's opening hours.", mimeType: "text/plain" },
      { uri: "shop://logo.png", name: "logo", description: "The first bytes of the shop's logo.", mimeType: "image/png" },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([{ uriTemplate: "shop://books/{id}", name: "book_record", description: "A book's catalogue record.", mimeType: "application/json" }]);
  });

  it("reads a static resource and a templated one", async () => {
    expect((await client.readResource({ uri: "shop://hours" })).contents).toEqual([{ uri: "shop://hours", mimeType: "text/plain", text: "Mon-Sat 9:00-18:00" }]);
    expect((await client.readResource({ uri: "shop://books/b7" })).contents).toEqual([{ uri: "shop://books/b7", mimeType: "application/json", text: '{"id":"b7","title":"Book b7"}' }]);
  });

  it("reads a binary resource as a base64 blob", async () => {
    expect((await client.readResource({ uri: "shop://logo.png" })).contents).toEqual([{ uri: "shop://logo.png", mimeType: "image/png", blob: Buffer.from([137, 80, 78, 71]).toString("base64") }]);
  });

  it("answers a URI no resource matches with 'resource not found'", async () => {
    const error = await client.readResource({ uri: "shop://nothing" }).catch((e: unknown) => e);
    expect((error as McpError).code).toBe(-32002);
  });

  it("hands the request's _meta to the tool as context.meta (a caller's trace context, SEP-414)", async () => {
    const registry = fixture.registry();
    registry.register({ name: "trace_of", description: "Says which trace called it.", fn: (_args, context) => String(context.meta?.traceparent) });
    const traced = await connect(registry);
    try {
      const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
      expect(await traced.callTool({ name: "trace_of", arguments: {}, _meta: { traceparent } })).toEqual({ content: [{ type: "text", text: traceparent }] });
      expect(await traced.callTool({ name: "trace_of", arguments: {} })).toEqual({ content: [{ type: "text", text: "undefined" }] });
    } finally {
      await traced.close();
    }
  });

  it("a form that is not flat, and a client's malformed answer, reach the tool as a ToolError in words, not zod's issue list", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "ask_address", description: "Asks for an address.", fn: (_args, context) => context.elicit("Address?", { type: "object", properties: { addr: { type: "object" } } } as never) });
    registry.register({ name: "summarize", description: "Samples a summary.", fn: async (_args, context) => (await context.sample({ messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 10 })).text });
    // Stateful, as over stdio: the server may ask the client.
    const server = createMcpServer(registry, { identity, stateful: true });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const asking = new Client({ name: "test-client", version: "1.0.0" }, { capabilities: { sampling: {}, elicitation: {} } });
    asking.setRequestHandler(CreateMessageRequestSchema, () => ({ role: "assistant", content: { type: "text" } }) as never);
    let elicited = false;
    asking.setRequestHandler(ElicitRequestSchema, () => ((elicited = true), { action: "decline" }));
    await asking.connect(clientSide);
    try {
      const text = async (name: string) => ((await asking.callTool({ name, arguments: {} })).content as Array<{ text: string }>)[0]!.text;
      expect(await text("ask_address")).toBe("context.elicit takes a flat form: the field 'addr' is \"object\", where each must be a string, number, integer, boolean or a list of choices.");
      expect(elicited).toBe(false);
      expect(await text("summarize")).toMatch(/^The client's answer to sampling\/createMessage is not a sampling result: (model|content\.text): [^[{]+\.$/);
    } finally {
      await asking.close();
    }
  });

  it("sample and elicit tell the tool what is missing: the client's capability, or a server with sessions", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "ask_name", description: "Asks for a name.", fn: async (_args, context) => (await context.elicit("Name?", { type: "object", properties: { name: { type: "string" } } })).action });
    registry.register({ name: "summarize", description: "Samples a summary.", fn: async (_args, context) => (await context.sample({ messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 10 })).text });
    const said = async (stateful: boolean, capabilities: { sampling?: Record<string, never>; elicitation?: Record<string, never> }) => {
      const server = createMcpServer(registry, { identity, stateful });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities });
      await client.connect(clientSide);
      try {
        const text = async (name: string) => ((await client.callTool({ name, arguments: {} })).content as Array<{ text: string }>)[0]!.text;
        return [await text("summarize"), await text("ask_name")];
      } finally {
        await client.close();
      }
    };
    expect(await said(true, {})).toEqual([
      "This server cannot sample a model: the client did not declare the sampling capability.",
      "This server cannot ask the user: the client did not declare the elicitation capability.",
    ]);
    // Stateless, the server never sees the client's capabilities: sessions are what is missing, whatever it declared.
    const [sampling, elicitation] = await said(false, {});
    expect(sampling).toBe("This server cannot sample a model: it keeps no sessions, and the client's answer would reach another server (serve with sessions: `toolgen serve --http <port> --sessions`, or `sessions` in serveHttp, or in createMcpHandler where one instance serves every request, which Cloudflare Workers do not).");
    expect(elicitation).toMatch(/^This server cannot ask the user: it keeps no sessions/);
  });

  it("an elicitation waits as long as the call may run, not the SDK's 60 s default for a request: a person takes longer", async () => {
    const registry = createRegistry([]);
    registry.register({
      name: "ask_name",
      description: "Asks for a name.",
      fn: async (_args, context) => {
        const answer = await context.elicit("Name?", { type: "object", properties: { name: { type: "string" } } });
        return answer.action === "accept" ? String(answer.content.name) : answer.action;
      },
    });
    const server = createMcpServer(registry, { identity, stateful: true });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    let answer = (_name: string) => {};
    const asked = new Promise<void>((resolve) => {
      client.setRequestHandler(ElicitRequestSchema, () => new Promise((reply) => ((answer = (name) => reply({ action: "accept", content: { name } })), resolve())));
    });
    await client.connect(clientSide);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const called = client.callTool({ name: "ask_name", arguments: {} }, undefined, { timeout: 10 * 60_000 });
      await asked;
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      answer("Ann");
      expect(await called).toEqual({ content: [{ type: "text", text: "Ann" }] });
    } finally {
      vi.useRealTimers();
      await client.close();
    }
  });

  it("names a tool in an error as it listed it, when the name had to be shortened", async () => {
    const registry = createRegistry([]);
    const long = "summarize_the_quarterly_revenue_report_for_every_region_and_product";
    registry.register({ name: long, description: "Summarizes.", params: [{ name: "quarter", type: "number" }], fn: () => "done" });
    const listed = await connect(registry);
    try {
      const [tool] = (await listed.listTools()).tools;
      expect(tool!.name).not.toBe(long);
      const result = await listed.callTool({ name: tool!.name, arguments: { quarter: "Q3" } });
      expect((result.content as Array<{ text: string }>)[0]!.text.split("\n")[0]).toBe(`Invalid arguments for '${tool!.name}' (1 problem):`);
    } finally {
      await listed.close();
    }
  });

  it("sends a call's progress only as it increases, as MCP requires", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "count", description: "Counts.", fn: (_args, context) => { for (const p of [5, 3, 3, 7, Number.NaN, 9]) context.reportProgress(p, 10); return "done"; } });
    const counting = await connect(registry);
    try {
      const seen: number[] = [];
      await counting.callTool({ name: "count", arguments: {} }, undefined, { onprogress: (p) => void seen.push(p.progress) });
      expect(seen).toEqual([5, 7, 9]);
    } finally {
      await counting.close();
    }
  });

  it("lists a tool registered after start-up", async () => {
    const registry = fixture.registry();
    const first = await connect(registry);
    registry.register({ name: "late_tool", description: "Registered later.", fn: () => "late" });
    const second = await connect(registry);
    try {
      expect((await first.listTools()).tools.map((t) => t.name)).not.toContain("late_tool");
      expect((await second.listTools()).tools.map((t) => t.name)).toContain("late_tool");
      expect(await second.callTool({ name: "late_tool", arguments: {} })).toEqual({ content: [{ type: "text", text: "late" }] });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("answers an EndTask of a tool with an output schema as the official client accepts it", async () => {
    const registry = createRegistry([]);
    const finish = (value?: unknown) => () => { throw new EndTask(value); };
    registry.register({ name: "end_count", description: "Ends with a number.", outputSchema: { type: "number" }, fn: finish(3) });
    registry.register({ name: "end_report", description: "Ends with a report.", outputSchema: { type: "object", properties: { done: { type: "boolean" } }, required: ["done"] }, fn: finish({ done: true }) });
    registry.register({ name: "end_bare", description: "Ends with nothing to show.", outputSchema: { type: "number" }, fn: finish() });
    const ended = await connect(registry);
    try {
      await ended.listTools(); // the client checks results against the output schemas it has listed
      expect(await ended.callTool({ name: "end_count", arguments: {} })).toEqual({ content: [{ type: "text", text: "3" }], structuredContent: { result: 3 }, _meta: { "dev.toolgen/ended": true } });
      expect(await ended.callTool({ name: "end_report", arguments: {} })).toMatchObject({ structuredContent: { done: true }, _meta: { "dev.toolgen/ended": true } });
      expect(await ended.callTool({ name: "end_bare", arguments: {} })).toEqual({ content: [{ type: "text", text: "The task is complete." }], isError: true, _meta: { "dev.toolgen/ended": true } });
    } finally {
      await ended.close();
    }
  });

  it("a string result that reads as JSON is the string where the output schema takes it, not the value it spells (the client checks)", async () => {
    const registry = createRegistry([]);
    const add = (name: string, outputSchema: JsonSchema, result: unknown) => registry.register({ name, description: `Returns ${name}.`, outputSchema, fn: () => result });
    add("literal", { enum: ["1", 2] }, "1");
    add("text_or_object", { anyOf: [{ type: "string" }, { type: "object", properties: { a: { type: "number" } }, required: ["a"] }] }, '{"b":1}');
    add("text_or_list", { anyOf: [{ type: "string" }, { type: "array", items: { type: "number" } }] }, '[1,"x"]');
    add("date_or_text", { anyOf: [{ type: "string", format: "date-time" }, { type: "string" }] }, "2020");
    add("list_or_text", { anyOf: [{ type: "string" }, { type: "array", items: { type: "number" } }] }, [1, 2]);
    const client = await connect(registry);
    try {
      await client.listTools();
      const structured = async (name: string) => (await client.callTool({ name, arguments: {} })).structuredContent;
      expect(await structured("literal")).toEqual({ result: "1" });
      expect(await structured("text_or_object")).toEqual({ result: '{"b":1}' });
      expect(await structured("text_or_list")).toEqual({ result: '[1,"x"]' });
      expect(await structured("date_or_text")).toEqual({ result: "2020" });
      expect(await structured("list_or_text")).toEqual({ result: [1, 2] });
    } finally {
      await client.close();
    }
  });

  it("answers a result that may be absent (T | undefined, whose schema admits null) as { result: null }", async () => {
    const registry = createRegistry([]);
    const outputSchema = { anyOf: [{ type: "object", properties: { v: { type: "number" } }, required: ["v"] }, { type: "null" }] };
    registry.register({ name: "maybe", description: "Finds one, or nothing.", params: [{ name: "give", type: "boolean" }], outputSchema, fn: (args) => (args.give ? { v: 1 } : undefined) });
    const maybe = await connect(registry);
    try {
      await maybe.listTools();
      expect(await maybe.callTool({ name: "maybe", arguments: { give: false } })).toEqual({ content: [{ type: "text", text: "" }], structuredContent: { result: null } });
      expect(await maybe.callTool({ name: "maybe", arguments: { give: true } })).toMatchObject({ structuredContent: { result: { v: 1 } } });
    } finally {
      await maybe.close();
    }
  });

  it("lets the host run external tools when it chooses to", async () => {
    const seen: unknown[] = [];
    const withHost = await connect(fixture.registry(), {
      external: async (call) => {
        seen.push(call.arguments);
        return `refunded ${String(call.arguments.orderId)}`;
      },
    });
    try {
      expect((await withHost.listTools()).tools.map((t) => t.name)).toContain("refund_order");
      const result = await withHost.callTool({ name: "refund_order", arguments: { orderId: "o1" } });
      expect(result).toEqual({ content: [{ type: "text", text: "refunded o1" }], structuredContent: { result: "refunded o1" } });
      expect(seen).toEqual([{ orderId: "o1" }]);
    } finally {
      await withHost.close();
    }
  });
});

describe("completion/complete with a completer that returns what is no list of strings", () => {
  it("is InternalError naming what it returned, not an answer the client refuses (a string is not spread into characters)", async () => {
    const registry = createRegistry([]);
    const returns: Record<string, unknown> = { mixed: [1, null, "ok"], word: "abc", fine: ["a", "b"] };
    registry.register({ name: "pick", kind: "prompt", description: "Picks.", params: Object.keys(returns).map((name) => ({ name, type: "string" as const, required: false })), complete: Object.fromEntries(Object.entries(returns).map(([name, value]) => [name, () => value as string[]])), fn: () => "" });
    const client = await connect(registry);
    try {
      const complete = (name: string) => client.complete({ ref: { type: "ref/prompt", name: "pick" }, argument: { name, value: "" } });
      await expect(complete("mixed")).rejects.toThrow(`MCP error -32603: Completing 'mixed' of the prompt 'pick' failed: its completer returned [1,null,"ok"], not an array of strings.`);
      await expect(complete("word")).rejects.toThrow(`its completer returned "abc", not an array of strings.`);
      expect((await complete("fine")).completion.values).toEqual(["a", "b"]);
    } finally {
      await client.close();
    }
  });
});

describe("stdio, against the real 'toolgen serve' binary", () => {
  it("serves the built fixture with the identity from its package.json and configuration", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [TOOLGEN_BIN, "serve", "-p", "tsconfig.json"], cwd: fixture.dir, stderr: "pipe" });
    const client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "bookshop", version: "2.3.4", description: "A bookshop's tools, prompts and resources, served over MCP." });
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});

describe("toolgen serve --allow / --tag: one part of the registry as its own server", () => {
  it("lists only the allowed entries", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [TOOLGEN_BIN, "serve", "-p", "tsconfig.json", "--allow", "greet"], cwd: fixture.dir, stderr: "pipe" });
    const client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["greet"]);
    } finally {
      await client.close();
    }
  });
});

describe("stdio: stdout carries the protocol alone", () => {
  it("a tool's console.log goes to stderr, and every line on stdout is a JSON-RPC message", async () => {
    const child = spawn(process.execPath, [TOOLGEN_BIN, "serve", "-p", "tsconfig.json"], { cwd: fixture.dir, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/call", params: { name: "greet", arguments: { name: "Lin" } } });
    while (!stdout.includes('"id":2')) await once(child.stdout, "data");
    child.stdin.end();
    await once(child, "exit");
    const lines = stdout.trim().split("\n");
    expect(lines.map((line) => (JSON.parse(line) as { id?: number }).id)).toEqual([1, 2]);
    expect(JSON.parse(lines[1]!)).toMatchObject({ result: { content: [{ type: "text", text: "Hello, Lin!" }] } });
    expect(stderr).toContain("greeting Lin");
  });
});

describe("stdio: a line that is no message is answered, and serving goes on", () => {
  it("answers broken JSON -32700 and a line over 10 MiB -32600, then the next call", async () => {
    const child = spawn(process.execPath, [TOOLGEN_BIN, "serve", "-p", "tsconfig.json"], { cwd: fixture.dir, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    send({ method: "notifications/initialized" });
    child.stdin.write("garbage line here\n");
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "greet", arguments: { name: "x".repeat(11 * 1024 * 1024) } } })}\n`);
    send({ id: 3, method: "tools/call", params: { name: "greet", arguments: { name: "Lin" } } });
    while (!stdout.includes('"id":3')) await once(child.stdout, "data");
    child.stdin.end();
    const [code] = (await once(child, "exit")) as [number];
    const answers = stdout.trim().split("\n").map((line) => JSON.parse(line) as { id: unknown; error?: { code: number } });
    // In the order they are ready: a refusal needs no server, so it may pass the initialize's answer.
    const summary = answers.map((a) => [a.id, a.error?.code]);
    expect(summary).toHaveLength(4);
    expect(summary).toEqual(expect.arrayContaining([[1, undefined], [null, -32700], [null, -32600], [3, undefined]]));
    expect(code).toBe(0);
  });
});

describe("streamable HTTP, stateless, on 127.0.0.1", () => {
  let running: RunningHttpServer;

  beforeAll(async () => {
    const registry = fixture.registry();
    running = await serveHttp(() => createMcpServer(registry, { identity }), { port: 0, maxBodyBytes: 64 * 1024 });
  });
  afterAll(() => running?.close());

  it("binds to 127.0.0.1 and serves /mcp", () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it("carries tools, prompts and resources, without a session", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(running.url));
    const client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect(transport.sessionId).toBeUndefined();
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it("answers any instance's request without an initialize first (what a load balancer needs)", async () => {
    const response = await post(running.url, { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "greet", arguments: { name: "Lin" } } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: "Hello, Lin!" }], structuredContent: { result: "Hello, Lin!" } } });
  });

  it("answers malformed JSON, oversize bodies, other methods and paths with errors, and stays up", async () => {
    const bad = await fetch(running.url, { method: "POST", headers: JSON_HEADERS, body: "{not json" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const big = await fetch(running.url, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ pad: "x".repeat(70 * 1024) }) });
    expect(big.status).toBe(413);
    expect((await fetch(running.url, { method: "GET" })).status).toBe(405);
    expect((await fetch(running.url.replace("/mcp", "/other"), { method: "POST", headers: JSON_HEADERS, body: "{}" })).status).toBe(404);
    const after = await post(running.url, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(after.status).toBe(200);
  });

  it("answers 406 to an Accept header without both JSON and SSE, read as media types (not substrings), or with one of them refused (q=0)", async () => {
    for (const accept of ["application/json", "application/jsonx, text/event-streamx", "*/*", "text/event-stream, application/json;q=0", "application/json, text/event-stream; q=0.000"]) {
      const response = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, accept }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
      expect([accept, response.status]).toEqual([accept, 406]);
    }
    const listed = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, accept: "application/json;q=0.9, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(listed.status).toBe(200);
  });

  it("answers 415 to a compressed body, which it would otherwise read as broken JSON; identity is no encoding", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const gzipped = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "content-encoding": "gzip" }, body });
    expect([gzipped.status, ((await gzipped.json()) as { error: { message: string } }).error.message]).toEqual([415, "Unsupported Media Type: a body with Content-Encoding gzip is not read; send it uncompressed."]);
    expect((await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "content-encoding": "identity" }, body })).status).toBe(200);
  });

  it("answers a body that is no UTF-8 -32700, and one in another charset 415: a byte read as U+FFFD would reach a tool as other data", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 } } }));
    const broken = new Uint8Array([...bytes.subarray(0, 60), 0xff, ...bytes.subarray(60)]);
    const notUtf8 = await fetch(running.url, { method: "POST", headers: JSON_HEADERS, body: broken });
    expect([notUtf8.status, ((await notUtf8.json()) as { error: { code: number; message: string } }).error]).toEqual([400, { code: -32700, message: "Parse error: the body is not valid UTF-8, which JSON over HTTP must be." }]);
    const latin1 = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "content-type": "application/json; charset=iso-8859-1" }, body: bytes });
    expect([latin1.status, ((await latin1.json()) as { error: { message: string } }).error.message]).toEqual([415, "Unsupported Media Type: a body in charset iso-8859-1 is not read; send JSON in UTF-8."]);
    // UTF-8 said, however spelled, and a byte order mark are read.
    for (const contentType of ["application/json; charset=UTF-8", 'application/json;charset="utf-8"']) {
      expect((await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "content-type": contentType }, body: bytes })).status).toBe(200);
    }
    expect((await fetch(running.url, { method: "POST", headers: JSON_HEADERS, body: new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]) })).status).toBe(200);
  });

  it("answers well-formed JSON of the wrong shape -32600 Invalid Request, with the message's id where it has one", async () => {
    const invalid = async (body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      return (await response.json()) as { id: unknown; error: { code: number; message: string } };
    };
    expect(await invalid({ jsonrpc: "1.0", id: 3, method: "tools/list" })).toEqual({ jsonrpc: "2.0", id: 3, error: { code: -32600, message: 'Invalid Request: "jsonrpc" must be "2.0".' } });
    expect((await invalid({ jsonrpc: "2.0", id: null, method: "tools/list" })).error.message).toBe('Invalid Request: "id" must be a string or an integer (MCP forbids null).');
    expect(await invalid({ jsonrpc: "2.0", id: "a", method: "tools/list", params: [1] })).toMatchObject({ id: "a", error: { code: -32600, message: 'Invalid Request: "params" must be an object.' } });
    expect((await invalid({ jsonrpc: "2.0", id: 4, result: {}, error: { code: 1, message: "x" } })).error.message).toBe('Invalid Request: expected "method" (a request or notification), or exactly one of "result" and "error" (a response).');
    expect((await invalid({ jsonrpc: "2.0", id: 5, result: null })).error.message).toBe('Invalid Request: "result" must be an object.');
    expect((await invalid({ jsonrpc: "2.0", id: 5, error: { code: "x" } })).error.message).toBe('Invalid Request: "error" must be { "code": an integer, "message": a string }.');
    expect((await invalid({ jsonrpc: "2.0", id: 1.5, method: "tools/list" })).error.message).toBe('Invalid Request: "id" must be a string or an integer.');
    for (const method of ["ping", "tools/call"]) {
      expect(await invalid({ jsonrpc: "2.0", id: 9, method, params: { name: "add", arguments: { a: 1, b: 2 } }, extra: 1 })).toEqual({ jsonrpc: "2.0", id: 9, error: { code: -32600, message: 'Invalid Request: "extra" is no member of a JSON-RPC message (jsonrpc, id, method, params, result, error).' } });
    }
    expect((await invalid({ jsonrpc: "2.0", id: 9, method: "ping", result: {} })).error.message).toBe('Invalid Request: a message is a request ("method") or a response ("result", "error"), not both.');
    // What the SDK's transport would answer -32700, losing the id: a `_meta` of the wrong shape, an id no double holds.
    for (const method of ["ping", "tools/list", "tools/call"]) {
      expect(await invalid({ jsonrpc: "2.0", id: 6, method, params: { name: "add", _meta: 5 } })).toMatchObject({ id: 6, error: { code: -32600, message: 'Invalid Request: "params._meta" must be an object.' } });
    }
    expect((await invalid({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "add", _meta: { progressToken: { a: 1 } } } })).error.message).toBe('Invalid Request: "params._meta.progressToken" must be a string or an integer.');
    expect((await invalid({ jsonrpc: "2.0", id: 8, method: "ping", params: { _meta: { "io.modelcontextprotocol/related-task": "t" } } })).error.message).toBe('Invalid Request: "params._meta.io.modelcontextprotocol/related-task" must be { "taskId": a string }.');
    expect(await invalid({ jsonrpc: "2.0", id: 2 ** 64, method: "ping" })).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: 'Invalid Request: "id" must be a string or an integer from -9007199254740991 to 9007199254740991 (this one would be answered as another number).' } });
    // The lifecycle: initialize is never part of a batch, not even alone (no version header: batches are still allowed).
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "c", version: "1" } } };
    expect((await invalid([initialize])).error.message).toBe("Invalid Request: message 0 of the batch: initialize may not be part of a batch (MCP 2025-03-26, lifecycle).");
    expect((await invalid(42)).error.message).toBe("Invalid Request: expected a JSON-RPC message (an object), received number.");
    expect(await invalid([])).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: an empty batch." } });
    expect((await invalid([{ jsonrpc: "2.0", id: 1, method: "tools/list" }, { id: 2 }])).error.message).toBe('Invalid Request: message 1 of the batch: "jsonrpc" must be "2.0".');
    // Stateless too: both would run, and one answer be lost.
    const twice = [{ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 } } }, { jsonrpc: "2.0", id: 7, method: "tools/list" }];
    expect((await invalid(twice, { "mcp-protocol-version": "2025-03-26" })).error.message).toBe("Invalid Request: the id 7 is on two requests of this batch; give each its own.");
    // Batches left MCP with 2025-06-18; a 2025-03-26 client may still send one.
    const batch = [{ jsonrpc: "2.0", id: 1, method: "tools/list" }, { jsonrpc: "2.0", id: 2, method: "prompts/list" }];
    expect((await invalid(batch, { "mcp-protocol-version": "2025-06-18" })).error.message).toBe("Invalid Request: batches are not part of MCP 2025-06-18; send one message per request.");
    // A client's error answer without an id (one it could not read) is a message: 202, as any response.
    const answer = await fetch(running.url, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } }) });
    expect(answer.status).toBe(202);
    const older = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-03-26" }, body: JSON.stringify(batch) });
    expect(older.status).toBe(200);
    expect(await older.json()).toMatchObject([{ id: 1, result: { tools: expect.any(Array) } }, { id: 2, result: { prompts: expect.any(Array) } }]);
    // A batch is answered with an array even when one of its messages is a request (JSON-RPC 2.0, section 6).
    for (const one of [[batch[0]], [batch[0], { jsonrpc: "2.0", method: "notifications/initialized" }]]) {
      const single = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-03-26" }, body: JSON.stringify(one) });
      expect(await single.json()).toMatchObject([{ id: 1, result: { tools: expect.any(Array) } }]);
    }
  });
});

describe("hostile requests over HTTP", () => {
  let running: RunningHttpServer;

  beforeAll(async () => {
    const registry = fixture.registry();
    running = await serveHttp(() => createMcpServer(registry, { identity }), { port: 0 });
  });
  afterAll(() => running?.close());

  it("answers arguments nested 10,000 deep with an isError result, not a stack overflow", async () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const response = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25" }, body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet","arguments":{"name":${deep}}}}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1, result: { isError: true, _meta: { "dev.toolgen/error": { code: "invalid_arguments" } } } });
  });

  it("never lets a __proto__ argument reach a prototype (the SDK's parsing drops the key)", async () => {
    const response = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25" }, body: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"greet","arguments":{"name":"x","__proto__":{"polluted":true}}}}' });
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "Hello, x!" }], structuredContent: { result: "Hello, x!" } } });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("turns an arguments prototype set by a key-by-key copy back into an own '__proto__' key", () => {
    const copied: Record<string, unknown> = { name: "x" };
    Object.setPrototypeOf(copied, { isAdmin: true });
    const restored = restoreProtoKey(copied);
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect(Object.keys(restored)).toEqual(["name", "__proto__"]);
    expect((restored as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  it("refuses a browser page from another origin (DNS rebinding), and serves one from this machine", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" });
    const foreign = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, origin: "http://evil.example" }, body });
    expect(foreign.status).toBe(403);
    const local = await fetch(running.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25", origin: "http://localhost:5173" }, body });
    expect(local.status).toBe(200);
  });

  it("a request whose body trickles in is 408 and closed once it has taken longer than requestTimeoutMs", async () => {
    const slow = await serveHttp(() => createMcpServer(fixture.registry(), { identity }), { port: 0, requestTimeoutMs: 500 });
    try {
      const { port } = new URL(slow.url);
      const socket = connectSocket(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      const started = performance.now();
      socket.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{");
      const drip = setInterval(() => socket.write(" "), 100);
      await once(socket, "close");
      clearInterval(drip);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
    for (const wrong of [NaN, -1, "1000"]) {
      await expect(serveHttp(() => createMcpServer(fixture.registry(), { identity }), { port: 0, requestTimeoutMs: wrong as number })).rejects.toThrow(`serveHttp: requestTimeoutMs must be a positive number of milliseconds (Infinity for none); got ${typeof wrong === "string" ? `"${wrong}"` : String(wrong)}.`);
    }
    const unlimited = await serveHttp(() => createMcpServer(fixture.registry(), { identity }), { port: 0, requestTimeoutMs: Infinity });
    await unlimited.close();
  });

  it("refuses limits that would serve otherwise than meant, naming the field: a body limit that is no whole number, an origin no browser sends", async () => {
    const handler = (limits: object) => () => createMcpHandler(fixture.registry(), { identity, ...limits });
    for (const wrong of ["1000", NaN, 0, -1, 1.5]) expect(handler({ maxBodyBytes: wrong })).toThrow(`toolgen: maxBodyBytes must be a whole number of bytes above 0 (Infinity for none); got ${typeof wrong === "string" ? `"${wrong}"` : String(wrong)}.`);
    for (const wrong of ["https://App.example.com/", "app.example.com", "*", "https://*.example.com", "https://app.example.com:443"]) {
      expect(handler({ allowedOrigins: [wrong] })).toThrow(`toolgen: allowedOrigins: "${wrong}" is not an origin as a browser sends it (scheme://host[:port], nothing after): such as "https://app.example.com".`);
    }
    expect(handler({ allowedOrigins: "https://app.example.com" })).toThrow("toolgen: allowedOrigins must be a list of origins");
    expect(handler({ path: "mcp" })).toThrow('toolgen: path must start with "/" (such as "/mcp"); got "mcp".');
    await expect(serveHttp(() => createMcpServer(fixture.registry(), { identity }), { port: 0, maxBodyBytes: "1000" as never })).rejects.toThrow("toolgen: maxBodyBytes must be a whole number");
    // A lower limit is kept to.
    const small = await serveHttp(fixture.registry(), { identity, port: 0, maxBodyBytes: 1000 });
    try {
      const post = (size: number) => fetch(small.url, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(size) } }) }).then((r) => r.status);
      expect([await post(10), await post(2000)]).toEqual([200, 413]);
    } finally {
      await small.close();
    }
  });

  it("allowedOrigins adds origins to this machine's pages", async () => {
    const listed = await serveHttp(() => createMcpServer(fixture.registry(), { identity }), { port: 0, allowedOrigins: ["https://app.example.com"] });
    try {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" });
      const from = (origin: string) => fetch(listed.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25", origin }, body }).then((r) => r.status);
      expect(await from("https://app.example.com")).toBe(200);
      expect(await from("http://localhost:5173")).toBe(200);
      expect(await from("https://other.example.com")).toBe(403);
    } finally {
      await listed.close();
    }
  });

  it("lets the pages of the origins it lists read its answers (CORS): a preflight is answered, answers name the origin; other pages get neither", async () => {
    const listed = await serveHttp(() => createMcpServer(fixture.registry(), { identity }), { port: 0, allowedOrigins: ["https://app.example.com"] });
    try {
      const preflight = await fetch(listed.url, { method: "OPTIONS", headers: { origin: "https://app.example.com", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version" } });
      expect(preflight.status).toBe(204);
      expect(Object.fromEntries([...preflight.headers].filter(([name]) => name.startsWith("access-control-")))).toEqual({
        "access-control-allow-origin": "https://app.example.com",
        "access-control-allow-methods": "POST",
        "access-control-allow-headers": "authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id",
        "access-control-max-age": "600",
      });
      const body = JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" });
      const answer = await fetch(listed.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25", origin: "https://app.example.com" }, body });
      expect([answer.status, answer.headers.get("access-control-allow-origin"), answer.headers.get("access-control-expose-headers")]).toEqual([200, "https://app.example.com", "mcp-session-id, mcp-protocol-version, www-authenticate, retry-after"]);
      const foreign = await fetch(listed.url, { method: "OPTIONS", headers: { origin: "https://other.example.com", "access-control-request-method": "POST" } });
      expect([foreign.status, foreign.headers.get("access-control-allow-origin"), ((await foreign.json()) as { error: { message: string } }).error.message]).toEqual([403, null, "Forbidden: origin https://other.example.com may not call this server (its pages may once it is listed in allowedOrigins, server.allowedOrigins in the toolgen config)."]);
      const noOrigin = await fetch(listed.url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25" }, body });
      expect([noOrigin.status, noOrigin.headers.get("access-control-allow-origin")]).toEqual([200, null]);
      // A page on this machine is admitted, but reads answers only when its origin is listed too.
      const local = await fetch(listed.url, { method: "OPTIONS", headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" } });
      expect([local.status, local.headers.get("access-control-allow-origin"), ((await local.json()) as { error: { message: string } }).error.message]).toEqual([403, null, "Forbidden: a page at http://localhost:5173 may call this server only once its origin is listed in allowedOrigins (server.allowedOrigins in the toolgen config)."]);
    } finally {
      await listed.close();
    }
  });

  it("accepts a notification without answering it, and answers an unknown method with -32601", async () => {
    expect((await post(running.url, { jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
    expect(await (await post(running.url, { jsonrpc: "2.0", id: 3, method: "no/such/method" })).json()).toMatchObject({ id: 3, error: { code: -32601 } });
  });
});

describe("streamable HTTP from 'toolgen serve --http 0'", () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [TOOLGEN_BIN, "serve", "-p", "tsconfig.json", "--http", "0"], { cwd: fixture.dir, stdio: ["ignore", "pipe", "pipe"] });
    url = await new Promise<string>((resolve, reject) => {
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (found) resolve(found[1]!);
      });
      child.once("exit", (code) => reject(new Error(`toolgen serve exited with ${code}: ${stderr}`)));
    });
  });
  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });

  it("serves on 127.0.0.1 and stops cleanly on SIGTERM", async () => {
    const client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await exercise(client);
    await client.close();
    child.kill("SIGTERM");
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
  });

  it("warns when what it serves is empty: a --tag no entry has", async () => {
    const empty = spawn(process.execPath, [TOOLGEN_BIN, "serve", "-p", "tsconfig.json", "--http", "0", "--tag", "no-such-tag"], { cwd: fixture.dir, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    await new Promise<void>((resolve, reject) => {
      empty.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("/mcp")) resolve();
      });
      empty.once("exit", (code) => reject(new Error(`toolgen serve exited with ${code}: ${stderr}`)));
    });
    empty.kill("SIGTERM");
    await once(empty, "exit");
    expect(stderr).toContain("toolgen: warning: serving no entries: none passes the --tag, --allow and --host given.\n");
  });
});

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2025-11-25" }, body: JSON.stringify(body) });
}

describe("@deprecated prompts and resources", () => {
  it("say their deprecation in the description clients list, as deprecated tools do", async () => {
    const entry = (extra: Partial<ManifestEntry>): ManifestEntry => ({ kind: "tool", name: "", description: "", implementation: { module: "dist/x.js", export: "x" }, arguments: { mode: "positional", parameters: [] }, inputSchema: { type: "object", properties: {}, additionalProperties: false }, source: { file: "src/x.ts", line: 1, column: 1 }, ...extra });
    const definitions = [
      entry({ kind: "prompt", name: "old_prompt", description: "An old prompt.", deprecated: "Use new_prompt." }),
      entry({ kind: "resource", name: "old_notes", description: "Old notes.", deprecated: true, uris: ["notes://old"] }),
    ].map((e) => ({ entry: e, validate: compileSchema(e.inputSchema), fn: () => "x" }));
    const client = await connect(createRegistry(definitions));
    expect((await client.listPrompts()).prompts.map((p) => p.description)).toEqual(["An old prompt.\n\nDeprecated: Use new_prompt."]);
    expect((await client.listResources()).resources.map((r) => r.description)).toEqual(["Old notes.\n\nDeprecated."]);
    await client.close();
  });
});

describe("createMcpHandler in Cloudflare Workers", () => {
  it("refuses sessions at creation, which workerd's request isolation would fail on every call; stateless is served", () => {
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
    try {
      expect(() => createMcpHandler(createRegistry([]), { identity, sessions: true })).toThrow("toolgen: createMcpHandler cannot keep sessions in Cloudflare Workers");
      expect(typeof createMcpHandler(createRegistry([]), { identity })).toBe("function");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(typeof createMcpHandler(createRegistry([]), { identity, sessions: true })).toBe("function");
  });
});

describe("createMcpHandler outside a secure context", () => {
  it("says it needs crypto.randomUUID at creation, instead of answering every request 'Parse error'", () => {
    vi.stubGlobal("crypto", {});
    try {
      expect(() => createMcpHandler(createRegistry([]), { identity })).toThrow("toolgen: createMcpHandler needs crypto.randomUUID, which a browser gives only to a secure context");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(typeof createMcpHandler(createRegistry([]), { identity })).toBe("function");
  });
});
