import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Principal } from "@toolgen/runtime";

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

/** Who may call: the caller of a request (or the `401` to answer), and the `403` for a message it may not send. */
export interface Gate {
  authenticate(request: Request): Promise<Principal | Response>;
  authorize(request: Request, body: unknown, principal: Principal): Response | undefined;
}

/**
 * Streamable HTTP in stateless mode, on web-standard `Request`/`Response` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http):
 * every POST gets a fresh server and transport, no session id is issued, and responses are
 * plain JSON, so any number of instances can sit behind any load balancer. GET (a
 * server-to-client stream) and DELETE (ending a session) have no meaning without sessions:
 * 405. Bodies that are too large or not JSON get JSON-RPC errors, never a crash. A browser
 * page from another origin gets 403: the spec requires servers to validate `Origin` against
 * DNS rebinding (…/basic/transports#security-warning).
 */
export async function handleMcpRequest(newServer: (principal: Principal | undefined, signal: AbortSignal) => Server, limits: HttpLimits, request: Request, gate?: Gate): Promise<Response> {
  try {
    if (limits.path !== undefined && new URL(request.url).pathname !== limits.path) return jsonRpcError(404, -32600, `Not found: MCP is served at ${limits.path}.`);
    const origin = request.headers.get("origin");
    if (origin !== null && !isAllowedOrigin(origin, limits.allowedOrigins)) return jsonRpcError(403, -32000, `Forbidden: origin ${origin} may not call this server.`);
    if (request.method !== "POST") return jsonRpcError(405, -32000, "Method not allowed: this server is stateless; send JSON-RPC messages with POST.", { allow: "POST" });
    // The token before the body: a caller without one does not get 4 MiB read.
    const principal = gate ? await gate.authenticate(request) : undefined;
    if (principal instanceof Response) return principal;
    const maxBody = limits.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const body = await readBody(request, maxBody);
    if (body === undefined) return jsonRpcError(413, -32600, `Request body exceeds ${maxBody} bytes.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      return jsonRpcError(400, -32700, `Parse error: ${(error as Error).message}`);
    }
    const refused = gate && principal ? gate.authorize(request, parsed, principal) : undefined;
    if (refused) return refused;
    const server = newServer(principal, request.signal);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: parsed });
    } finally {
      // JSON responses are complete when returned: nothing of this server outlives the request.
      void transport.close();
      void server.close();
    }
  } catch (error) {
    return jsonRpcError(500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The body as text; undefined once it is larger than `max` bytes (read no further). */
async function readBody(request: Request, max: number): Promise<string | undefined> {
  if (Number(request.headers.get("content-length")) > max) return undefined;
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      void reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), { status, headers: { "content-type": "application/json", ...headers } });
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function isAllowedOrigin(origin: string, allowed: readonly string[] | undefined): boolean {
  return LOCAL_ORIGIN.test(origin) || (allowed?.includes(origin) ?? false);
}
