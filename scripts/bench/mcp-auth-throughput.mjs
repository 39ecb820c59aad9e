// Throughput of the HTTP endpoint with bearer authentication on and off (issue #23): the same
// registry behind `createMcpHandler` on `serveHandler`, 127.0.0.1, `tools/call` of a tool that
// answers at once, `concurrency` requests in flight. With auth, every request carries the same
// valid ES256 token (a client keeps its token). Rounds alternate; medians of calls per second.
import { performance } from "node:perf_hooks";
import { createMcpHandler } from "@toolgen/mcp";
import { serveHandler } from "@toolgen/mcp/node";
import { createRegistry } from "@toolgen/runtime";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

const ISSUER = "https://auth.example.com";
const AUDIENCE = "https://tools.example.com/mcp";

/** `{ off, on }`: calls per second, each the median of `rounds`. */
export async function benchMcpAuth({ calls = 2000, concurrency = 32, rounds = 3 } = {}) {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  const token = await new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: "bench", scope: "orders:read" }).setProtectedHeader({ alg: "ES256", kid: "k1" }).setExpirationTime("1h").sign(privateKey);
  const identity = { name: "bench", version: "1.0.0" };
  const servers = {
    off: await serveHandler(createMcpHandler(registry(), { identity, path: "/mcp" }), { port: 0 }),
    on: await serveHandler(createMcpHandler(registry(), { identity, path: "/mcp", auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } }), { port: 0 }),
  };
  const results = { off: [], on: [] };
  try {
    for (const kind of ["off", "on"]) await run(servers[kind].url, kind === "on" ? token : undefined, Math.min(calls, 200), concurrency); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const kind of round % 2 ? ["on", "off"] : ["off", "on"]) results[kind].push(await run(servers[kind].url, kind === "on" ? token : undefined, calls, concurrency));
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.close()));
  }
  return { calls, concurrency, off: median(results.off), on: median(results.on) };
}

function registry() {
  const r = createRegistry([]);
  r.register({ name: "ping", description: "Answers.", scopes: ["orders:read"], fn: () => "pong" });
  return r;
}

async function run(url, token, calls, concurrency) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ping", arguments: {} } });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < calls) {
      const response = await globalThis.fetch(url, { method: "POST", headers, body });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
  }));
  return calls / ((performance.now() - started) / 1000);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchMcpAuth()));
