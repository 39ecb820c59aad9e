import { createRegistry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { jsonRpcAnswer } from "../../../../test-support/json-rpc-answer.js";
import { type RunningHttpServer, serveHttp } from "./serve-http.js";

const identity = { name: "shutdown", version: "1.0.0" };

/** A registry whose `wait` tool answers "waited" after `ms` (by default never), or "stopped" when its call's signal aborts, which `aborted` records. */
function waiting(ms = Infinity) {
  const registry = createRegistry([]);
  const aborted: boolean[] = [];
  registry.register({
    name: "wait",
    description: "Waits.",
    fn: (_args, context) =>
      new Promise<string>((resolve) => {
        const timer = ms === Infinity ? undefined : setTimeout(() => resolve("waited"), ms);
        context.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          aborted.push(true);
          resolve("stopped");
        });
      }),
  });
  return { registry, aborted };
}

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

const CALL = { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wait", arguments: {} } }) };

/** Opens a session: the headers its later requests carry. */
async function openSession(url: string): Promise<Record<string, string>> {
  const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
  const opened = await fetch(url, { method: "POST", headers: HEADERS, body: JSON.stringify(initialize) });
  await opened.text();
  return { "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
}

type CallAnswer = { result: { isError?: boolean; content: Array<{ text: string }> } };

/** Closes the server with a call of `wait` running: after the grace period the call is aborted, and its answer still goes out. */
async function expectAbortedOnClose(running: RunningHttpServer, aborted: boolean[], answer: Promise<CallAnswer>): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  await running.close(200);
  expect(performance.now() - started).toBeLessThan(1500);
  expect(aborted).toEqual([true]);
  expect((await answer).result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("aborted") }] });
}

describe("a call's signal follows its HTTP request", () => {
  it("a client that goes away aborts its call", async () => {
    const { registry, aborted } = waiting();
    const running = await serveHttp(registry, { port: 0, identity });
    try {
      const client = new AbortController();
      const answer = fetch(running.url, { ...CALL, signal: client.signal })
        .then((r) => r.text())
        .catch(() => "gone");
      await new Promise((resolve) => setTimeout(resolve, 100));
      client.abort();
      expect(await answer).toBe("gone");
      for (let i = 0; i < 50 && aborted.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(aborted).toEqual([true]);
    } finally {
      await running.close();
    }
  });
});

describe("close(graceMs)", () => {
  it("aborts a call still running after the grace period through its signal; its answer still goes out", async () => {
    const { registry, aborted } = waiting();
    const running = await serveHttp(registry, { port: 0, identity });
    const answer = fetch(running.url, CALL).then((r) => jsonRpcAnswer<CallAnswer>(r));
    await expectAbortedOnClose(running, aborted, answer);
  });

  it("aborts a session's call still running after the grace period too; its answer still goes out", async () => {
    const { registry, aborted } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: true });
    const session = await openSession(running.url);
    const answer = fetch(running.url, { method: "POST", headers: { ...HEADERS, ...session }, body: CALL.body }).then((r) => jsonRpcAnswer<CallAnswer>(r));
    await expectAbortedOnClose(running, aborted, answer);
  });

  it("does not wait the grace period for a session's idle notification stream (GET): only calls are waited for", async () => {
    const { registry } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: true });
    const session = await openSession(running.url);
    const stream = await fetch(running.url, { headers: { accept: "text/event-stream", ...session } });
    expect(stream.status).toBe(200);
    const started = performance.now();
    await running.close(5000);
    expect(performance.now() - started).toBeLessThan(1000);
    await stream.body?.cancel().catch(() => undefined);
  });

  it("ends a session's notification stream (GET) at once, while a call runs on through the grace period", async () => {
    const { registry, aborted } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: true });
    const session = await openSession(running.url);
    const answer = fetch(running.url, { method: "POST", headers: { ...HEADERS, ...session }, body: CALL.body }).then((r) => jsonRpcAnswer<CallAnswer>(r));
    const stream = await fetch(running.url, { headers: { accept: "text/event-stream", ...session } });
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = running.close(1000);
    // The stream ends cleanly (no "terminated"), before the call is aborted at the grace period's end.
    await expect(stream.text()).resolves.toBeDefined();
    expect(aborted).toEqual([]);
    await closed;
    expect(aborted).toEqual([true]);
    expect((await answer).result.content[0]!.text).toContain("aborted");
  });

  it("waits for a call whose stream the client resumed (GET with Last-Event-ID, under pollAfterMs) as for any call", async () => {
    const { registry } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: { pollAfterMs: 100, retryMs: 50 } });
    const session = await openSession(running.url);
    // The call's own stream closes after pollAfterMs, leaving the id of its last event to resume from.
    const posted = await (await fetch(running.url, { method: "POST", headers: { ...HEADERS, ...session }, body: CALL.body })).text();
    const lastEventId = [...posted.matchAll(/^id: ?(.+)$/gm)].at(-1)?.[1];
    expect(lastEventId).toBeDefined();
    const resumed = fetch(running.url, { headers: { accept: "text/event-stream", ...session, "last-event-id": lastEventId! } })
      .then((r) => r.text())
      .catch(() => "closed");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await running.close(400);
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    await resumed;
  });

  it("with pollAfterMs, a call whose stream was let go finishes within the grace period, and the client resumes to read its answer", async () => {
    const { registry, aborted } = waiting(600);
    const running = await serveHttp(registry, { port: 0, identity, sessions: { pollAfterMs: 100, retryMs: 50 } });
    const session = await openSession(running.url);
    const posted = await (await fetch(running.url, { method: "POST", headers: { ...HEADERS, ...session }, body: CALL.body })).text();
    const lastEventId = [...posted.matchAll(/^id: ?(.+)$/gm)].at(-1)?.[1];
    expect(lastEventId).toBeDefined();
    const closing = running.close(5000);
    // Shutting down, the server takes no new work, on new connections too…
    const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    const refused = await fetch(running.url, { method: "POST", headers: HEADERS, body: JSON.stringify(initialize) });
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([503, "1"]);
    await refused.text();
    // …but the client resuming its call's stream, after the call has ended, reads the answer.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const resumed = await fetch(running.url, { headers: { accept: "text/event-stream", ...session, "last-event-id": lastEventId! } });
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain('"text":"waited"');
    const started = performance.now();
    await closing;
    // Nothing left to wait for once the answer is read: not the grace period's 5 s.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(aborted).toEqual([]);
  });

  it("with pollAfterMs, a let-go call still running after the grace period is aborted, and the client resumes to read that", async () => {
    const { registry, aborted } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: { pollAfterMs: 100, retryMs: 50 } });
    const session = await openSession(running.url);
    const posted = await (await fetch(running.url, { method: "POST", headers: { ...HEADERS, ...session }, body: CALL.body })).text();
    const lastEventId = [...posted.matchAll(/^id: ?(.+)$/gm)].at(-1)?.[1];
    const closing = running.close(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(aborted).toEqual([true]);
    const resumed = await fetch(running.url, { headers: { accept: "text/event-stream", ...session, "last-event-id": lastEventId! } });
    expect(await resumed.text()).toMatch(/"isError":true.*aborted|aborted.*"isError":true/);
    await closing;
  });
});
