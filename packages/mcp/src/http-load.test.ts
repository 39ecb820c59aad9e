import { createRegistry, ToolError } from "@toolgen/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";
import { serveHttp, type RunningHttpServer } from "./node/serve-http.js";

/**
 * Issue #8, MCP under load: concurrent calls over stateless streamable HTTP on 127.0.0.1,
 * a mix of fast, slow, failing and invalid calls plus malformed JSON-RPC. Every call must
 * be answered, correctly, and the server must still serve afterwards. 1,000 calls, all at
 * once, in `npm test`; `TOOLGEN_LOAD_CALLS=20000` for a longer run with 1,000 in flight
 * (docs/reliability.md).
 */
const CALLS = Number(process.env.TOOLGEN_LOAD_CALLS ?? 1000);
const IN_FLIGHT = 1000;
const KINDS = ["fast", "slow", "failing", "invalid", "malformed"] as const;
type Kind = (typeof KINDS)[number];

function loadRegistry() {
  const registry = createRegistry([]);
  registry.register({ name: "echo", description: "Returns its text.", params: [{ name: "text", type: "string" }], fn: (args) => `echo:${String(args.text)}` });
  registry.register({
    name: "slow_echo",
    description: "Returns its text after a pause.",
    params: [{ name: "text", type: "string" }],
    fn: async (args) => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return `slow:${String(args.text)}`;
    },
  });
  registry.register({
    name: "fail",
    description: "Always fails.",
    params: [{ name: "n", type: "integer" }],
    fn: (args) => {
      throw new ToolError(`failure ${String(args.n)}`, { n: args.n });
    },
  });
  return registry;
}

/** What a request of each kind sends, and what its answer must be. */
function requestFor(kind: Kind, i: number): { body: string; check: (status: number, reply: unknown) => void } {
  const rpc = (method: string, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id: i, method, params });
  switch (kind) {
    case "fast":
      return { body: rpc("tools/call", { name: "echo", arguments: { text: `t${i}` } }), check: (s, r) => expect([s, r]).toEqual([200, { jsonrpc: "2.0", id: i, result: { content: [{ type: "text", text: `echo:t${i}` }] } }]) };
    case "slow":
      return { body: rpc("tools/call", { name: "slow_echo", arguments: { text: `t${i}` } }), check: (s, r) => expect([s, r]).toEqual([200, { jsonrpc: "2.0", id: i, result: { content: [{ type: "text", text: `slow:t${i}` }] } }]) };
    case "failing":
      return {
        body: rpc("tools/call", { name: "fail", arguments: { n: i } }),
        check: (s, r) => {
          expect(s).toBe(200);
          expect(r).toMatchObject({ id: i, result: { isError: true, content: [{ type: "text", text: `failure ${i}\n{"n":${i}}` }] } });
        },
      };
    case "invalid":
      return {
        body: rpc("tools/call", { name: "fail", arguments: { n: "not a number" } }),
        check: (s, r) => {
          expect(s).toBe(200);
          expect(r).toMatchObject({ id: i, result: { isError: true, _meta: { "dev.toolgen/error": { code: "invalid_arguments" } } } });
        },
      };
    case "malformed":
      return {
        body: JSON.stringify({ jsonrpc: "1.0", id: i, method: 42 }),
        check: (s, r) => {
          expect(s).toBeGreaterThanOrEqual(400);
          expect((r as { error: { code: number } }).error.code).toBeLessThan(0);
        },
      };
  }
}

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };

describe(`MCP under load: ${CALLS} concurrent calls over stateless streamable HTTP`, () => {
  let running: RunningHttpServer;

  beforeAll(async () => {
    const registry = loadRegistry();
    running = await serveHttp(() => createMcpServer(registry, { identity: { name: "load", version: "1.0.0" } }), { port: 0 });
  });
  afterAll(() => running?.close());

  // The longer run needs longer than the suite's 60 s per test; the assertions are the same.
  it("answers every call correctly, loses none, and stays healthy", { timeout: Math.max(60_000, CALLS * 25) }, async () => {
    const started = performance.now();
    const latencies: number[] = [];
    const answered: Kind[] = [];
    let next = 0;
    // Up to 1,000 calls in flight at once; a longer run keeps that many busy until all are done.
    const worker = async () => {
      for (let i = next++; i < CALLS; i = next++) {
        const kind = KINDS[i % KINDS.length]!;
        const { body, check } = requestFor(kind, i);
        const t0 = performance.now();
        const response = await fetch(running.url, { method: "POST", headers: HEADERS, body });
        const reply: unknown = await response.json();
        latencies.push(performance.now() - t0);
        check(response.status, reply);
        answered.push(kind);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CALLS, IN_FLIGHT) }, worker));
    const seconds = (performance.now() - started) / 1000;
    expect(answered).toHaveLength(CALLS);
    for (const kind of KINDS) expect(answered.filter((k) => k === kind).length).toBe(Math.ceil((CALLS - KINDS.indexOf(kind)) / KINDS.length));

    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(`MCP load: ${CALLS} calls in ${seconds.toFixed(2)} s, ${(CALLS / seconds).toFixed(0)} calls/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);

    const health = await fetch(running.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: "after", method: "tools/list" }) });
    expect(health.status).toBe(200);
    expect(((await health.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(3);
  });
});
