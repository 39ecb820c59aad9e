// Serving throughput (issue #18): toolgen's stateless HTTP endpoint — what `toolgen serve --http`
// runs: `createMcpHandler` on `serveHandler` — against the official SDK's `McpServer` served the
// way its documentation serves it statelessly (a server and a `StreamableHTTPServerTransport`
// per request, on node:http), on this machine, 127.0.0.1, the same load: `tools/call` of a tool
// adding two numbers, `calls` requests with `concurrency` in flight, every answer checked.
// Rounds alternate; medians of calls per second and of each round's p99 latency.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { Agent, createServer, request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createMcpHandler } from "@toolgen/mcp";
import { serveHandler } from "@toolgen/mcp/node";
import { median } from "./measure-process.mjs";
import { createRegistry, lazyEntry } from "@toolgen/runtime";
import { z } from "zod";

const IDENTITY = { name: "bench", version: "1.0.0" };
const DESCRIPTION = "Adds two numbers.";

/**
 * `{ toolgen, sdk }`: each `{ perSecond, p99Ms, wrong }` (medians of `rounds`; wrong answers
 * summed). Each server runs in a process of its own, as it would in production; the load comes
 * from this one.
 */
export async function benchMcpServe({ calls = 3000, concurrency = 64, rounds = 3 } = {}) {
  const servers = { toolgen: await spawnServer("toolgen"), sdk: await spawnServer("sdk") };
  // One keep-alive agent per server, from the warm-up to the last round: a round that opened its
  // connections anew would time Node's accept queue, not the server. A saturated node:http
  // server (any, a plain one doing 0.2 ms of work per request too) accepts a burst of new
  // connections one per event-loop turn, so a round's first 64 calls waited up to a second
  // and set its p99.
  const agents = { toolgen: new Agent({ keepAlive: true, maxSockets: concurrency }), sdk: new Agent({ keepAlive: true, maxSockets: concurrency }) };
  const results = { toolgen: [], sdk: [] };
  try {
    for (const kind of Object.keys(servers)) await load(servers[kind].url, agents[kind], Math.min(calls, 1500), concurrency); // warm-up: V8 optimizes both servers first
    for (let round = 0; round < rounds; round++) {
      for (const kind of round % 2 ? ["sdk", "toolgen"] : ["toolgen", "sdk"]) results[kind].push(await load(servers[kind].url, agents[kind], calls, concurrency));
    }
  } finally {
    for (const agent of Object.values(agents)) agent.destroy();
    await Promise.all(Object.values(servers).map((s) => s.close()));
  }
  const summary = (runs) => ({ perSecond: median(runs.map((r) => r.perSecond)), p99Ms: median(runs.map((r) => r.p99Ms)), wrong: runs.reduce((n, r) => n + r.wrong, 0) });
  return { calls, concurrency, rounds, toolgen: summary(results.toolgen), sdk: summary(results.sdk) };
}

/** The entry `toolgen build` writes for `export function add(a: number, b: number): number`. */
const ADD = {
  kind: "tool",
  name: "add",
  description: DESCRIPTION,
  implementation: { module: "dist/add.js", export: "add" },
  arguments: { mode: "positional", parameters: [{ kind: "argument", name: "a" }, { kind: "argument", name: "b" }] },
  inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"], additionalProperties: false },
  outputSchema: { type: "number" },
  source: { file: "src/add.ts", line: 1, column: 1 },
};

function serveToolgen() {
  const registry = createRegistry([lazyEntry({ kind: "tool", name: "add" }, JSON.stringify(ADD), {}, async () => ({ add: (a, b) => a + b }))]);
  return serveHandler(createMcpHandler(registry, { identity: IDENTITY, path: "/mcp" }), { port: 0 });
}

/** The SDK's stateless example (src/examples/server/simpleStatelessStreamableHttp.ts), on node:http instead of express. */
function serveSdk() {
  const newServer = () => {
    const server = new McpServer(IDENTITY);
    server.registerTool("add", { description: DESCRIPTION, inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }));
    return server;
  };
  const http = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const server = newServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, JSON.parse(Buffer.concat(chunks).toString("utf8")));
  });
  return new Promise((resolve) =>
    http.listen(0, "127.0.0.1", () => {
      const { port } = http.address();
      resolve({ url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((done) => (http.closeAllConnections(), http.close(() => done()))) });
    }),
  );
}

/**
 * `calls` calls with `concurrency` in flight, through `agent`'s keep-alive connections: calls
 * per second, the p99 latency, and how many answers were wrong. node:http: `fetch` itself
 * tops out near 5,000 calls a second on this machine, below what is measured.
 */
async function load(url, agent, calls, concurrency) {
  const target = new URL(url);
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };
  const post = (body) =>
    new Promise((resolve, reject) => {
      const request = httpRequest({ agent, host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode, text }));
      });
      request.once("error", reject);
      request.end(body);
    });
  const latencies = [];
  let wrong = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < calls; i = next++) {
        const a = i;
        const b = i * 2 + 1;
        const sent = performance.now();
        const response = await post(JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "add", arguments: { a, b } } }));
        latencies.push(performance.now() - sent);
        let answer;
        try {
          answer = JSON.parse(response.text);
        } catch {
          answer = undefined;
        }
        if (response.status !== 200 || answer?.id !== i || answer?.result?.content?.[0]?.text !== String(a + b)) wrong++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return { perSecond: calls / seconds, p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))], wrong };
}

/** `node mcp-serve-throughput.mjs --serve <kind>` in a child process: its URL, and a close that stops it. */
function spawnServer(kind) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--serve", kind], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the ${kind} server exited (${code}) before it listened`)));
    child.stdout.setEncoding("utf8").once("data", (line) => {
      child.removeAllListeners("exit");
      const exited = new Promise((done) => child.once("exit", done));
      resolve({ url: line.trim(), close: () => (child.kill(), exited) });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2] === "--serve" ? process.argv[3] : undefined;
  if (kind === undefined) console.log(JSON.stringify(await benchMcpServe()));
  else console.log((await (kind === "toolgen" ? serveToolgen() : serveSdk())).url);
}
