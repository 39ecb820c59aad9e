import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { InitializeRequestSchema, isInitializeRequest, LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "@toolgen/runtime";
import { jsonRpcError, whenSent } from "./handle-mcp-request.js";
import { MAX_DELAY_MS } from "./max-delay.js";
import { invalidParams } from "./invalid-params.js";
import { MAX_EVENT_BYTES, MAX_EVENTS, MemoryEventStore } from "./memory-event-store.js";
import { type AnswerStream, cancelledRequestOf, type RequestId, requestIdOf, SessionAnswers } from "./session-answers.js";

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
  events: MemoryEventStore;
  /** Which response streams will carry nothing more: those are ended. */
  answers: SessionAnswers;
  /** Whose session it is (`ownerOf`): a request with another caller's token does not find it. */
  owner: string | undefined;
  lastSeen: number;
  openStreams: number;
  /** Aborts the session's calls when it closes. */
  controller: AbortController;
  /** The protocol version `initialize` agreed on. */
  protocolVersion: string;
  /** Closed while streams were open: called once the last one has ended. */
  whenIdle?: () => void;
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
  /** Shutting down: only what continues the calls in flight is served. */
  private draining = false;

  constructor(
    private readonly newServer: (principal: Principal | undefined, signal: AbortSignal) => Server,
    options: SessionOptions = {},
  ) {
    checkSessionOptions(options);
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 1000;
    this.retryMs = options.retryMs ?? (options.pollAfterMs !== undefined ? 1000 : undefined);
  }

  async serve(request: Request, body: unknown, principal: Principal | undefined): Promise<Response> {
    this.expire();
    if (this.draining && !continuesCalls(request, body)) return jsonRpcError(503, -32000, "Service Unavailable: the server is shutting down; retry on another instance.", { "retry-after": "1" });
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
    // The session knows its version, whatever the request's header says (or leaves out).
    if (Array.isArray(body) && session.protocolVersion >= "2025-06-18") return jsonRpcError(400, -32600, `Invalid Request: batches are not part of MCP ${session.protocolVersion}, the version this session agreed on; send one message per request.`);
    // Most recently used last: the first entry is the one to evict.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.lastSeen = Date.now();
    const lastEventId = request.method === "GET" ? request.headers.get("last-event-id") : null;
    const resumedStream = lastEventId === null ? undefined : session.events.streamOf(lastEventId);
    // The transport would call it an "Invalid event ID format": it is one no longer kept.
    if (lastEventId !== null && resumedStream === undefined) return jsonRpcError(400, -32000, `Bad Request: this session keeps no event ${JSON.stringify(lastEventId.length > 80 ? `${lastEventId.slice(0, 77)}...` : lastEventId)} (it keeps its last ${MAX_EVENTS} events, or ${MAX_EVENT_BYTES / 1024} KiB of them): what came after it is gone; send those requests again.`);
    if (resumedStream !== undefined && session.answers.isFinished(resumedStream)) return finishedReplay(session, lastEventId!, resumedStream);
    // A client that resumes a stream has lost its connection, whether or not the server noticed
    // (a dropped Wi-Fi link): the one still held is closed, or the transport refuses the resume
    // (409) and the call's answer goes to a connection nobody reads.
    if (resumedStream !== undefined) {
      const running = session.answers.runningOn(resumedStream);
      if (running) for (const requestId of running) session.transport.closeSSEStream(requestId);
      else session.transport.closeStandaloneSSEStream();
    }
    const messages = Array.isArray(body) ? (body as unknown[]) : [body];
    // The transport answers it without its id (`id: null`), which JSON-RPC keeps for unreadable ones.
    const initialize = messages.find(isInitializeRequest);
    if (initialize) return jsonRpcError(400, -32600, "Invalid Request: the session is already initialized; to start another, send initialize without an Mcp-Session-Id header.", {}, (initialize as { id?: unknown }).id);
    const requestIds = messages.flatMap(requestIdOf);
    // An id in use by a request still running: the transport would send both answers to the last stream, and the first would wait for ever. (Twice in one batch is refused before, for every server.)
    const reused = requestIds.find((requestId) => session.answers.isInFlight(requestId));
    if (reused !== undefined) return jsonRpcError(400, -32600, `Invalid Request: the id ${JSON.stringify(reused)} is that of a request still running in this session; use another.`, {}, reused);
    session.answers.started(requestIds);
    session.openStreams++;
    const response = await session.transport.handleRequest(request, body === undefined ? undefined : { parsedBody: body });
    if (response.status >= 400) session.answers.refused(requestIds);
    const settled = () => {
      session.openStreams--;
      session.lastSeen = Date.now();
      if (session.openStreams === 0) session.whenIdle?.();
    };
    for (const cancelled of messages.flatMap(cancelledRequestOf)) session.answers.cancel(cancelled);
    if (!response.headers.get("content-type")?.includes("text/event-stream")) return whenSent(response, settled);
    // A call's stream, or one resumed: ended by the session once nothing more will come on it.
    const ids = resumedStream === undefined ? new Set(requestIds) : session.answers.runningOn(resumedStream);
    if (!ids || ids.size === 0) return whenSent(response, settled);
    return answerStream(session, response, { ids, ...(resumedStream !== undefined ? { streamId: resumedStream } : {}) }, settled, lastEventId ?? undefined);
  }

  private async open(request: Request, body: unknown, principal: Principal | undefined): Promise<Response> {
    if (this.sessions.size >= this.maxSessions) this.close(this.evictable(ownerOf(request, principal)));
    const controller = new AbortController();
    const server = this.newServer(principal, controller.signal);
    const answers = new SessionAnswers();
    const events = new MemoryEventStore((streamId, message, eventId) => answers.stored(streamId, message, eventId));
    const requested = (body as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
    const protocolVersion = typeof requested === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
    const session: Session = { server, transport: undefined!, events, answers, owner: ownerOf(request, principal), lastSeen: Date.now(), openStreams: 0, controller, protocolVersion };
    session.transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      eventStore: events,
      ...(this.retryMs !== undefined ? { retryInterval: this.retryMs } : {}),
      onsessioninitialized: (id) => void this.sessions.set(id, session),
      onsessionclosed: (id) => this.close(id),
    });
    await server.connect(session.transport);
    return session.transport.handleRequest(request, { parsedBody: body });
  }

  /**
   * The session a new one of `newcomer`'s replaces when the table is full: the least recently
   * used of the caller holding the most sessions, the new one counted, so that one caller
   * opening session after session closes its own, not everyone else's. A session with a call
   * running or a stream open is closed only when every one of that caller's is.
   */
  private evictable(newcomer: string | undefined): string {
    const counts = new Map<string | undefined, number>([[newcomer, 1]]);
    let most = 1;
    for (const session of this.sessions.values()) {
      const count = (counts.get(session.owner) ?? 0) + 1;
      counts.set(session.owner, count);
      most = Math.max(most, count);
    }
    // Least recently used first: the first of that caller's in the table's order.
    const theirs = [...this.sessions].filter(([, session]) => counts.get(session.owner) === most);
    return (theirs.find(([, session]) => session.openStreams === 0 && session.answers.pending() === 0) ?? theirs[0]!)[0];
  }

  /**
   * Shutdown begins: a session's resumed streams (`Last-Event-ID`), its answers to the
   * server's requests, its cancellations and its DELETE are still served, so that its calls in
   * flight can finish and be read; anything else is `503`.
   */
  drain(): void {
    this.draining = true;
  }

  /** The sessions' calls still running, or answered and not yet read by a client that let their stream go (`pollAfterMs`). */
  pendingCalls(): number {
    let pending = 0;
    for (const session of this.sessions.values()) pending += session.answers.pending();
    return pending;
  }

  /** Aborts the calls of every session, leaving their streams open for the answers (shutdown). */
  abortCalls(): void {
    for (const session of this.sessions.values()) session.controller.abort();
  }

  private close(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.controller.abort();
    const finish = () => {
      clearTimeout(deadline);
      void session.transport.close();
      void session.server.close();
    };
    // Its calls' aborted answers still reach their streams (an eviction of a busy session): the
    // transport closes once they are sent, or after 2 s (a notification stream stays open).
    const deadline = session.openStreams > 0 ? setTimeout(finish, 2000) : undefined;
    if (deadline) session.whenIdle = finish;
    else finish();
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

/** Options that would break every session (`maxSessions: 0`) or fire at once (a delay past a timer's range) throw, naming the field. */
function checkSessionOptions(options: SessionOptions): void {
  if (typeof options !== "object" || options === null) throw new TypeError(`toolgen: sessions must be true or an object of options; got ${String(options)}.`);
  const { maxSessions } = options;
  if (maxSessions !== undefined && !(Number.isInteger(maxSessions) && maxSessions >= 1)) throw new TypeError(`toolgen: sessions.maxSessions must be an integer ≥ 1; got ${String(maxSessions)}.`);
  for (const key of ["idleTimeoutMs", "pollAfterMs", "retryMs"] as const) {
    const ms = options[key];
    if (ms !== undefined && !(typeof ms === "number" && ms >= 0 && ms <= MAX_DELAY_MS)) throw new TypeError(`toolgen: sessions.${key} must be a number of milliseconds from 0 to ${MAX_DELAY_MS}; got ${String(ms)}.`);
  }
}

/** A request that only continues calls already made: a resumed stream, the client's answers and notifications, or the end of its session. */
function continuesCalls(request: Request, body: unknown): boolean {
  if (request.method === "GET") return request.headers.get("last-event-id") !== null;
  if (request.method === "DELETE") return true;
  return request.headers.get("mcp-session-id") !== null && (Array.isArray(body) ? body : [body]).flatMap(requestIdOf).length === 0;
}

/**
 * Who a session belongs to: the token's subject, scopes and other claims. The session's server
 * lists and calls as the caller that opened it (its tools see that token's claims), so a token
 * with other scopes (a narrower one, or a refreshed one with more) or other claims (another
 * tenant, revoked roles) does not find it: the client gets `404`, initializes again, and the
 * new session follows the new token. A refreshed token differing only in its times and id
 * keeps the session. A token without a subject is its own owner, so callers without one never
 * share a session.
 */
function ownerOf(request: Request, principal: Principal | undefined): string | undefined {
  if (!principal) return undefined;
  const token = ["token", request.headers.get("authorization") ?? ""];
  // A principal without a subject (or with an empty one, from a `verify` of the application's) owns its session by its token alone.
  const who = typeof principal.subject === "string" && principal.subject !== "" ? ["subject", principal.subject] : token;
  try {
    const claims = Object.entries(principal.claims ?? {}).filter(([name]) => !PER_TOKEN_CLAIMS.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return JSON.stringify([...who, [...new Set(principal.scopes)].sort(), claims]);
  } catch {
    // Claims JSON cannot say (a `verify`'s bigint): the token alone.
    return JSON.stringify(token);
  }
}

/** Claims each token of one grant has its own of: a refreshed token differs in them alone. */
const PER_TOKEN_CLAIMS = new Set(["exp", "iat", "nbf", "jti", "auth_time"]);

/**
 * A response stream as the transport writes it, ended by the session when `answers` says
 * nothing more will come on it: at once on a cancellation, or after the chunk carrying the answer that finished it.
 * The first event id that passes names its stream in the event store.
 */
function answerStream(session: Session, response: Response, known: { ids: Set<RequestId>; streamId?: string }, settled: () => void, resumedFrom?: string): Response {
  const { answers, events } = session;
  const reader = response.body!.getReader();
  let done = false;
  let sent = false;
  let control: ReadableStreamDefaultController<Uint8Array>;
  const finish = (early: boolean) => {
    if (done) return;
    done = true;
    answers.closed(stream);
    if (early) {
      // A resumed stream ended before any event (its call cancelled): the event id it resumed
      // from, again, so that the client reconnects with it and is told there is nothing more
      // (204). Without one, the official client reconnected without `Last-Event-ID`, asking for
      // the session's own stream, which it holds: 409, an error, three times.
      if (!sent && resumedFrom !== undefined) control.enqueue(new TextEncoder().encode(`id: ${resumedFrom}\ndata: \n\n`));
      control.close();
      void reader.cancel();
    }
    settled();
  };
  const stream: AnswerStream = { ...known, end: () => finish(true) };
  answers.opened(stream);
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void (control = controller),
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (done) return;
        if (end) {
          controller.close();
          finish(false);
          return;
        }
        const text = new TextDecoder().decode(value);
        if (stream.streamId === undefined) {
          const event = /^id: (\S+)$/m.exec(text);
          const streamId = event ? events.streamOf(event[1]!) : undefined;
          if (streamId !== undefined) answers.bind(stream, streamId);
        }
        controller.enqueue(value);
        sent = true;
        if (stream.streamId !== undefined && answers.endsWith(stream.streamId, text)) finish(true);
      } catch (error) {
        if (done) return;
        controller.error(error);
        finish(false);
      }
    },
    cancel(reason) {
      finish(false);
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A resumed stream (GET with `Last-Event-ID`) on which nothing more will come is answered
 * here: the events after the client's last, then the end. The transport would replay them and
 * then keep the stream open for ever. With none to replay (a cancelled call's stream), `204`:
 * what tells an SSE client not to reconnect. An empty stream made the official client
 * reconnect without `Last-Event-ID`, asking for the session's own stream, which it already
 * holds: `409`, and an error, after every cancellation.
 */
function finishedReplay(session: Session, lastEventId: string, streamId: string): Response {
  const events = session.events.eventsAfter(lastEventId);
  session.answers.read(streamId);
  const headers = { "cache-control": "no-cache, no-transform", "mcp-session-id": session.transport.sessionId ?? "" };
  if (events.length === 0) return new Response(null, { status: 204, headers });
  const text = events.map(([eventId, message]) => `event: message\nid: ${eventId}\ndata: ${JSON.stringify(message)}\n\n`).join("");
  return new Response(text, { status: 200, headers: { "content-type": "text/event-stream", ...headers } });
}
