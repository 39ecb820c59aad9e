import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Principal } from "@toolgen/runtime";
import { acceptsBoth, withLowercaseAccept } from "./accepts-both.js";
import { idOf, invalidMessage } from "./jsonrpc-shape.js";

/** What the streamable HTTP endpoint enforces, whichever server hosts it. */
export interface HttpLimits {
  /** Default 4 MiB: a larger request body is refused before it is parsed. */
  maxBodyBytes?: number;
  /**
   * Browser origins allowed to call (exact `scheme://host:port`), besides pages on this
   * machine (localhost, 127.0.0.1, [::1], any port), which always may. Requests without an
   * `Origin` header (every non-browser client) are always served.
   */
  allowedOrigins?: readonly string[];
  /** Serve only this path (e.g. `/mcp`) and answer 404 elsewhere; default: every path (a route handler is mounted where it is). */
  path?: string;
}

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

/**
 * Throws, naming the field, for limits that would silently serve otherwise than meant: a
 * `maxBodyBytes` of `"1000"` or `NaN` lifted the limit, and an origin a browser never sends
 * (`https://app.example.com/`, `app.example.com`, `*`) admitted no page.
 */
export function checkHttpLimits(limits: HttpLimits): void {
  const { maxBodyBytes: max, allowedOrigins: origins, path } = limits;
  if (max !== undefined && !(max === Infinity || (Number.isInteger(max) && max > 0))) throw new TypeError(`toolgen: maxBodyBytes must be a whole number of bytes above 0 (Infinity for none); got ${typeof max === "string" ? JSON.stringify(max) : String(max)}.`);
  if (origins !== undefined && !Array.isArray(origins)) throw new TypeError(`toolgen: allowedOrigins must be a list of origins such as "https://app.example.com"; got ${JSON.stringify(origins)}.`);
  const wrong = origins?.find((origin) => !isWebOrigin(origin));
  if (wrong !== undefined) throw new TypeError(`toolgen: allowedOrigins: ${JSON.stringify(wrong)} is not an origin as a browser sends it (scheme://host[:port], nothing after): such as "https://app.example.com".`);
  if (path !== undefined && !(typeof path === "string" && path.startsWith("/"))) throw new TypeError(`toolgen: path must start with "/" (such as "/mcp"); got ${JSON.stringify(path)}.`);
}

/** An origin as a browser sends it in `Origin`: scheme, host and port only. */
function isWebOrigin(x: unknown): boolean {
  try {
    const url = new URL(x as string);
    // A browser never sends a wildcard (`https://*.example.com`): such an entry would admit no page.
    return /^https?:$/.test(url.protocol) && url.origin === x && !url.hostname.includes("*");
  } catch {
    return false;
  }
}

/** Who may call: the caller of a request (or the `401` to answer), and the `403` for a message it may not send. */
export interface Gate {
  authenticate(request: Request): Promise<Principal | Response>;
  authorize(request: Request, body: unknown, principal: Principal): Response | undefined;
}

/**
 * Streamable HTTP in stateless mode, on web-standard `Request`/`Response` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http):
 * every POST gets a fresh server and transport, no session id is issued, and responses are
 * plain JSON — or, when `streams(body)` says the request may send notifications on the way
 * (a tool that logs or reports progress), an SSE stream that ends with the answer — so any
 * number of instances can sit behind any load balancer. `direct` may answer a request itself
 * (see `answerDirectly`), sparing the server and transport. GET (a server-to-client stream) and
 * DELETE (ending a session) have no meaning without sessions: 405. See `guardMcpRequest` for
 * what every request is checked for first.
 */
export async function handleMcpRequest(
  newServer: (principal: Principal | undefined, signal: AbortSignal) => Server,
  limits: HttpLimits,
  request: Request,
  gate?: Gate,
  streams?: (body: unknown) => boolean,
  direct?: (body: unknown, principal: Principal | undefined) => Promise<Response> | undefined,
): Promise<Response> {
  return guardMcpRequest(limits, request, gate, ["POST"], async (body, principal, request) => {
    const stream = streams?.(body) ?? false;
    const answered = stream ? undefined : direct?.(body, principal);
    if (answered) return answered;
    const server = newServer(principal, request.signal);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !stream });
    const close = () => {
      void transport.close();
      void server.close();
    };
    try {
      await server.connect(transport);
      // Nothing of this server outlives the request: it closes once the answer is sent.
      const response = whenSent(await transport.handleRequest(request, { parsedBody: body }), close);
      return Array.isArray(body) ? await answeredAsBatch(response) : response;
    } catch (error) {
      close();
      throw error;
    }
  });
}

/**
 * A batch is answered with an array, even of one response (JSON-RPC 2.0, section 6); the SDK's
 * transport, in JSON mode, answers a batch of one request with the bare response.
 */
async function answeredAsBatch(response: Response): Promise<Response> {
  if (response.status !== 200 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  const answer = text.startsWith("[") ? text : `[${text}]`;
  return new Response(answer, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * What every MCP request is checked for before a server sees it: the path, a browser's
 * `Origin` (the spec requires it against DNS rebinding, …/basic/transports#security-warning),
 * the method, the bearer token (before the body: a caller without one does not get 4 MiB
 * read), the body's size, JSON and JSON-RPC shape, and the caller's right to send it. Failures are JSON-RPC
 * errors with their HTTP status, never a crash. `serve` gets the parsed body (undefined for
 * GET and DELETE), the caller, and the request to hand the SDK's transport.
 */
export async function guardMcpRequest(
  limits: HttpLimits,
  request: Request,
  gate: Gate | undefined,
  methods: readonly string[],
  serve: (body: unknown, principal: Principal | undefined, request: Request) => Promise<Response>,
): Promise<Response> {
  const origin = request.headers.get("origin");
  if (origin === null || !limits.allowedOrigins?.includes(origin)) return checkMcpRequest(limits, request, gate, methods, serve);
  // A page of an origin the server was told to admit: a preflight is answered, and every answer
  // may be read (CORS). Pages on this machine are admitted without it: no page reads answers
  // it was not meant to unless its origin is listed.
  if (request.method === "OPTIONS" && (limits.path === undefined || new URL(request.url).pathname === limits.path)) return preflight(origin, methods);
  return withCors(await checkMcpRequest(limits, request, gate, methods, serve), origin);
}

async function checkMcpRequest(
  limits: HttpLimits,
  request: Request,
  gate: Gate | undefined,
  methods: readonly string[],
  serve: (body: unknown, principal: Principal | undefined, request: Request) => Promise<Response>,
): Promise<Response> {
  try {
    if (limits.path !== undefined && new URL(request.url).pathname !== limits.path) return jsonRpcError(404, -32600, `Not found: MCP is served at ${limits.path}.`);
    const origin = request.headers.get("origin");
    if (origin !== null && !isAllowedOrigin(origin, limits.allowedOrigins)) return jsonRpcError(403, -32000, `Forbidden: origin ${origin} may not call this server (its pages may once it is listed in allowedOrigins, server.allowedOrigins in the toolgen config).`);
    if (origin !== null && request.method === "OPTIONS") {
      // A page on this machine is served, but a browser's preflight is answered for listed origins only.
      return jsonRpcError(403, -32000, `Forbidden: a page at ${origin} may call this server only once its origin is listed in allowedOrigins (server.allowedOrigins in the toolgen config).`);
    }
    if (!methods.includes(request.method)) {
      const why = methods.length === 1 ? "this server is stateless; send JSON-RPC messages with POST" : `use ${methods.join(", ")}`;
      return jsonRpcError(405, -32000, `Method not allowed: ${why}.`, { allow: methods.join(", ") });
    }
    const principal = gate ? await gate.authenticate(request) : undefined;
    if (principal instanceof Response) return principal;
    if (request.method !== "POST") return await serve(undefined, principal, withLowercaseAccept(request));
    // As the SDK's transport answers, but by media type: it matches substrings.
    if (!acceptsBoth(request.headers.get("accept"))) return jsonRpcError(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
    // A compressed body would be read as broken JSON: say what is not taken instead.
    const encoding = request.headers.get("content-encoding")?.trim().toLowerCase();
    if (encoding && encoding !== "identity") return jsonRpcError(415, -32000, `Unsupported Media Type: a body with Content-Encoding ${encoding} is not read; send it uncompressed.`);
    // JSON over HTTP is UTF-8 (RFC 8259 §8.1): a body in another charset would be read as broken text.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers.get("content-type") ?? "")?.[1]?.toLowerCase();
    if (charset && charset !== "utf-8" && charset !== "utf8") return jsonRpcError(415, -32000, `Unsupported Media Type: a body in charset ${charset} is not read; send JSON in UTF-8.`);
    const maxBody = limits.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const body = await readBody(request, maxBody);
    if (body === undefined) return jsonRpcError(413, -32600, `Request body exceeds ${maxBody} bytes.`);
    if (body === NOT_UTF8) return jsonRpcError(400, -32700, "Parse error: the body is not valid UTF-8, which JSON over HTTP must be.");
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      return jsonRpcError(400, -32700, `Parse error: ${(error as Error).message}`);
    }
    const invalid = invalidMessage(parsed, request.headers.get("mcp-protocol-version"));
    if (invalid) return jsonRpcError(400, -32600, `Invalid Request: ${invalid}.`, {}, idOf(parsed));
    const refused = gate && principal ? gate.authorize(request, parsed, principal) : undefined;
    if (refused) return refused;
    return await serve(parsed, principal, withLowercaseAccept(request));
  } catch (error) {
    return jsonRpcError(500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The response, with `done` called once its body has been sent, or abandoned by the client. */
export function whenSent(response: Response, done: () => void): Response {
  if (response.body === null || !response.headers.get("content-type")?.includes("text/event-stream")) {
    done();
    return response;
  }
  const reader = response.body.getReader();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          controller.close();
          finish();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A body whose bytes are no UTF-8: a byte replaced by U+FFFD would reach a tool as other data. */
const NOT_UTF8 = Symbol("not UTF-8");

/** The body as text; undefined once it is larger than `max` bytes (read no further), `NOT_UTF8` at a byte that is no UTF-8. */
async function readBody(request: Request, max: number): Promise<string | typeof NOT_UTF8 | undefined> {
  if (Number(request.headers.get("content-length")) > max) return undefined;
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    size += value?.byteLength ?? 0;
    if (size > max) {
      void reader.cancel();
      return undefined;
    }
    try {
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    } catch {
      void reader.cancel();
      return NOT_UTF8;
    }
  }
}

export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}, id: unknown = null): Response {
  const answerTo = typeof id === "string" || typeof id === "number" ? id : null;
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: answerTo }), { status, headers: { "content-type": "application/json", ...headers } });
}

/** What a browser page may send (beyond the CORS-safelisted headers), and read of an answer. */
const REQUEST_HEADERS = "authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id";
const EXPOSED_HEADERS = "mcp-session-id, mcp-protocol-version, www-authenticate, retry-after";

function preflight(origin: string, methods: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: { "access-control-allow-origin": origin, "access-control-allow-methods": methods.join(", "), "access-control-allow-headers": REQUEST_HEADERS, "access-control-max-age": "600", vary: "Origin" },
  });
}

/** The answer, readable by the page at `origin`. */
function withCors(response: Response, origin: string): Response {
  const headers = new Headers(response.headers);
  headers.set("access-control-allow-origin", origin);
  headers.set("access-control-expose-headers", EXPOSED_HEADERS);
  headers.append("vary", "Origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function isAllowedOrigin(origin: string, allowed: readonly string[] | undefined): boolean {
  return LOCAL_ORIGIN.test(origin) || (allowed?.includes(origin) ?? false);
}
