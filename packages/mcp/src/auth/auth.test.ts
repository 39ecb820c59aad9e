import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createRegistry, type Principal } from "@toolgen/runtime";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

type KeyLike = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMcpHandler, type McpHandler } from "../create-mcp-handler.js";
import { jsonRpcAnswer } from "../../../../test-support/json-rpc-answer.js";
import { MCP_PATH, serveHandler, serveHttp, type RunningHttpServer } from "../node/serve-http.js";

/**
 * The HTTP endpoint as an OAuth 2.1 resource server, every case of issue #23 against
 * `createMcpHandler`: tokens are minted here from keys generated here.
 */
const ISSUER = "https://auth.example.com";
const AUDIENCE = "https://tools.example.com/mcp";
const identity = { name: "shop", version: "1.0.0" };

let signingKey: KeyLike;
let otherKey: KeyLike;
let jwk: JWK;
const refunds: Array<Principal | null | undefined> = [];

function shopRegistry() {
  const registry = createRegistry([]);
  registry.register({ name: "ping", description: "Answers.", fn: () => "pong" });
  registry.register({ name: "read_orders", description: "Lists orders.", scopes: ["orders:read"], fn: () => "orders" });
  registry.register({ name: "report", kind: "resource", description: "The sales report.", uris: ["shop://report"], scopes: ["reports"], fn: () => "sales: 42" });
  registry.register({ name: "summarize", kind: "prompt", description: "Summarizes the report.", scopes: ["reports"], fn: () => "Summarize the sales report." });
  registry.register({
    name: "refund",
    description: "Refunds an order.",
    scopes: ["payments", "orders:read"],
    params: [{ name: "id", type: "string" }],
    fn: (_args, context) => {
      refunds.push(context.principal);
      return `refunded for ${context.principal?.subject ?? "nobody"}`;
    },
  });
  return registry;
}

let handler: McpHandler;
beforeAll(async () => {
  const pair = await generateKeyPair("ES256", { extractable: true });
  signingKey = pair.privateKey;
  ({ privateKey: otherKey } = await generateKeyPair("ES256"));
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  handler = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } });
});

interface Claims {
  iss?: string;
  aud?: string | string[];
  sub?: string;
  scope?: string;
  scp?: string | string[];
  exp?: number | null;
  nbf?: number;
  iat?: number;
  jti?: string;
  tenant?: string;
}

const now = () => Math.floor(Date.now() / 1000);

async function token(claims: Claims = {}, options: { key?: KeyLike; kid?: string } = {}): Promise<string> {
  const { exp = now() + 300, ...rest } = claims;
  const jwt = new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: "user-1", ...rest }).setProtectedHeader({ alg: "ES256", kid: options.kid ?? "k1" });
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(options.key ?? signingKey);
}

/** A JWT with any header, signed (or not) by hand. */
function rawToken(header: object, payload: object, signature = ""): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part(header)}.${part(payload)}.${signature}`;
}

function rpc(method: string, params: object = {}, authorization?: string, url = `http://localhost${MCP_PATH}`): Request {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
}

async function json(response: Response): Promise<{ result?: { tools?: Array<{ name: string }>; content?: Array<{ text: string }> } }> {
  return jsonRpcAnswer(response);
}

describe("bearer authentication", () => {
  it("GET /healthz answers 200 without a token (HEAD too, without a body)", async () => {
    const response = await handler(new Request("http://localhost/healthz"));
    expect([response.status, await response.json()]).toEqual([200, { status: "ok" }]);
    const head = await handler(new Request("http://localhost/healthz", { method: "HEAD" }));
    expect([head.status, await head.text()]).toEqual([200, ""]);
  });

  it("GET /healthz answers 503 once the handler drains (shutting down), so a load balancer sends new clients elsewhere", async () => {
    const draining = createMcpHandler(shopRegistry(), { identity, sessions: true });
    expect((await draining(new Request("http://localhost/healthz"))).status).toBe(200);
    draining.drain();
    const response = await draining(new Request("http://localhost/healthz"));
    expect([response.status, await response.json()]).toEqual([503, { status: "draining" }]);
    expect((await draining(new Request("http://localhost/healthz", { method: "HEAD" }))).status).toBe(503);
  });

  it("with a path, serves the metadata at the bare form and the ones suffixed with that path or the resource's, only", async () => {
    const behindProxy = createMcpHandler(shopRegistry(), { identity, path: MCP_PATH, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] }, resource: "https://example.com/tools/mcp" } });
    const statusOf = async (path: string) => (await behindProxy(new Request(`http://localhost${path}`))).status;
    const paths = ["", "/mcp", "/tools/mcp", "/anything"].map((suffix) => `/.well-known/oauth-protected-resource${suffix}`);
    expect(await Promise.all(paths.map(statusOf))).toEqual([200, 200, 200, 404]);
    // Each names the identifier its URL was built from (RFC 9728 §3.3): the bare form, the origin.
    const resourceOf = async (path: string) => ((await (await behindProxy(new Request(`http://localhost${path}`))).json()) as { resource: string }).resource;
    expect(await Promise.all(paths.slice(0, 3).map(resourceOf))).toEqual(["https://example.com", "https://example.com/tools/mcp", "https://example.com/tools/mcp"]);
    // The metadata URL a 401 announces is one of those.
    const challenge = (await behindProxy(rpc("tools/list"))).headers.get("www-authenticate");
    expect(challenge).toContain('resource_metadata="https://example.com/.well-known/oauth-protected-resource/tools/mcp"');
  });

  it("serves the Protected Resource Metadata without a token, in both forms, readable from any page; the resource is the token audience", async () => {
    // This handler serves every path (no `path` option): the bare form describes the origin.
    for (const [path, resource] of [["/.well-known/oauth-protected-resource", "https://tools.example.com"], ["/.well-known/oauth-protected-resource/mcp", AUDIENCE]]) {
      const response = await handler(new Request(`http://localhost${path}`));
      expect([response.status, response.headers.get("access-control-allow-origin")]).toEqual([200, "*"]);
      expect(await response.json()).toEqual({ resource, authorization_servers: [ISSUER], scopes_supported: ["orders:read", "payments", "reports"], bearer_methods_supported: ["header"] });
      // HEAD: the same answer without its body.
      const head = await handler(new Request(`http://localhost${path}`, { method: "HEAD" }));
      expect([head.status, head.headers.get("content-type"), await head.text()]).toEqual([200, "application/json", ""]);
      const post = await handler(new Request(`http://localhost${path}`, { method: "POST", body: "{}" }));
      expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
    }
    // Another suffix would name another resource, whose metadata this is not (RFC 9728 §3.3):
    // here it is one more path of the endpoint, which every path is (a GET there is 405).
    const other = await handler(new Request("http://localhost/.well-known/oauth-protected-resource/other/path"));
    expect(other.status).toBe(405);
  });

  it("the resource announced is the one tokens must be for: a token for it is taken, whatever Host the request names", async () => {
    const metadata = (await (await handler(new Request("http://evil.example/.well-known/oauth-protected-resource/mcp"))).json()) as { resource: string };
    expect(metadata.resource).toBe(AUDIENCE);
    const response = await handler(rpc("tools/list", {}, `Bearer ${await token({ aud: metadata.resource })}`));
    expect(response.status).toBe(200);
    const challenge = await handler(new Request("http://evil.example/", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" }));
    expect(challenge.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"');
  });

  it("with an audience that is no URL (an API identifier), the resource is the URL the request came to, on its own host", async () => {
    const byIdentifier = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: "api://shop", jwks: { keys: [jwk] } } });
    for (const [path, resource] of [["/.well-known/oauth-protected-resource", "http://localhost"], ["/.well-known/oauth-protected-resource/mcp", "http://localhost/mcp"], ["/.well-known/oauth-protected-resource//evil.example/mcp", "http://localhost//evil.example/mcp"]]) {
      expect(await (await byIdentifier(new Request(`http://localhost${path}`))).json()).toMatchObject({ resource });
    }
    // A challenge for an endpoint path that looks like another host points to metadata on this one.
    const challenge = await byIdentifier(new Request("http://localhost//evil.example/mcp", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" }));
    expect(challenge.headers.get("www-authenticate")).toBe('Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource//evil.example/mcp"');
  });

  it("a page's preflight for the metadata, with the MCP-Protocol-Version header the SDK's client sends, is answered", async () => {
    const preflight = await handler(new Request("http://localhost/.well-known/oauth-protected-resource/mcp", { method: "OPTIONS", headers: { origin: "https://app.example.com", "access-control-request-method": "GET", "access-control-request-headers": "mcp-protocol-version" } }));
    expect([preflight.status, preflight.headers.get("access-control-allow-origin"), preflight.headers.get("access-control-allow-headers")]).toEqual([204, "*", "mcp-protocol-version"]);
  });

  it("a registry without scopes leaves scopes_supported out of the metadata (RFC 9728: no empty parameters)", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "ping", description: "Pings.", fn: () => "pong" });
    const unscoped = createMcpHandler(registry, { identity, path: MCP_PATH, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } });
    expect(await (await unscoped(new Request("http://localhost/.well-known/oauth-protected-resource/mcp"))).json()).toEqual({ resource: AUDIENCE, authorization_servers: [ISSUER], bearer_methods_supported: ["header"] });
  });

  it("no token: 401 with the metadata URL and no error code, and nothing runs", async () => {
    const response = await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"');
    expect(refunds).toEqual([]);
  });

  const refused: Array<[string, () => Promise<string>]> = [
    ["a token that is not a JWT", async () => "Bearer abc.def"],
    ["a bad signature (another key, the same kid)", async () => `Bearer ${await token({}, { key: otherKey })}`],
    ["alg none", async () => `Bearer ${rawToken({ alg: "none", kid: "k1" }, { iss: ISSUER, aud: AUDIENCE, sub: "x", exp: now() + 300 })}`],
    ["an HMAC token", async () => `Bearer ${await new SignJWT({ iss: ISSUER, aud: AUDIENCE, exp: now() + 300 }).setProtectedHeader({ alg: "HS256", kid: "k1" }).sign(new TextEncoder().encode("a shared secret of thirty-two bytes!"))}`],
    ["an unknown kid", async () => `Bearer ${await token({}, { kid: "k9" })}`],
    ["an expired token (past the 60 s skew)", async () => `Bearer ${await token({ exp: now() - 120 })}`],
    ["a token not valid yet (past the 60 s skew)", async () => `Bearer ${await token({ nbf: now() + 120 })}`],
    ["a token without exp", async () => `Bearer ${await token({ exp: null })}`],
    ["the wrong issuer", async () => `Bearer ${await token({ iss: "https://evil.example.com" })}`],
    ["an audience without this server", async () => `Bearer ${await token({ aud: ["https://other.example.com"] })}`],
  ];
  it.each(refused)("%s: 401 invalid_token, and nothing runs", async (_case, authorization) => {
    const response = await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, await authorization()));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="https:\/\/tools\.example\.com\/\.well-known\/oauth-protected-resource\/mcp"$/);
    expect(refunds).toEqual([]);
  });

  it.each([
    ["a header with no token", "Bearer "],
    ["a header with spaces in the token", "Bearer not a token"],
    ["a tab after Bearer", "Bearer\tabc.def.ghi"],
  ])("%s: 400 invalid_request (RFC 6750 §3.1: malformed), and nothing runs", async (_case, authorization) => {
    const response = await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, authorization));
    expect(response.status).toBe(400);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_request", error_description="The Authorization header must be 'Bearer <token>'\.", resource_metadata="[^"]+"$/);
    expect(refunds).toEqual([]);
  });

  it("credentials of another scheme: 401 with the challenge of a missing token, no error code (RFC 6750 §3.1)", async () => {
    const response = await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, `Basic ${Buffer.from("a:b").toString("base64")}`));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"');
    expect(await response.json()).toEqual({ error: "unauthorized", error_description: "This server accepts bearer tokens only (Authorization: Bearer <token>), no other scheme." });
    expect(refunds).toEqual([]);
  });

  it("an empty Authorization header is no credentials, answered as a missing one", async () => {
    const request = (authorization?: string) => {
      const r = rpc("tools/list");
      if (authorization !== undefined) r.headers.set("authorization", authorization);
      return r;
    };
    const missing = await handler(request());
    for (const empty of ["", "  "]) {
      const response = await handler(request(empty));
      expect([response.status, response.headers.get("www-authenticate"), await response.json()]).toEqual([401, missing.headers.get("www-authenticate"), await missing.clone().json()]);
    }
  });

  it("a token in the query string: 400 invalid_request (RFC 6750 §3.1), even a valid one", async () => {
    const valid = await token({ scope: "payments orders:read" });
    for (const query of [`access_token=${valid}`, `%61ccess_token=${valid}`, `access%5Ftoken=${valid}`]) {
      const response = await handler(rpc("tools/list", {}, undefined, `http://localhost/mcp?${query}`));
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_request"/);
    }
  });

  it("a refused token's problem quoting its header (line breaks, non-Latin text, any length) is a 401 whose challenge holds what RFC 6750 allows", async () => {
    for (const name of ["x\r\nSet-Cookie: a=1", "中文", "é", "y".repeat(6000)]) {
      const response = await handler(rpc("tools/list", {}, `Bearer ${rawToken({ alg: "ES256", kid: "k1", crit: [name] }, {}, "AAAA")}`));
      const challenge = response.headers.get("www-authenticate")!;
      expect(response.status).toBe(401);
      expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[\x20\x21\x23-\x5b\x5d-\x7e]+", resource_metadata="[^"]+"$/);
      expect(challenge.length).toBeLessThan(500);
      expect(((await response.json()) as { error_description: string }).error_description.length).toBeLessThanOrEqual(300);
    }
  });

  it("a token within the 60 s skew passes", async () => {
    const response = await handler(rpc("tools/list", {}, `Bearer ${await token({ exp: now() - 30 })}`));
    expect(response.status).toBe(200);
  });
});

describe("@scopes", () => {
  it("a token without scopes sees only the entries that need none, and calling a scoped one is 403 insufficient_scope; nothing runs", async () => {
    const bearer = `Bearer ${await token()}`;
    expect((await json(await handler(rpc("tools/list", {}, bearer)))).result!.tools!.map((t) => t.name)).toEqual(["ping"]);
    const response = await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, bearer));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="payments orders:read", error_description="\'refund\' needs the scopes payments orders:read; the token lacks payments orders:read.", resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"',
    );
    expect(refunds).toEqual([]);
  });

  it("a batch is refused with every scope its refused calls need, so one step-up lets it through", async () => {
    const call = (id: number, method: string, params: object) => ({ jsonrpc: "2.0", id, method, params });
    const batch = (bearer: string) =>
      new Request(`http://localhost${MCP_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-03-26", authorization: bearer },
        body: JSON.stringify([call(1, "tools/call", { name: "refund", arguments: { id: "o1" } }), call(2, "tools/call", { name: "read_orders", arguments: {} }), call(3, "resources/read", { uri: "shop://report" })]),
      });
    const response = await handler(batch(`Bearer ${await token({ scope: "orders:read" })}`));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain(`scope="payments orders:read reports", error_description="'refund', 'report' need the scopes payments orders:read reports; the token lacks payments reports."`);
    expect((await handler(batch(`Bearer ${await token({ scope: "orders:read payments reports" })}`))).status).toBe(200);
    expect(refunds.map((p) => p?.subject)).toEqual(["user-1"]);
    refunds.length = 0;
  });

  it("a token with some scopes sees those entries, and is refused the rest", async () => {
    const bearer = `Bearer ${await token({ scope: "orders:read" })}`;
    expect((await json(await handler(rpc("tools/list", {}, bearer)))).result!.tools!.map((t) => t.name)).toEqual(["ping", "read_orders"]);
    expect((await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, bearer))).status).toBe(403);
    expect(refunds).toEqual([]);
  });

  it("prompts and resources follow their scopes too: hidden from lists, getting the prompt or reading the resource refused with 403", async () => {
    const without = `Bearer ${await token()}`;
    const listed = async (method: string, bearer: string) => ((await (await handler(rpc(method, {}, bearer))).json()) as { result: Record<string, Array<{ name: string }>> }).result;
    expect((await listed("prompts/list", without)).prompts).toEqual([]);
    expect((await listed("resources/list", without)).resources).toEqual([]);
    expect((await handler(rpc("prompts/get", { name: "summarize" }, without))).status).toBe(403);
    const read = await handler(rpc("resources/read", { uri: "shop://report" }, without));
    expect([read.status, read.headers.get("www-authenticate")]).toEqual([403, expect.stringContaining('error="insufficient_scope", scope="reports"')]);
    // Another spelling of its URI (RFC 3986's normalization: %72 is r) is the same resource.
    const respelled = await handler(rpc("resources/read", { uri: "SHOP://%72eport" }, without));
    expect([respelled.status, respelled.headers.get("www-authenticate")]).toEqual([403, expect.stringContaining('error="insufficient_scope", scope="reports"')]);
    const withReports = `Bearer ${await token({ scope: "reports" })}`;
    expect((await listed("prompts/list", withReports)).prompts!.map((p) => p.name)).toEqual(["summarize"]);
    expect((await listed("resources/list", withReports)).resources!.map((r) => r.name)).toEqual(["report"]);
    expect((await handler(rpc("prompts/get", { name: "summarize" }, withReports))).status).toBe(200);
    expect((await handler(rpc("resources/read", { uri: "shop://report" }, withReports))).status).toBe(200);
  });

  it("a token with every scope calls the tool, which sees the caller as context.principal", async () => {
    const bearer = `Bearer ${await token({ sub: "alice", scope: "orders:read payments" })}`;
    const answer = await json(await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, bearer)));
    expect(answer.result!.content![0]!.text).toBe("refunded for alice");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ subject: "alice", scopes: ["orders:read", "payments"], claims: { iss: ISSUER, sub: "alice" } });
    refunds.length = 0;
  });

  it.each([
    ["scp as a list", { scp: ["orders:read", "payments"] }],
    ["scp as a space-separated string (Microsoft Entra ID)", { scp: "orders:read payments" }],
  ])("reads the scopes of %s", async (_label, claims) => {
    const bearer = `Bearer ${await token({ sub: "bob", ...claims })}`;
    const answer = await json(await handler(rpc("tools/call", { name: "refund", arguments: { id: "o1" } }, bearer)));
    expect(answer.result!.content![0]!.text).toBe("refunded for bob");
    expect(refunds[0]).toMatchObject({ subject: "bob", scopes: ["orders:read", "payments"] });
    refunds.length = 0;
  });
});

describe("sessions with auth", () => {
  const INITIALIZE = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } };
  const inSession = (request: Request, id: string) => {
    request.headers.set("mcp-session-id", id);
    request.headers.set("mcp-protocol-version", "2025-11-25");
    return request;
  };
  /** A handler with sessions, and how a client opens one with a token. */
  const withSessions = (sessions: true | { maxSessions: number }) => {
    const handler = createMcpHandler(shopRegistry(), { identity, sessions, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } });
    const open = async (bearer: string) => {
      const response = await handler(rpc("initialize", INITIALIZE, bearer));
      await response.text();
      return response.headers.get("mcp-session-id")!;
    };
    return { handler, open };
  };

  it("a session follows its token's subject, scopes and claims: another subject, other scopes or claims or (without a subject) another token do not find it", async () => {
    const { handler: sessions, open } = withSessions(true);
    const listed = async (id: string, bearer: string) => {
      const response = await sessions(inSession(rpc("tools/list", {}, bearer), id));
      return response.status === 200 ? (await json(response)).result!.tools!.map((t) => t.name) : response.status;
    };
    const alice = `Bearer ${await token({ sub: "alice", scope: "orders:read" })}`;
    const id = await open(alice);
    expect(await listed(id, alice)).toEqual(["ping", "read_orders"]);
    // The same caller with a new token (a refresh) keeps the session.
    expect(await listed(id, `Bearer ${await token({ sub: "alice", scope: "orders:read", exp: now() + 600 })}`)).toEqual(["ping", "read_orders"]);
    // So does one issued at another time, with an id of its own.
    expect(await listed(id, `Bearer ${await token({ sub: "alice", scope: "orders:read", iat: now() - 5, jti: "refresh-2" })}`)).toEqual(["ping", "read_orders"]);
    // Other claims (another tenant; roles revoked): its tools would see the first token's, so 404 too.
    expect(await listed(id, `Bearer ${await token({ sub: "alice", scope: "orders:read", tenant: "globex" })}`)).toBe(404);
    // Fewer scopes, more scopes, another subject: 404, and the client starts a session that follows its token.
    expect(await listed(id, `Bearer ${await token({ sub: "alice" })}`)).toBe(404);
    expect(await listed(id, `Bearer ${await token({ sub: "alice", scope: "orders:read payments" })}`)).toBe(404);
    expect(await listed(id, `Bearer ${await token({ sub: "bob", scope: "orders:read" })}`)).toBe(404);
    const narrower = `Bearer ${await token({ sub: "alice" })}`;
    expect(await listed(await open(narrower), narrower)).toEqual(["ping"]);

    // Tokens without a subject never share a session, whatever their scopes.
    const anonymous = (clientId: string) => new SignJWT({ iss: ISSUER, aud: AUDIENCE, client_id: clientId, scope: "orders:read" }).setProtectedHeader({ alg: "ES256", kid: "k1" }).setExpirationTime(now() + 300).sign(signingKey);
    const x = `Bearer ${await anonymous("x")}`;
    const ofX = await open(x);
    expect(await listed(ofX, x)).toEqual(["ping", "read_orders"]);
    expect(await listed(ofX, `Bearer ${await anonymous("y")}`)).toBe(404);
    // Nor do tokens whose subject is empty: it names no one.
    const nobody = (jti: string) => token({ sub: "", jti, scope: "orders:read" }).then((t) => `Bearer ${t}`);
    const first = await nobody("1");
    expect(await listed(await open(first), await nobody("2"))).toBe(404);
  });

  it("a full table closes a session of the caller holding the most, not another caller's", async () => {
    const { handler: sessions, open } = withSessions({ maxSessions: 3 });
    const status = async (id: string, bearer: string) => {
      const response = await sessions(inSession(rpc("ping", {}, bearer), id));
      await response.text();
      return response.status;
    };
    const [alice, bob] = [`Bearer ${await token({ sub: "alice" })}`, `Bearer ${await token({ sub: "bob" })}`];
    const ofAlice = await open(alice);
    const ofBob = [await open(bob), await open(bob), await open(bob), await open(bob)];
    expect(await status(ofAlice, alice)).toBe(200);
    expect(await Promise.all(ofBob.map((id) => status(id, bob)))).toEqual([404, 404, 200, 200]);
    // Every caller holding one: the one opening its second closes its own first, not the least recently used of all.
    const { handler: even, open: openEven } = withSessions({ maxSessions: 3 });
    const carol = `Bearer ${await token({ sub: "carol" })}`;
    const held = [await openEven(alice), await openEven(bob), await openEven(carol)];
    const carolsSecond = await openEven(carol);
    const evenStatus = async (id: string, bearer: string) => {
      const response = await even(inSession(rpc("ping", {}, bearer), id));
      await response.text();
      return response.status;
    };
    expect([await evenStatus(held[0]!, alice), await evenStatus(held[1]!, bob), await evenStatus(held[2]!, carol), await evenStatus(carolsSecond, carol)]).toEqual([200, 200, 404, 200]);
  });
});

describe("a burst of bad tokens", () => {
  it("10,000 refused tokens are all 401, and the handler then serves valid calls", async () => {
    // Only verified tokens are kept (verify-jwt.ts), so refused ones grow nothing. A timed
    // comparison with a fresh handler was tried here and measured the machine's load, not that.
    const valid = `Bearer ${await token({ scope: "orders:read payments" })}`;
    const burst = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } });
    // Every kind of refusal, each token different.
    const kinds = [(i: number) => token({ sub: `x${i}` }, { key: otherKey }), (i: number) => token({ sub: `x${i}` }, { kid: `unknown-${i}` }), (i: number) => token({ sub: `x${i}`, exp: now() - 3600 }), async (i: number) => `garbage.${i}.token`];
    const statuses = new Set<number>();
    for (let i = 0; i < 10_000; i += 100) {
      const responses = await Promise.all(Array.from({ length: 100 }, async (_, j) => burst(rpc("tools/list", {}, `Bearer ${await kinds[(i + j) % kinds.length]!(i + j)}`))));
      for (const response of responses) statuses.add(response.status);
    }
    expect([...statuses]).toEqual([401]);
    const served = await Promise.all(Array.from({ length: 20 }, () => burst(rpc("tools/call", { name: "read_orders", arguments: {} }, valid))));
    expect(served.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
  }, 120_000);
});

describe("serveHttp(registry, { auth })", () => {
  it("takes the same auth options as createMcpHandler", async () => {
    const running = await serveHttp(shopRegistry(), { port: 0, identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } });
    try {
      const post = (authorization?: string) => fetch(running.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
      expect((await post()).status).toBe(401);
      expect((await post(`Bearer ${await token()}`)).status).toBe(200);
      expect((await fetch(new URL("/healthz", running.url))).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe("a JWKS URL", () => {
  it("is fetched once and cached, and its keys verify tokens", async () => {
    let fetches = 0;
    const keyServer = createServer((_req, res) => {
      fetches++;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = keyServer.address() as AddressInfo;
      const remote = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: `http://127.0.0.1:${port}/jwks.json` } });
      for (const sub of ["a", "b", "c"]) expect((await remote(rpc("tools/list", {}, `Bearer ${await token({ sub })}`))).status).toBe(200);
      expect((await remote(rpc("tools/list", {}, `Bearer ${await token({}, { key: otherKey })}`))).status).toBe(401);
      expect(fetches).toBe(1);
    } finally {
      keyServer.close();
    }
  });

  it("unreachable: 503 (the server's trouble), not 401 invalid_token, which would make a client drop a good token", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const remote = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: `http://127.0.0.1:${port}/jwks.json` } });
    const response = await remote(rpc("tools/list", {}, `Bearer ${await token()}`));
    expect([response.status, response.headers.get("retry-after"), response.headers.get("www-authenticate")]).toEqual([503, "5", null]);
    expect(await response.json()).toEqual({ error: "temporarily_unavailable", error_description: "The token could not be checked just now; try again shortly." });
  });

  it("once it could not be had, tokens of keys not fetched are 503 without asking it again until Retry-After has passed; tokens of the keys fetched still pass, malformed ones are 401", async () => {
    let fetches = 0;
    let up = true;
    const keyServer = createServer((_req, res) => {
      fetches++;
      if (up) res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(502).end("Bad Gateway");
    });
    await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { port } = keyServer.address() as AddressInfo;
      // A key set fetched again for an unknown kid, at a moment it fails.
      const remote = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: `http://127.0.0.1:${port}/jwks.json` } });
      const known = `Bearer ${await token({ sub: "known" })}`;
      expect((await remote(rpc("tools/list", {}, known))).status).toBe(200);
      up = false;
      vi.setSystemTime(Date.now() + 31_000); // past jose's cooldown, so an unknown kid fetches the set again
      const unknownKid = async (sub: string) => (await remote(rpc("tools/list", {}, `Bearer ${await token({ sub }, { kid: "k2" })}`))).status;
      expect([await unknownKid("a"), await unknownKid("b"), await unknownKid("c")]).toEqual([503, 503, 503]);
      expect(fetches).toBe(2);
      expect((await remote(rpc("tools/list", {}, known))).status).toBe(200);
      // A made-up kid cannot make the server refuse tokens it can check with the keys it has.
      expect((await remote(rpc("tools/list", {}, `Bearer ${await token({ sub: "new" })}`))).status).toBe(200);
      const malformed = await remote(rpc("tools/list", {}, "Bearer aaa.bbb.ccc"));
      expect([malformed.status, malformed.headers.get("www-authenticate")]).toEqual([401, expect.stringContaining('error="invalid_token"')]);
      expect(fetches).toBe(2);
      up = true;
      vi.setSystemTime(Date.now() + 5_000);
      expect((await remote(rpc("tools/list", {}, `Bearer ${await token({ sub: "d" })}`))).status).toBe(200);
      expect(await unknownKid("e")).toBe(401); // asked again: the set has no such key
      expect(fetches).toBe(3);
    } finally {
      vi.useRealTimers();
      keyServer.close();
    }
  });

  it("answering with an error status, or with something that is not JSON: 503 too", async () => {
    for (const [status, body] of [[502, "Bad Gateway"], [200, "<html>maintenance</html>"]] as const) {
      const keyServer = createServer((_req, res) => void res.writeHead(status, { "content-type": "text/html" }).end(body));
      await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = keyServer.address() as AddressInfo;
        const remote = createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: `http://127.0.0.1:${port}/jwks.json` } });
        const response = await remote(rpc("tools/list", {}, `Bearer ${await token()}`));
        expect([status, response.status, response.headers.get("www-authenticate")]).toEqual([status, 503, null]);
      } finally {
        keyServer.close();
      }
    }
  });
});

describe("configuration", () => {
  it("a resource that is not an http(s) URL is an error at start", () => {
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { resource: "not a url", verify: async () => undefined } })).toThrow('auth.resource must be this server\'s URL (https://…); got "not a url"');
  });

  it("auth without a way to verify tokens is an error at start, not an open door", async () => {
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: {} })).toThrow("auth needs 'jwks' (a key set or an https: URL) or a 'verify' function");
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { jwks: { keys: [] } } })).toThrow("needs 'issuer' and 'audience'");
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: [], jwks: { keys: [jwk] } } })).toThrow("needs 'issuer' and 'audience' (a string, or a list of at least one)");
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: "http://keys.example.com/jwks.json" } })).toThrow("must be an https: URL");
    // What would only refuse every token (503 or 401 forever) is refused at start too, as `toolgen serve` refuses it.
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [] } } })).toThrow("auth.jwks has no keys");
    // A set of shared secrets only: HMAC tokens are refused, so no token could be verified.
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [{ kty: "oct", k: "c2VjcmV0", alg: "HS256" }] } } })).toThrow("auth.jwks has no public key (kty RSA, EC or OKP)");
    // The private key given by mistake: jose would refuse the set at every token (a 503 for ever).
    const privateJwk = { ...(await exportJWK(signingKey)), kid: "k1" };
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk, privateJwk] } } })).toThrow('toolgen: auth.jwks.keys[1] is a private key (it has "d"): give the server the public key set alone');
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] }, authorizationServers: [] } })).toThrow("auth.authorizationServers is empty");
    for (const servers of [[""], ["not a url"], [5], "https://auth.example.com"]) {
      expect(() => createMcpHandler(shopRegistry(), { identity, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] }, authorizationServers: servers as never } })).toThrow("auth.authorizationServers must be a list of the authorization servers' URLs");
    }
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { verify: "check" as never } })).toThrow("auth.verify must be a function");
    expect(() => createMcpHandler(shopRegistry(), { identity, auth: { verify: null as never } })).toThrow(/auth\.verify must be a function .*; got null\./);
  });

  it("a verify function serves any other token scheme", async () => {
    const custom = createMcpHandler(shopRegistry(), {
      identity,
      auth: { resource: AUDIENCE, authorizationServers: [ISSUER], verify: async (t) => (t === "opensesame" ? { subject: "bob", scopes: ["orders:read"], claims: {} } : undefined) },
    });
    expect((await custom(rpc("tools/list", {}, "Bearer opensesame"))).status).toBe(200);
    const refusedResponse = await custom(rpc("tools/list", {}, "Bearer nope"));
    expect(refusedResponse.status).toBe(401);
    expect(refusedResponse.headers.get("www-authenticate")).toContain('resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"');
    expect(refusedResponse.headers.get("www-authenticate")).toContain('error_description="The token was refused: the verify function did not accept it."');
  });

  it("a verify function without authorization servers announces none: no metadata, and challenges point nowhere", async () => {
    const keys = createMcpHandler(shopRegistry(), { identity, auth: { resource: AUDIENCE, verify: async (t) => (t === "opensesame" ? { subject: "bob", scopes: [], claims: {} } : undefined) } });
    const missing = await keys(rpc("tools/list", {}));
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="mcp"');
    expect((await keys(rpc("tools/list", {}, "Bearer nope"))).headers.get("www-authenticate")).toBe('Bearer error="invalid_token", error_description="The token was refused: the verify function did not accept it."');
    const metadata = await keys(new Request("https://tools.example.com/.well-known/oauth-protected-resource/mcp"));
    expect(metadata.status).toBe(404);
    expect(await metadata.json()).toMatchObject({ error: "not_found", error_description: expect.stringContaining("auth.authorizationServers") });
  });

  it("a verify function that throws gets 503, and its message stays in the server", async () => {
    const failing = createMcpHandler(shopRegistry(), { identity, auth: { resource: AUDIENCE, verify: async () => { throw new Error("db down at /secret/path"); } } });
    const response = await failing(rpc("tools/list", {}, "Bearer anything"));
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain("secret");
  });
});

describe("the official MCP client over HTTP", () => {
  let running: RunningHttpServer;
  beforeAll(async () => {
    running = await serveHandler(createMcpHandler(shopRegistry(), { identity, path: MCP_PATH, auth: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } }), { port: 0 });
  });
  afterAll(() => running?.close());

  it("lists and calls with a valid token", async () => {
    const bearer = `Bearer ${await token({ scope: "orders:read" })}`;
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url), { requestInit: { headers: { authorization: bearer } } }));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["ping", "read_orders"]);
    expect(await client.callTool({ name: "read_orders", arguments: {} })).toMatchObject({ content: [{ type: "text", text: "orders" }] });
    await client.close();
  });

  it("without a token the client gets 401 and the metadata URL", async () => {
    const response = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(response.status).toBe(401);
    // The metadata is the token audience's: this server stands for tools.example.com.
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(response.headers.get("www-authenticate") ?? "")![1]!;
    expect(metadataUrl).toBe("https://tools.example.com/.well-known/oauth-protected-resource/mcp");
    expect(await (await fetch(new URL(new URL(metadataUrl).pathname, running.url))).json()).toMatchObject({ resource: AUDIENCE, authorization_servers: [ISSUER] });
    const client = new Client({ name: "test", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(running.url)))).rejects.toThrow(/needs a bearer token/);
  });
});
