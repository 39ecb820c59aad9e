import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createRegistry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { createMcpHandler } from "./create-mcp-handler.js";
import { serveHandler } from "./node/serve-http.js";
import { jsonRpcAnswer } from "../../../test-support/json-rpc-answer.js";

const identity = { name: "sessions", version: "1.0.0" };
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };

/** Each call of `wait` until its signal aborts. */
const aborted: string[] = [];

function handler(sessions: object | boolean) {
  const registry = createRegistry([]);
  registry.register({ name: "echo", description: "Echoes.", params: [{ name: "text", type: "string" }], fn: (args) => String(args.text) });
  registry.register({ name: "nap", description: "Sleeps a moment.", fn: () => new Promise<string>((resolve) => setTimeout(() => resolve("rested"), 200)) });
  registry.register({
    name: "wait",
    description: "Waits until cancelled.",
    fn: (_args, context) => new Promise<string>((resolve) => context.signal.addEventListener("abort", () => (aborted.push("wait"), resolve("stopped")))),
  });
  return createMcpHandler(registry, { identity, sessions });
}

const post = (body: object, session?: string) =>
  new Request("http://localhost/mcp", { method: "POST", headers: { ...HEADERS, ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } : {}) }, body: JSON.stringify(body) });

async function open(mcp: ReturnType<typeof handler>, protocolVersion = "2025-11-25"): Promise<string> {
  const response = await mcp(post({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion } }));
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get("mcp-session-id")!;
}

const ping = (id: string) => post({ jsonrpc: "2.0", id: 1, method: "ping" }, id);

/** The status of a response read to its end (an answer's stream counts as open until then). */
async function status(mcp: ReturnType<typeof handler>, request: Request): Promise<number> {
  const response = await mcp(request);
  await response.text();
  return response.status;
}

describe("sessions", () => {
  it("initialize opens a session; its id reaches the same server; an unknown id is 404; a request without one that is not initialize is 400", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await status(mcp, ping(id))).toBe(200);
    const unknown = await mcp(ping("00000000-0000-0000-0000-000000000000"));
    expect([unknown.status, ((await unknown.json()) as { error: { message: string } }).error.message]).toEqual([404, "Session not found: it expired or was closed; initialize a new one."]);
    expect((await mcp(post({ jsonrpc: "2.0", id: 1, method: "ping" }))).status).toBe(400);
    // An initialize with wrong params is told what is wrong, not to send an initialize.
    const bad = await mcp(post({ jsonrpc: "2.0", id: 2, method: "initialize", params: {} }));
    expect([bad.status, ((await bad.json()) as { error: { code: number; message: string } }).error]).toEqual([400, { code: -32602, message: expect.stringContaining("Invalid params: params.protocolVersion: expected string") }]);
  });

  it("options that would break every session, or fire at once, throw at creation naming the field", () => {
    expect(() => handler({ maxSessions: 0 })).toThrow("toolgen: sessions.maxSessions must be an integer ≥ 1; got 0.");
    expect(() => handler({ maxSessions: 2.5 })).toThrow("sessions.maxSessions must be an integer ≥ 1; got 2.5.");
    expect(() => handler({ idleTimeoutMs: 3e9 })).toThrow("toolgen: sessions.idleTimeoutMs must be a number of milliseconds from 0 to 2147483647; got 3000000000.");
    expect(() => handler({ pollAfterMs: -1 })).toThrow("sessions.pollAfterMs must be a number of milliseconds from 0 to 2147483647; got -1.");
    expect(() => handler({ retryMs: "1000" })).toThrow("sessions.retryMs must be a number of milliseconds from 0 to 2147483647; got 1000.");
    expect(typeof handler({ maxSessions: 1, idleTimeoutMs: 2 ** 31 - 1 })).toBe("function");
  });

  it("DELETE ends a session", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const ended = await mcp(new Request("http://localhost/mcp", { method: "DELETE", headers: { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" } }));
    expect(ended.status).toBe(200);
    expect(await status(mcp, ping(id))).toBe(404);
  });

  it("a session idle longer than idleTimeoutMs is closed", async () => {
    const mcp = handler({ idleTimeoutMs: 50 });
    const id = await open(mcp);
    expect(await status(mcp, ping(id))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await status(mcp, ping(id))).toBe(404);
  });

  it("beyond maxSessions, the least recently used session is closed", async () => {
    const mcp = handler({ maxSessions: 2 });
    const [a, b] = [await open(mcp), await open(mcp)];
    expect(await status(mcp, ping(a))).toBe(200); // b is now the least recently used
    const c = await open(mcp);
    expect([await status(mcp, ping(a)), await status(mcp, ping(b)), await status(mcp, ping(c))]).toEqual([200, 404, 200]);
  });

  it("beyond maxSessions, a session with a call running is spared while another is idle", async () => {
    const mcp = handler({ maxSessions: 2 });
    const [busy, idle] = [await open(mcp), await open(mcp)];
    const call = mcp(post({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "nap", arguments: {} } }, busy));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await status(mcp, ping(idle))).toBe(200);
    const c = await open(mcp);
    // busy was used longest ago, but its call runs: idle goes.
    expect(await jsonRpcAnswer(await call)).toMatchObject({ id: 5, result: { content: [{ text: "rested" }] } });
    expect([await status(mcp, ping(busy)), await status(mcp, ping(idle)), await status(mcp, ping(c))]).toEqual([200, 404, 200]);
  });

  it("beyond maxSessions, a busy session evicted because every one is busy gets its call's aborted answer before it closes", async () => {
    const mcp = handler({ maxSessions: 1 });
    const busy = await open(mcp);
    const call = mcp(post({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "wait", arguments: {} } }, busy));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = await open(mcp);
    expect(await jsonRpcAnswer(await call)).toMatchObject({ id: 7, result: { isError: true, content: [{ text: "The call to 'wait' was aborted." }] } });
    expect([await status(mcp, ping(busy)), await status(mcp, ping(next))]).toEqual([404, 200]);
  });

  it("a session's calls leave no listener behind on its signal, one after another or at once (no MaxListenersExceededWarning)", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const mcp = handler(true);
      const id = await open(mcp);
      for (let i = 1; i <= 20; i++) expect(await status(mcp, post({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } }, id))).toBe(200);
      const atOnce = Array.from({ length: 20 }, (_, i) => status(mcp, post({ jsonrpc: "2.0", id: 100 + i, method: "tools/call", params: { name: "nap", arguments: {} } }, id)));
      expect(await Promise.all(atOnce)).toEqual(Array(20).fill(200));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("an error the SDK answers before the response stream is read (unknown method, invalid params) reaches the client", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const answer = async (method: string, params: object) => jsonRpcAnswer(await mcp(post({ jsonrpc: "2.0", id: 7, method, params }, id)));
    expect(await answer("nope/nope", {})).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32601, message: "Method not found" } });
    expect(await answer("resources/read", { uri: 5 })).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602, message: expect.stringContaining("uri") } });
    expect(await answer("logging/setLevel", { level: "bogus" })).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602 } });
    expect(await answer("tools/call", { name: "echo", arguments: { text: "after" } })).toMatchObject({ id: 7, result: { content: [{ type: "text", text: "after" }] } });
  });

  it("an id in use by a request still running is refused -32600, and the running request still gets its answer", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const first = mcp(post({ jsonrpc: "2.0", id: 50, method: "tools/call", params: { name: "nap", arguments: {} } }, id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await mcp(post({ jsonrpc: "2.0", id: 50, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } }, id));
    expect([again.status, await again.json()]).toEqual([400, { jsonrpc: "2.0", id: 50, error: { code: -32600, message: "Invalid Request: the id 50 is that of a request still running in this session; use another." } }]);
    expect(await jsonRpcAnswer(await first)).toMatchObject({ id: 50, result: { content: [{ type: "text", text: "rested" }] } });
    // Answered, the id is free again.
    expect(await jsonRpcAnswer(await mcp(post({ jsonrpc: "2.0", id: 50, method: "tools/call", params: { name: "echo", arguments: { text: "again" } } }, id)))).toMatchObject({ id: 50, result: { content: [{ text: "again" }] } });
  });

  it("a second initialize in a session is refused -32600 with its id; a resume from an event no longer kept says so", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const again = await mcp(post({ ...INITIALIZE, id: 9 }, id));
    expect([again.status, await again.json()]).toEqual([400, { jsonrpc: "2.0", error: { code: -32600, message: "Invalid Request: the session is already initialized; to start another, send initialize without an Mcp-Session-Id header." }, id: 9 }]);
    const resumed = await mcp(new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25", "last-event-id": "gone_1" } }));
    expect([resumed.status, ((await resumed.json()) as { error: { message: string } }).error.message]).toEqual([400, 'Bad Request: this session keeps no event "gone_1" (it keeps its last 1000 events, or 256 KiB of them): what came after it is gone; send those requests again.']);
    // A header of kilobytes is not repeated whole.
    const long = await mcp(new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25", "last-event-id": "x".repeat(12_000) } }));
    expect(((await long.json()) as { error: { message: string } }).error.message).toContain(`no event "${"x".repeat(77)}..." (it keeps`);
  });

  it("an id twice in one batch (2025-03-26) is refused -32600 saying so, not as one still running", async () => {
    const mcp = handler(true);
    const id = await open(mcp, "2025-03-26");
    const batch = new Request("http://localhost/mcp", { method: "POST", headers: { ...HEADERS, "mcp-session-id": id, "mcp-protocol-version": "2025-03-26" }, body: JSON.stringify([1, 2].map(() => ({ jsonrpc: "2.0", id: 7, method: "ping" }))) });
    const answer = await mcp(batch);
    expect([answer.status, await answer.json()]).toEqual([400, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: the id 7 is on two requests of this batch; give each its own." } }]);
  });

  it("a batch is refused in a session that agreed on 2025-06-18 or later, whatever the request's version header says", async () => {
    const mcp = handler(true);
    const batchIn = (id: string, headers: Record<string, string>) => new Request("http://localhost/mcp", { method: "POST", headers: { ...HEADERS, "mcp-session-id": id, ...headers }, body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }]) });
    const recent = await open(mcp);
    for (const headers of [{}, { "mcp-protocol-version": "2025-03-26" }] as Record<string, string>[]) {
      const refused = await mcp(batchIn(recent, headers));
      expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([400, "Invalid Request: batches are not part of MCP 2025-11-25, the version this session agreed on; send one message per request."]);
    }
    const older = await open(mcp, "2025-03-26");
    expect(await status(mcp, batchIn(older, { "mcp-protocol-version": "2025-03-26" }))).toBe(200);
  });

  it("GET opens the session's stream; without sessions, GET is 405", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const controller = new AbortController();
    const stream = await mcp(new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" }, signal: controller.signal }));
    expect([stream.status, stream.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    await stream.body?.cancel();
    const stateless = await handler(false)(new Request("http://localhost/mcp", { method: "GET" }));
    expect([stateless.status, stateless.headers.get("allow")]).toEqual([405, "POST"]);
  });
});

describe("a session's response streams end when nothing more will come on them", () => {
  const resume = (id: string, lastEventId: string) =>
    new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25", "last-event-id": lastEventId } });
  const eventIds = (text: string) => [...text.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]!);
  /** The text of a stream that must end: within 5 s, or the test fails saying so. */
  const ended = (response: Response) => Promise.race([response.text(), new Promise<string>((_, reject) => setTimeout(() => reject(new Error("the stream stayed open")), 5000))]);

  it("a cancelled call's stream ends (no answer is sent), and resuming it is 204, which tells an SSE client not to reconnect", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    aborted.length = 0;
    const call = await mcp(post({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "wait", arguments: {} } }, id));
    expect(call.headers.get("content-type")).toBe("text/event-stream");
    const text = ended(call);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status(mcp, post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5 } }, id))).toBe(202);
    const events = await text;
    expect(aborted).toEqual(["wait"]);
    expect(events).not.toContain('"result"');
    const [priming] = eventIds(events);
    const resumed = await mcp(resume(id, priming!));
    expect([resumed.status, await ended(resumed)]).toEqual([204, ""]);
  });

  /** A session of a 2025-03-26 client, which may send batches (and gets no priming event). */
  async function legacySession(mcp: ReturnType<typeof handler>): Promise<(body: unknown) => Request> {
    const opened = await mcp(post({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: "2025-03-26" } }));
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    return (body) => new Request("http://localhost/mcp", { method: "POST", headers: { ...HEADERS, "mcp-session-id": id, "mcp-protocol-version": "2025-03-26" }, body: JSON.stringify(body) });
  }
  const call = (id: number, name: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: name === "echo" ? { text: "hi" } : {} } });
  const cancel = (requestId: number) => ({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } });

  it("a batch's stream (2025-03-26) ends when its last running call is cancelled after the others were answered", async () => {
    const mcp = handler(true);
    const send = await legacySession(mcp);
    const batch = await mcp(send([call(5, "wait"), call(6, "echo")]));
    const text = ended(batch);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await status(mcp, send(cancel(5)))).toBe(202);
    const events = await text;
    expect(events).toContain('"id":6');
    expect(events).not.toContain('"id":5');
  });

  it("a batch's stream ends when its last call is answered after another was cancelled", async () => {
    const mcp = handler(true);
    const send = await legacySession(mcp);
    const batch = await mcp(send([call(7, "wait"), call(8, "nap")]));
    const text = ended(batch);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status(mcp, send(cancel(7)))).toBe(202);
    expect(await text).toContain('"text":"rested"');
  });

  it("a call's stream resumed after pollAfterMs closed it ends when the call is then cancelled", async () => {
    const mcp = handler({ pollAfterMs: 100 });
    const id = await open(mcp);
    const first = await ended(await mcp(post(call(9, "wait"), id)));
    const [priming] = eventIds(first);
    const resumed = await mcp(resume(id, priming!));
    expect(resumed.headers.get("content-type")).toBe("text/event-stream");
    const text = ended(resumed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status(mcp, post(cancel(9), id))).toBe(202);
    expect(await text).not.toContain('"result"');
  });

  it("a call's stream resumed while the server still holds its first connection (dead, unnoticed) moves to the new one: the answer comes there", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const first = await mcp(post(call(10, "nap"), id));
    // The priming event, then nothing read: a connection the client lost and the server did not notice.
    const reader = first.body!.getReader();
    let seen = "";
    while (!/^id: \S+$/m.test(seen)) seen += new TextDecoder().decode((await reader.read()).value);
    const [priming] = eventIds(seen);
    const resumed = await mcp(resume(id, priming!));
    expect([resumed.status, resumed.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    expect(await ended(resumed)).toContain('"text":"rested"');
    // The first connection was closed for it.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) expect(new TextDecoder().decode(chunk.value)).not.toContain('"rested"');
  });

  it("the session's own stream (GET) resumed while the server still holds its first connection moves to the new one", async () => {
    const registry = createRegistry([]);
    registry.register({ kind: "resource", name: "ledger", description: "The ledger.", uris: ["books://ledger"], fn: () => "" });
    const mcp = createMcpHandler(registry, { identity, sessions: true });
    const id = await open(mcp as ReturnType<typeof handler>);
    expect(await status(mcp as ReturnType<typeof handler>, post({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "books://ledger" } }, id))).toBe(200);
    const first = await mcp(new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" } }));
    const reader = first.body!.getReader();
    // An update, on the session's own stream: an event with an id to resume after.
    registry.resourceUpdated("books://ledger");
    let seen = "";
    while (!/^id: \S+$/m.test(seen)) seen += new TextDecoder().decode((await reader.read()).value);
    const resumed = await mcp(resume(id, eventIds(seen)[0]!));
    expect([resumed.status, resumed.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    expect((await reader.read()).done).toBe(true);
    await resumed.body!.cancel();
  });

  it("resuming an answered call's stream replays what came after the client's last event, then ends", async () => {
    const mcp = handler(true);
    const id = await open(mcp);
    const events = await ended(await mcp(post({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } }, id)));
    const [priming, answer] = eventIds(events);
    const replay = await ended(await mcp(resume(id, priming!)));
    expect(eventIds(replay)).toEqual([answer]);
    expect(replay).toContain('"text":"hi"');
  });
});

describe("the official client in a session", () => {
  it.each([
    ["its call's stream", true],
    ["the stream it resumed after pollAfterMs let the first go", { pollAfterMs: 100, retryMs: 50 }],
  ])("cancels a call (AbortSignal) on %s without an error after it: no reconnection to a stream it already holds", async (_label, sessions) => {
    const running = await serveHandler(handler(sessions), { port: 0 });
    const client = new Client({ name: "t", version: "1" });
    const errors: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(running.url));
    try {
      await client.connect(transport);
      transport.onerror = (error) => errors.push(error.message);
      const controller = new AbortController();
      const call = client.callTool({ name: "wait", arguments: {} }, undefined, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 500));
      controller.abort();
      await expect(call).rejects.toThrow();
      // The client's reconnections, if any, come within its backoff (1 s, then 1.5 s).
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(errors).toEqual([]);
      expect((await client.callTool({ name: "echo", arguments: { text: "still here" } })).content).toEqual([{ type: "text", text: "still here" }]);
    } finally {
      await client.close();
      await running.close(0);
    }
  }, 20_000);
});

describe("resource subscriptions in a session", () => {
  it("take only a URI the session's principal may read: a resource it lacks the scopes of, or none, is -32002", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "report", kind: "resource", description: "The sales report.", uris: ["shop://report"], scopes: ["reports"], fn: () => "sales: 42" });
    registry.register({ name: "news", kind: "resource", description: "News.", uris: ["shop://news"], fn: () => "none" });
    // The token names its scopes: "reader" holds `reports`, anything else none.
    const mcp = createMcpHandler(registry, { identity, sessions: true, auth: { verify: async (token) => ({ subject: token, scopes: token === "reader" ? ["reports"] : [], claims: {} }) } });
    const as = (token: string, request: Request) => (request.headers.set("authorization", `Bearer ${token}`), request);
    const answer = async (token: string, session: string, uri: string) => jsonRpcAnswer(await mcp(as(token, post({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri } }, session))));
    const sessionOf = async (token: string) => (await mcp(as(token, post(INITIALIZE)))).headers.get("mcp-session-id")!;
    const [reader, guest] = [await sessionOf("reader"), await sessionOf("guest")];
    expect(await answer("reader", reader, "shop://report")).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(await answer("guest", guest, "shop://news")).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    for (const uri of ["shop://report", "shop://nothing"]) {
      expect(await answer("guest", guest, uri)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32002, message: `There is no resource at ${uri} that this session may read.`, data: { uri } } });
    }
  });

  it("stop at 1,000 URIs per session", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "page", kind: "resource", description: "A page.", uris: ["pages://{n}"], params: [{ name: "n", type: "string" }], fn: (args) => String(args.n) });
    const mcp = createMcpHandler(registry, { identity, sessions: true });
    const id = await open(mcp);
    const subscribe = async (n: number) => jsonRpcAnswer(await mcp(post({ jsonrpc: "2.0", id: n, method: "resources/subscribe", params: { uri: `pages://${n}` } }, id)));
    for (let n = 1; n <= 1000; n++) expect(await subscribe(n)).toMatchObject({ result: {} });
    expect(await subscribe(1)).toMatchObject({ result: {} }); // one it holds already
    expect(await subscribe(1001)).toMatchObject({ error: { code: -32002, message: "This session subscribes to 1000 resources already; unsubscribe from one first." } });
  }, 60_000);
});
