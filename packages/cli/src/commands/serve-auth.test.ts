import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRpcAnswer } from "../../../../test-support/json-rpc-answer.js";
import { compile, copyFixture, toolgen, TOOLGEN_BIN } from "../../../../test-support/temp-project.js";

/**
 * `toolgen serve --http` with `server.auth` in the toolgen config (fixtures/remote): the
 * endpoint as a deployed user meets it. Every token case is covered against
 * `createMcpHandler` in packages/mcp/src/auth/auth.test.ts; here, what the CLI adds — the
 * config, the JWKS file, the process — and the cases a client sees first.
 */
const ISSUER = "https://auth.example.com";
const AUDIENCE = "https://tools.example.com/mcp";
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

type Key = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
let key: Key;
let dir: string;
let cleanup: () => void;

function writeConfig(server: Record<string, unknown>): void {
  writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ server }));
}

async function start(): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [TOOLGEN_BIN, "serve", "--http", "0"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  while (!/ at (http:\S+)/.test(stderr)) {
    if (child.exitCode !== null) throw new Error(`toolgen serve exited: ${stderr}`);
    await once(child.stderr!, "data");
  }
  return { child, url: / at (http:\S+)/.exec(stderr)![1]!, stderr: () => stderr };
}

function token(claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: "alice", ...claims }).setProtectedHeader({ alg: "ES256", kid: "k1" }).setExpirationTime("5m").sign(key);
}

async function call(url: string, name: string, args: object, authorization?: string): Promise<Response> {
  return fetch(url, { method: "POST", headers: { ...HEADERS, ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }) });
}

beforeAll(async () => {
  ({ dir, cleanup } = copyFixture("remote"));
  const pair = await generateKeyPair("ES256", { extractable: true });
  key = pair.privateKey;
  writeFileSync(path.join(dir, "jwks.json"), JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256" }] }));
  expect(toolgen(["build"], dir).status).toBe(0);
  compile(dir);
}, 60_000);
afterAll(() => cleanup?.());

describe("toolgen serve --http with server.auth", () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    writeConfig({ auth: { issuer: ISSUER, audience: AUDIENCE, jwks: "./jwks.json" }, shutdownGraceMs: 5000 });
    server = await start();
  }, 30_000);
  afterAll(() => server?.child.kill("SIGKILL"));

  it("says tokens are required when it starts", () => {
    expect(server.stderr()).toContain("bearer tokens required");
  });

  it("answers /healthz and the metadata without a token, and 401 with the metadata URL for a call", async () => {
    expect((await fetch(new URL("/healthz", server.url))).status).toBe(200);
    const refused = await call(server.url, "ping", {});
    expect(refused.status).toBe(401);
    // The resource is the token audience (this server stands for tools.example.com): its metadata is served here too.
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(refused.headers.get("www-authenticate")!)![1]!;
    expect(metadataUrl).toBe("https://tools.example.com/.well-known/oauth-protected-resource/mcp");
    expect(await (await fetch(new URL(new URL(metadataUrl).pathname, server.url))).json()).toEqual({ resource: AUDIENCE, authorization_servers: [ISSUER], scopes_supported: ["orders:read"], bearer_methods_supported: ["header"] });
    expect((await call(server.url, "ping", {}, "Bearer nonsense")).headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("refuses every bad token with 401 invalid_token (a token in the URL: 400 invalid_request), and nothing runs", async () => {
    const { privateKey: other } = await generateKeyPair("ES256");
    const sign = (claims: Record<string, unknown>, header: { alg: string; kid: string }, signer: Key | Uint8Array) =>
      new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: "mallory", exp: Math.floor(Date.now() / 1000) + 300, ...claims }).setProtectedHeader(header).sign(signer);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const bad: Record<string, string> = {
      "bad signature": await sign({}, { alg: "ES256", kid: "k1" }, other),
      "alg none": `${part({ alg: "none", kid: "k1" })}.${part({ iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 })}.`,
      hmac: await sign({}, { alg: "HS256", kid: "k1" }, new TextEncoder().encode("a shared secret of thirty-two bytes!")),
      "unknown kid": await sign({}, { alg: "ES256", kid: "k9" }, key),
      expired: await sign({ exp: Math.floor(Date.now() / 1000) - 120 }, { alg: "ES256", kid: "k1" }, key),
      "not yet valid": await sign({ nbf: Math.floor(Date.now() / 1000) + 120 }, { alg: "ES256", kid: "k1" }, key),
      "wrong issuer": await sign({ iss: "https://evil.example.com" }, { alg: "ES256", kid: "k1" }, key),
      "wrong audience": await sign({ aud: "https://other.example.com" }, { alg: "ES256", kid: "k1" }, key),
    };
    for (const [name, jwt] of Object.entries(bad)) {
      const response = await call(server.url, "whoami", {}, `Bearer ${jwt}`);
      expect([name, response.status, response.headers.get("www-authenticate")?.startsWith('Bearer error="invalid_token"')]).toEqual([name, 401, true]);
    }
    const inUrl = await fetch(`${server.url}?access_token=${await token()}`, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect([inUrl.status, inUrl.headers.get("www-authenticate")?.startsWith('Bearer error="invalid_request"')]).toEqual([400, true]);
  });

  it("serves a valid token, hides and refuses what its scopes do not cover, and tells tools who calls", async () => {
    const bearer = `Bearer ${await token()}`;
    const list = await fetch(server.url, { method: "POST", headers: { ...HEADERS, authorization: bearer }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(((await list.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name)).toEqual(["ping", "whoami", "slow"]);
    expect((await call(server.url, "list_orders", {}, bearer)).status).toBe(403);
    const who = await call(server.url, "whoami", {}, bearer);
    expect((await jsonRpcAnswer<{ result: { content: Array<{ text: string }> } }>(who)).result.content[0]!.text).toBe("alice");
    const scoped = await call(server.url, "list_orders", {}, `Bearer ${await token({ scope: "orders:read" })}`);
    expect(scoped.status).toBe(200);
  });

  it("on SIGTERM lets a call in flight finish, refuses new connections, and exits 0, a second SIGTERM changing nothing", async () => {
    const bearer = `Bearer ${await token()}`;
    const inFlight = call(server.url, "slow", { ms: 800 }, bearer);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill("SIGTERM");
    const answer = await inFlight;
    expect((await jsonRpcAnswer<{ result: { content: Array<{ text: string }> } }>(answer)).result.content[0]!.text).toBe("waited 800 ms");
    await expect(fetch(new URL("/healthz", server.url))).rejects.toThrow();
    expect((await exited)[0]).toBe(0);
  });
});

describe("toolgen serve --http with a server.auth that cannot verify", () => {
  it.each([
    [{ issuer: ISSUER, audience: AUDIENCE }, /^toolgen: toolgen\.config\.json: "server"."auth"."jwks" must be a non-empty string \(tokens cannot be checked without it\)/],
    [{ issuer: ISSUER, audience: AUDIENCE, jwks: "./missing.json" }, /"server"."auth"."jwks": .*missing\.json does not exist/],
    [{ issuer: ISSUER, audience: AUDIENCE, jwks: "./" }, /"server"."auth"."jwks": .* is not a file; name the JSON Web Key Set's file\./],
    [{ audience: AUDIENCE, jwks: "./jwks.json" }, /"server"."auth"."issuer" must be a non-empty string/],
    [{ issuer: ISSUER, audience: [], jwks: "./jwks.json" }, /"server"."auth"."audience" must be a non-empty string or a non-empty list of them/],
    [{ issuer: ISSUER, audience: AUDIENCE, jwks: "http://keys.example.com/jwks.json" }, /^toolgen: toolgen\.config\.json: "server"."auth"."jwks" must be an https: URL/],
    [{ issuer: ISSUER, audience: AUDIENCE, jwks: "./jwks.json", secret: "x" }, /"server"."auth"."secret" is not an auth setting/],
    [{ issuer: ISSUER, audience: AUDIENCE, jwks: "./jwks.json", authorizationServers: [] }, /"server"."auth"."authorizationServers" must be a non-empty list of URLs/],
    [{ issuer: ISSUER, audience: AUDIENCE, jwks: "./jwks.json", authorizationServers: [""] }, /"server"."auth"."authorizationServers" must be a non-empty list of URLs/],
  ])("%j: exit 2 naming the field, before listening", (auth, message) => {
    writeConfig({ auth });
    const run = toolgen(["serve", "--http", "0"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain(" at ");
  });

  it("a key set and a configuration file that begin with a byte-order mark are read past it", () => {
    const keys = readFileSync(path.join(dir, "jwks.json"), "utf8");
    writeFileSync(path.join(dir, "bom-jwks.json"), `\uFEFF${keys}`);
    writeFileSync(path.join(dir, "toolgen.config.json"), `\uFEFF${JSON.stringify({ server: { auth: { issuer: ISSUER, audience: AUDIENCE, jwks: "./bom-jwks.json" } } })}`);
    // Refused only for what comes after both are read: an address not of this machine to listen on.
    const run = toolgen(["serve", "--http", "0", "--bind", "203.0.113.1"], dir);
    expect(run.stderr).toMatch(/^toolgen: cannot listen on 203\.0\.113\.1:0: /);
  });

  it("a key set that is not JSON: exit 2 naming the file, line and column", () => {
    writeFileSync(path.join(dir, "broken-jwks.json"), '{\n  "keys": [\n    {},\n  ]\n}'); // V8's message names no position
    writeConfig({ auth: { issuer: ISSUER, audience: AUDIENCE, jwks: "./broken-jwks.json" } });
    const run = toolgen(["serve", "--http", "0"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^toolgen: toolgen\.config\.json: "server"."auth"."jwks": .*broken-jwks\.json:4:3 is not JSON \(/);
  });
});

describe("toolgen serve --http with server.allowedOrigins and server.maxBodyBytes", () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    writeConfig({ allowedOrigins: ["http://localhost:6274"], maxBodyBytes: 2000 });
    server = await start();
  }, 30_000);
  afterAll(() => server?.child.kill("SIGKILL"));

  it("a listed page's preflight is answered and its calls' answers are readable; another page is refused", async () => {
    const preflight = await fetch(server.url, { method: "OPTIONS", headers: { origin: "http://localhost:6274", "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([204, "http://localhost:6274"]);
    const listed = await fetch(server.url, { method: "POST", headers: { ...HEADERS, origin: "http://localhost:6274" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect([listed.status, listed.headers.get("access-control-allow-origin")]).toEqual([200, "http://localhost:6274"]);
    const other = await fetch(server.url, { method: "POST", headers: { ...HEADERS, origin: "https://evil.example.com" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(other.status).toBe(403);
  });

  it("a body over maxBodyBytes is 413", async () => {
    const post = (pad: number) => fetch(server.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(pad) } }) }).then((r) => r.status);
    expect([await post(10), await post(3000)]).toEqual([200, 413]);
  });
});

describe("toolgen serve --http with a server setting it cannot use", () => {
  it.each([
    [{ allowedOrigins: ["https://app.example.com/"] }, '"server"."allowedOrigins"[0] must be an origin: http or https, a host (no wildcard) and a port only (such as "https://app.example.com"); got "https://app.example.com/".'],
    [{ allowedOrigins: ["https://*.example.com"] }, '"server"."allowedOrigins"[0] must be an origin: http or https, a host (no wildcard) and a port only; got "https://*.example.com".'],
    [{ allowedOrigins: "https://app.example.com" }, '"server"."allowedOrigins" must be a list of origins such as "https://app.example.com"; got "https://app.example.com".'],
    [{ allowedOrigin: ["https://app.example.com"] }, '"server": unknown key "allowedOrigin" (known: name, version, description, auth, shutdownGraceMs, sessions, allowedOrigins, maxBodyBytes).'],
    [{ maxBodyBytes: "1000" }, '"server"."maxBodyBytes" must be a whole number of bytes above 0; got "1000".'],
    [{ shutdownGraceMs: -5 }, '"server"."shutdownGraceMs" must be a number of milliseconds from 0 to 2147483647; got -5.'],
    // Longer than a timer waits: Node.js would run it after 1 ms.
    [{ shutdownGraceMs: 1e12 }, '"server"."shutdownGraceMs" must be a number of milliseconds from 0 to 2147483647; got 1000000000000.'],
    [{ sessions: { idleTimeoutMs: "x" } }, '"server"."sessions"."idleTimeoutMs" must be a number of milliseconds from 0 to 2147483647; got "x".'],
    [{ sessions: { maxSessions: 0 } }, '"server"."sessions"."maxSessions" must be an integer ≥ 1; got 0.'],
  ])("%j: exit 2 naming the field, before listening", (server, message) => {
    writeConfig(server);
    const run = toolgen(["serve", "--http", "0"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr.replace(`${dir}${path.sep}`, "")).toBe(`toolgen: toolgen.config.json: ${message}\n`);
  });
});
