import type { Principal } from "@toolgen/runtime";
import { NameCollisionError } from "@toolgen/runtime/providers";
import { createAccess } from "./auth/access.js";
import type { AuthOptions } from "./auth/auth-options.js";
import { buildMcpServer, type McpServerOptions } from "./create-mcp-server.js";
import { checkServerOptions, HANDLER_KEYS } from "./check-server-options.js";
import { answerDirectly } from "./answer-directly.js";
import { checkHttpLimits, guardMcpRequest, handleMcpRequest, type HttpLimits } from "./handle-mcp-request.js";
import type { McpRegistry } from "./mcp-registry.js";
import { toolCalled } from "./register-tools.js";
import { registryForRequest } from "./registry-for-request.js";
import { SessionTable, type SessionOptions } from "./session-table.js";

export interface McpHandlerOptions extends Omit<McpServerOptions, "stateful" | "pollAfterMs">, HttpLimits {
  /** Bearer authentication (OAuth 2.1 resource server); without it every caller is served, so bind to this machine only. */
  auth?: AuthOptions;
  /**
   * Keep a session per client (`Mcp-Session-Id`) instead of answering each request on its
   * own: needed for tools' sampling and elicitation, resource subscriptions and GET streams.
   * Sessions live in memory, here: run several instances behind sticky sessions.
   */
  sessions?: boolean | SessionOptions;
}

/** A web-standard request handler: what `fetch` handlers, `Deno.serve`, `Bun.serve` and route handlers take. */
export type McpHandler = ((request: Request) => Promise<Response>) & {
  /**
   * Aborts every call still running in a session (their signals abort; their clients get
   * `aborted` results on the streams still open): for shutdown, after a grace period. A
   * stateless call follows its HTTP request's signal instead.
   */
  abortCalls(): void;
  /**
   * Shutdown begins. With sessions, true: the handler goes on serving what continues the
   * calls in flight (resumed streams, the client's answers and cancellations) and answers
   * anything else `503`, so keep taking requests until `pendingCalls()` is 0 or the grace
   * period ends. Stateless, false: nothing outlives its request.
   */
  drain(): boolean;
  /** The sessions' calls still running, or answered and not yet read by a client that let their stream go (`pollAfterMs`). */
  pendingCalls(): number;
};

/** For load balancers: answered without a token. */
export const HEALTH_PATH = "/healthz";

/**
 * The registry as a stateless streamable HTTP MCP endpoint on web-standard `Request` and
 * `Response` (see `handleMcpRequest`): a Cloudflare Worker's `fetch`, `Deno.serve`,
 * `Bun.serve`, a Next.js route handler or Hono take it as it is. Nothing here needs Node.js.
 *
 * `GET /healthz` (and `HEAD`) answers `200`. With `auth`, `GET /.well-known/oauth-protected-resource`
 * (and its path-suffixed form) serves the Protected Resource Metadata (when `auth` names an
 * authorization server, or an `issuer`), every MCP request
 * needs a bearer token, callers see only the entries whose `@scopes` their token holds, and
 * a call of another is `403`. A configuration that cannot verify tokens throws here.
 *
 * A registry from a split generated module is loaded on the first request. Tool names that
 * collide for MCP throw here, when the registry's entries can be read already.
 */
export function createMcpHandler(registry: McpRegistry & { load?(): Promise<unknown> }, options: McpHandlerOptions): McpHandler {
  // The SDK's streams take their ids from it: without it every request failed as a "Parse error".
  if (typeof globalThis.crypto?.randomUUID !== "function") throw new TypeError("toolgen: createMcpHandler needs crypto.randomUUID, which a browser gives only to a secure context: serve the page over https (or from localhost).");
  // workerd ties each object to the request that made it, so a session's streams and signal cannot
  // serve its next request (and the next request may reach another isolate): every call would fail.
  if (options.sessions && (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent === "Cloudflare-Workers") {
    throw new TypeError("toolgen: createMcpHandler cannot keep sessions in Cloudflare Workers (an isolate's objects serve only the request that made them, and a session's next request may reach another isolate); leave 'sessions' out and serve stateless.");
  }
  checkServerOptions(registry, options, HANDLER_KEYS, "createMcpHandler");
  checkHttpLimits(options);
  try {
    buildMcpServer(registry, options);
  } catch (error) {
    if (error instanceof NameCollisionError) throw error;
    // Otherwise the entries are not loaded yet (a split registry): the first request loads them.
  }
  const external = options.external ?? "omit";
  const access = options.auth ? createAccess(options.auth, options.path, registry, external) : undefined;
  const stateful = options.sessions !== undefined && options.sessions !== false;
  const sessionOptions: SessionOptions = typeof options.sessions === "object" ? options.sessions : {};
  const newServer = (principal: Principal | undefined, signal: AbortSignal) =>
    buildMcpServer(registryForRequest(registry, principal, signal), { ...options, stateful, ...(stateful ? { pollAfterMs: sessionOptions.pollAfterMs } : {}) });
  const sessions = stateful ? new SessionTable(newServer, sessionOptions) : undefined;
  // Stateless, a call answers on an SSE stream only when it may send notifications first.
  const streams = (body: unknown) => (Array.isArray(body) ? body : [body]).some((message) => mayNotify(registry, external, message));
  let loaded: Promise<unknown> | undefined;
  // Shutting down: a load balancer's health check fails at once, so new clients go elsewhere while calls finish.
  let draining = false;
  const handle = async (request: Request): Promise<Response> => {
    if ((request.method === "GET" || request.method === "HEAD") && new URL(request.url).pathname === HEALTH_PATH) {
      const status = draining ? "draining" : "ok";
      return new Response(request.method === "GET" ? `{"status":"${status}"}` : null, { status: draining ? 503 : 200, headers: { "content-type": "application/json" } });
    }
    await (loaded ??= Promise.resolve(registry.load?.()));
    const metadata = access?.metadata(request);
    if (metadata) return metadata;
    if (sessions) return guardMcpRequest(options, request, access, ["POST", "GET", "DELETE"], (body, principal, request) => sessions.serve(request, body, principal));
    return handleMcpRequest(newServer, options, request, access, streams, (body, principal) => answerDirectly(request, body, registryForRequest(registry, principal, request.signal), external));
  };
  return Object.assign(handle, {
    abortCalls: () => sessions?.abortCalls(),
    drain: () => {
      draining = true;
      sessions?.drain();
      return sessions !== undefined;
    },
    pendingCalls: () => sessions?.pendingCalls() ?? 0,
  });
}

/** A `tools/call` that asks for progress, or of a tool that takes a `ToolContext` (it may log or report progress). */
function mayNotify(registry: McpRegistry, external: McpHandlerOptions["external"] & {}, message: unknown): boolean {
  if (typeof message !== "object" || message === null || (message as { method?: unknown }).method !== "tools/call") return false;
  const params = (message as { params?: { name?: unknown; _meta?: { progressToken?: unknown } } }).params;
  if (params?._meta?.progressToken !== undefined) return true;
  const entry = typeof params?.name === "string" ? toolCalled(registry, external, params.name) : undefined;
  return entry?.arguments.parameters.some((p) => p.kind === "context") ?? false;
}
