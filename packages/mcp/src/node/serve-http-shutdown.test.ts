import { createRegistry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { jsonRpcAnswer } from "../../../../test-support/json-rpc-answer.js";
import { serveHttp } from "./serve-http.js";

const identity = { name: "shutdown", version: "1.0.0" };

/** A registry whose `wait` tool resolves only when its call's signal aborts, and says so. */
function waiting() {
  const registry = createRegistry([]);
  const aborted: boolean[] = [];
  registry.register({
    name: "wait",
    description: "Waits until aborted.",
    fn: (_args, context) =>
      new Promise<string>((resolve) => {
        context.signal.addEventListener("abort", () => {
          aborted.push(true);
          resolve("stopped");
        });
      }),
  });
  return { registry, aborted };
}

const CALL = { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wait", arguments: {} } }) };

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
    const answer = fetch(running.url, CALL).then((r) => jsonRpcAnswer<{ result: { isError?: boolean; content: Array<{ text: string }> } }>(r));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await running.close(200);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(aborted).toEqual([true]);
    expect((await answer).result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("aborted") }] });
  });

  it("aborts a session's call still running after the grace period too; its answer still goes out", async () => {
    const { registry, aborted } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: true });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const opened = await fetch(running.url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) });
    await opened.text();
    const session = { "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    const answer = fetch(running.url, { method: "POST", headers: { ...headers, ...session }, body: CALL.body }).then((r) => jsonRpcAnswer<{ result: { isError?: boolean; content: Array<{ text: string }> } }>(r));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await running.close(200);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(aborted).toEqual([true]);
    expect((await answer).result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("aborted") }] });
  });

  it("does not wait the grace period for a session's idle notification stream (GET): only calls are waited for", async () => {
    const { registry } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: true });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const opened = await fetch(running.url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) });
    await opened.text();
    const session = { "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    const stream = await fetch(running.url, { headers: { accept: "text/event-stream", ...session } });
    expect(stream.status).toBe(200);
    const started = performance.now();
    await running.close(5000);
    expect(performance.now() - started).toBeLessThan(1000);
    await stream.body?.cancel().catch(() => undefined);
  });

  it("waits for a call whose stream the client resumed (GET with Last-Event-ID, under pollAfterMs) as for any call", async () => {
    const { registry } = waiting();
    const running = await serveHttp(registry, { port: 0, identity, sessions: { pollAfterMs: 100, retryMs: 50 } });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const opened = await fetch(running.url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) });
    await opened.text();
    const session = { "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    // The call's own stream closes after pollAfterMs, leaving the id of its last event to resume from.
    const posted = await (await fetch(running.url, { method: "POST", headers: { ...headers, ...session }, body: CALL.body })).text();
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
});
