import { describe, expect, it } from "vitest";
import { createRegistry, lazyEntry, ToolError, type ManifestEntry } from "@toolgen/runtime";
import { createMcpHandler } from "./create-mcp-handler.js";
import { createMcpServer } from "./create-mcp-server.js";
import { handleMcpRequest } from "./handle-mcp-request.js";

const identity = { name: "direct", version: "1.0.0" };

/** An entry as `toolgen build` writes it: positional numbers, no context (so no stream is needed). */
function entry(name: string, exportName: string): ManifestEntry {
  return {
    kind: "tool",
    name,
    description: `Runs ${name}.`,
    implementation: { module: "dist/tools.js", export: exportName },
    arguments: { mode: "positional", parameters: [{ kind: "argument", name: "a" }, { kind: "argument", name: "b" }] },
    inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"], additionalProperties: false },
    outputSchema: { type: "number" },
    source: { file: "src/tools.ts", line: 1, column: 1 },
  } as ManifestEntry;
}

const implementations = {
  add: (a: number, b: number) => a + b,
  divide: (a: number, b: number) => {
    if (b === 0) throw new ToolError("cannot divide by zero", { b });
    return a / b;
  },
};
const registry = createRegistry([entry("add", "add"), entry("divide", "divide")].map((e) => lazyEntry({ kind: "tool", name: e.name }, JSON.stringify(e), {}, async () => implementations)));

const direct = createMcpHandler(registry, { identity });
/** The same registry served through the SDK's server and transport alone. */
const throughSdk = (request: Request) => handleMcpRequest(() => createMcpServer(registry, { identity }), {}, request);

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };
const post = (body: unknown, headers: Record<string, string> = HEADERS) => new Request("http://127.0.0.1/mcp", { method: "POST", headers, body: JSON.stringify(body) });

async function both(body: unknown, headers?: Record<string, string>) {
  const [ours, sdk] = await Promise.all([direct(post(body, headers)), throughSdk(post(body, headers))]);
  return { ours: { status: ours.status, type: ours.headers.get("content-type"), body: await ours.text() }, sdk: { status: sdk.status, type: sdk.headers.get("content-type"), body: await sdk.text() } };
}

describe("stateless tools/list and tools/call answered without an SDK server: the SDK's answers", () => {
  it.each([
    ["tools/list", { jsonrpc: "2.0", id: 1, method: "tools/list" }],
    ["a call", { jsonrpc: "2.0", id: "a-1", method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 } } }],
    ["a call whose tool fails", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "divide", arguments: { a: 1, b: 0 } } }],
    ["a call with invalid arguments", { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "add", arguments: { a: "2" } } }],
    ["a call without arguments", { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "add" } }],
    ["a call of an unknown tool", { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "nope", arguments: {} } }],
  ])("%s", async (_label, body) => {
    const { ours, sdk } = await both(body);
    expect(ours.status).toBe(sdk.status);
    expect(ours.type).toBe(sdk.type);
    expect(JSON.parse(ours.body)).toEqual(JSON.parse(sdk.body));
  });

  it.each([
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "tools/list" }], HEADERS],
    ["params of the wrong shape", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 7 } }, HEADERS],
    ["an Accept header without SSE (406)", { jsonrpc: "2.0", id: 1, method: "tools/list" }, { ...HEADERS, accept: "application/json" }],
    ["an unsupported protocol version (400)", { jsonrpc: "2.0", id: 1, method: "tools/list" }, { ...HEADERS, "mcp-protocol-version": "1999-01-01" }],
  ])("leaves %s to the SDK, which answers as it always does", async (_label, body, headers) => {
    const { ours, sdk } = await both(body, headers);
    expect({ status: ours.status, body: ours.body }).toEqual({ status: sdk.status, body: sdk.body });
  });
});

describe("an Accept header in capitals (media types are compared regardless of case)", () => {
  const ACCEPT = { ...HEADERS, accept: "APPLICATION/JSON, Text/Event-Stream" };
  it("is served alike by toolgen's own answers and by the SDK's transport", async () => {
    const listed = await direct(post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, ACCEPT));
    // `_meta` sends the call to the SDK's transport, which compares in lowercase.
    const called = await direct(post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 }, _meta: { progressToken: 1 } } }, ACCEPT));
    const prompts = await direct(post({ jsonrpc: "2.0", id: 3, method: "prompts/list" }, ACCEPT));
    expect([listed.status, called.status, prompts.status]).toEqual([200, 200, 200]);
    expect(await called.text()).toContain('"text":"5"');
  });

  it("opens a session and its stream", async () => {
    const handler = createMcpHandler(registry, { identity, sessions: true });
    const opened = await handler(post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } }, ACCEPT));
    expect(opened.status).toBe(200);
    const session = opened.headers.get("mcp-session-id")!;
    await opened.body?.cancel();
    const stream = await handler(new Request("http://127.0.0.1/mcp", { method: "GET", headers: { accept: "TEXT/EVENT-STREAM", "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } }));
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  });
});

describe("resources/subscribe on a stateless endpoint", () => {
  it.each(["resources/subscribe", "resources/unsubscribe"])("%s is the SDK's -32601, saying it needs a session and how to serve one", async (method) => {
    const { ours, sdk } = await both({ jsonrpc: "2.0", id: 9, method, params: { uri: "notes://a" } });
    expect([ours.status, ours.type]).toEqual([sdk.status, sdk.type]);
    type Answer = { id: number; error: { code: number; message: string } };
    const answer = JSON.parse(ours.body) as Answer;
    const sdkAnswer = JSON.parse(sdk.body) as Answer;
    expect([answer.id, answer.error.code]).toEqual([sdkAnswer.id, sdkAnswer.error.code]);
    expect(answer.error.code).toBe(-32601);
    expect(answer.error.message).toBe(`Method not found: ${method} needs a session, whose stream the updates are sent on; this endpoint is stateless (serve it with sessions: toolgen serve --http <port> --sessions, or createMcpHandler(registry, { sessions: true }) on Node.js, Deno or Bun; Workers keep none)`);
  });
});

describe("malformed params, through the SDK's server", () => {
  it.each([
    ["a tool name that is not a string", "tools/call", { name: 5 }, "params.name: expected string, received number"],
    ["arguments that are not an object", "tools/call", { name: "add", arguments: "x" }, "params.arguments: expected record, received string"],
    ["no params at all", "tools/call", undefined, "params: expected object, received undefined"],
    ["a resource URI that is not a string", "resources/read", { uri: 5 }, "params.uri: expected string, received number"],
    ["a prompt without a name", "prompts/get", {}, "params.name: expected string, received undefined"],
    ["an initialize without its fields", "initialize", {}, "params.protocolVersion: expected string, received undefined; params.capabilities: expected object, received undefined; params.clientInfo: expected object, received undefined"],
  ])("%s is InvalidParams (-32602) naming the field", async (_label, method, params, problem) => {
    const response = await throughSdk(post({ jsonrpc: "2.0", id: 9, method, ...(params === undefined ? {} : { params }) }));
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32602);
    // As it is, without the "MCP error -32602: " the SDK's McpError would put in front (which its client repeats).
    expect(body.error.message).toBe(`Invalid params: ${problem}.`);
  });

  it.each(["tools/list", "prompts/list", "resources/list", "resources/templates/list"])("a cursor for %s is InvalidParams (-32602): every list is one page, no cursor is ever issued", async (method) => {
    const response = await throughSdk(post({ jsonrpc: "2.0", id: 11, method, params: { cursor: "garbage" } }));
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 11, error: { code: -32602, message: 'Invalid cursor "garbage": this server lists everything in one page and issues no cursors.' } });
  });

  it("a well-formed request still reaches its handler", async () => {
    const response = await throughSdk(post({ jsonrpc: "2.0", id: 10, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 } } }));
    expect(await response.json()).toMatchObject({ result: { structuredContent: { result: 3 } } });
  });
});
