import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { InitializeRequestSchema, isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "@toolgen/runtime";
import { jsonRpcError, whenSent } from "./handle-mcp-request.js";
import { invalidParams } from "./invalid-params.js";
import { MemoryEventStore } from "./memory-event-store.js";

export interface SessionOptions {
  /** A session that has had no request and no open stream for this long is closed (default 30 minutes). */
  idleTimeoutMs?: number;
  /** At most this many sessions are kept; a new one closes the least recently used (default 1,000). */
  maxSessions?: number;
  /**
   * A tool call still running after this long has its response stream closed; the client
   * reconnects (GET with `Last-Event-ID`) and receives the rest (SEP-1699 polling). For long
   * calls behind proxies that cut idle connections. Default: never.
   */
  pollAfterMs?: number;
  /** The SSE `retry` a client waits before reconnecting (default 1000 ms when `pollAfterMs` is set). */
  retryMs?: number;
}

interface Session {
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  /** Whose session it is (`ownerOf`): a request with another caller's token does not find it. */
  owner: string | undefined;
  lastSeen: number;
  openStreams: number;
  /** Aborts the session's calls when it closes. */
  controller: AbortController;
}

/**
 * Streamable HTTP with sessions: `initialize` opens one (its id comes back in
 * `Mcp-Session-Id`), later requests carrying that id reach the same server — so the client
 * can answer the server's requests (sampling, elicitation), subscribe to resources and keep
 * a GET stream for notifications — and DELETE ends it. Streams are resumable with
 * `Last-Event-ID`. Sessions live in memory, here: several instances need sticky
 * sessions at the load balancer (by the `Mcp-Session-Id` header).
 */
export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  private readonly idleTimeoutMs: number;
  private readonly maxSessions: number;
  private readonly retryMs: number | undefined;

  constructor(
    private readonly newServer: (principal: Principal | undefined, signal: AbortSignal) => Server,
    options: SessionOptions = {},
  ) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 1000;
    this.retryMs = options.retryMs ?? (options.pollAfterMs !== undefined ? 1000 : undefined);
  }

  async serve(request: Request, body: unknown, principal: Principal | undefined): Promise<Response> {
    this.expire();
    const id = request.headers.get("mcp-session-id");
    if (id === null) {
      // An `initialize` whose params are wrong is told so, not told to send an initialize.
      const initialize = (Array.isArray(body) ? body : [body]).find((m) => (m as { method?: unknown } | null)?.method === "initialize");
      const problem = request.method === "POST" && initialize !== undefined ? invalidParams(InitializeRequestSchema, initialize) : undefined;
      if (problem !== undefined) return jsonRpcError(400, -32602, problem, {}, (initialize as { id?: unknown }).id);
      if (request.method !== "POST" || !(Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body))) {
        return jsonRpcError(400, -32000, "Bad Request: no Mcp-Session-Id header; start a session with an initialize request.");
      }
      return this.open(request, body, principal);
    }
    const session = this.sessions.get(id);
    if (!session || session.owner !== ownerOf(request, principal)) return jsonRpcError(404, -32001, "Session not found: it expired or was closed; initialize a new one.");
    // Most recently used last: the first entry is the one to evict.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.lastSeen = Date.now();
    session.openStreams++;
    const response = await session.transport.handleRequest(request, body === undefined ? undefined : { parsedBody: body });
    return whenSent(response, () => {
      session.openStreams--;
      session.lastSeen = Date.now();
    });
  }

  private async open(request: Request, body: unknown, principal: Principal | undefined): Promise<Response> {
    if (this.sessions.size >= this.maxSessions) this.close(this.evictable());
    const controller = new AbortController();
    const server = this.newServer(principal, controller.signal);
    const session: Session = { server, transport: undefined!, owner: ownerOf(request, principal), lastSeen: Date.now(), openStreams: 0, controller };
    session.transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      eventStore: new MemoryEventStore(),
      ...(this.retryMs !== undefined ? { retryInterval: this.retryMs } : {}),
      onsessioninitialized: (id) => void this.sessions.set(id, session),
      onsessionclosed: (id) => this.close(id),
    });
    await server.connect(session.transport);
    return session.transport.handleRequest(request, { parsedBody: body });
  }

  /**
   * The session a new one replaces when the table is full: the least recently used of the
   * caller holding the most sessions, so that one caller opening session after session closes
   * its own, not everyone else's.
   */
  private evictable(): string {
    const counts = new Map<string | undefined, number>();
    let most = 0;
    for (const session of this.sessions.values()) {
      const count = (counts.get(session.owner) ?? 0) + 1;
      counts.set(session.owner, count);
      most = Math.max(most, count);
    }
    // Least recently used first: the first of that caller's in the table's order.
    for (const [id, session] of this.sessions) if (counts.get(session.owner) === most) return id;
    return this.sessions.keys().next().value!;
  }

  private close(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.controller.abort();
    void session.transport.close();
    void session.server.close();
  }

  /** Closes idle sessions, least recently used first, up to the first one still in use. */
  private expire(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (now - session.lastSeen <= this.idleTimeoutMs) return;
      if (session.openStreams === 0) this.close(id);
    }
  }
}

/**
 * Who a session belongs to: the token's subject and scopes. The session's server lists and
 * calls as the caller that opened it, so a token with other scopes (a narrower one, or a
 * refreshed one with more) does not find it: the client gets `404`, initializes again, and
 * the new session follows the new token. A token without a subject is its own owner, so
 * callers without one never share a session.
 */
function ownerOf(request: Request, principal: Principal | undefined): string | undefined {
  if (!principal) return undefined;
  const who = principal.subject !== undefined ? ["subject", principal.subject] : ["token", request.headers.get("authorization") ?? ""];
  return JSON.stringify([...who, [...new Set(principal.scopes)].sort()]);
}
