import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { checkServerOptions, HANDLER_KEYS } from "../check-server-options.js";
import { createMcpHandler, type McpHandlerOptions } from "../create-mcp-handler.js";
import { checkHttpLimits, handleMcpRequest, type HttpLimits, jsonRpcError } from "../handle-mcp-request.js";
import type { McpRegistry } from "../mcp-registry.js";
import { MAX_DELAY_MS } from "../max-delay.js";

export interface HttpServeOptions extends Omit<HttpLimits, "path"> {
  /** 0 picks a free port. */
  port: number;
  /** The address to bind (default 127.0.0.1: reachable from this machine only). */
  host?: string;
  /**
   * How long a client may take to send a whole request, headers and body (default 30,000 ms):
   * then `408` and the connection closed, so a body trickled in a byte at a time holds no
   * connection for Node.js's default five minutes. `Infinity`: no limit. A response may take
   * as long as it takes.
   */
  requestTimeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 30_000;
const SERVE_KEYS = ["port", "host", "requestTimeoutMs"];

/** How long an idle keep-alive connection stays open (as Fastify: above the usual load balancer's 60 s). */
const KEEP_ALIVE_MS = 72_000;

export interface RunningHttpServer {
  /** `http://host:port/mcp` */
  url: string;
  /**
   * Stops taking new work, lets calls in flight finish for up to `graceMs` (default 0),
   * aborts the calls still running (their `AbortSignal`s), then closes every connection.
   * Stateless, new connections are refused at once; with sessions they are taken until the
   * end, for what continues a call (a stream resumed after `pollAfterMs`), and anything else
   * is `503`.
   */
  close(graceMs?: number): Promise<void>;
}

export const MCP_PATH = "/mcp";

/** After the grace period, how long aborted calls have to send their answers (a client that let its stream go reconnects after its `retry`, 1 s). */
const ABORTED_ANSWER_MS = 2000;

/** How often a shutdown looks whether the handler's session calls are done. */
const PENDING_POLL_MS = 25;

/**
 * The stateless streamable HTTP endpoint on a Node.js HTTP server, at `/mcp`: given a
 * registry, `createMcpHandler`'s (with `identity`, `auth` and the rest of its options, and
 * `/healthz`); given a server factory, `handleMcpRequest` over it (no auth: the factory's
 * servers cannot be narrowed to a caller's scopes).
 */
export function serveHttp(registry: McpRegistry, options: HttpServeOptions & McpHandlerOptions): Promise<RunningHttpServer>;
export function serveHttp(newServer: () => Server, options: HttpServeOptions): Promise<RunningHttpServer>;
export function serveHttp(target: McpRegistry | (() => Server), options: HttpServeOptions & Partial<McpHandlerOptions>): Promise<RunningHttpServer> {
  if (typeof target !== "function") {
    const { port: _port, host: _host, requestTimeoutMs: _timeout, ...handlerOptions } = options;
    try {
      // Its own keys beside the handler's: one unknown to both is named among all of them.
      checkServerOptions(target, options, [...HANDLER_KEYS.filter((key) => key !== "path"), ...SERVE_KEYS], "serveHttp");
      checkListenOptions(options);
      return serveHandler(createMcpHandler(target, { ...(handlerOptions as McpHandlerOptions), path: MCP_PATH }), options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  // Options only a registry can honour are refused, never ignored: `auth` ignored is an open server.
  const unsupported = (["auth", "sessions"] as const).filter((key) => options[key] !== undefined && options[key] !== false);
  if (unsupported.length > 0) return Promise.reject(new TypeError(`serveHttp: ${unsupported.map((k) => `\`${k}\``).join(" and ")} need${unsupported.length > 1 ? "" : "s"} a registry; a server factory's servers cannot be narrowed to a caller. Pass the registry instead.`));
  const limits: HttpLimits = { ...options, path: MCP_PATH };
  try {
    checkHttpLimits(limits);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return serveHandler((request) => handleMcpRequest(target, limits, request), options);
}

/** Where to listen, said in toolgen's words rather than Node's (`options.port should be >= 0 and < 65536`). */
function checkListenOptions({ port, host }: { port?: unknown; host?: unknown }): void {
  if (!(Number.isInteger(port) && (port as number) >= 0 && (port as number) < 65536)) throw new TypeError(`toolgen: serveHttp: \`port\` must be a whole number from 0 (a free one) to 65535; got ${JSON.stringify(port)}.`);
  if (host !== undefined && (typeof host !== "string" || host.trim() === "")) throw new TypeError(`toolgen: serveHttp: \`host\` must be an address to bind, such as "127.0.0.1"; got ${JSON.stringify(host)}.`);
}

/** Node.js's `requestTimeout`: a whole number of milliseconds, 0 for none (`Infinity` here, as `timeoutMs` says it). */
function requestTimeoutOf(ms: number | undefined): number {
  if (ms === undefined) return REQUEST_TIMEOUT_MS;
  if (ms === Infinity) return 0;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms <= 0) throw new TypeError(`serveHttp: requestTimeoutMs must be a positive number of milliseconds (Infinity for none); got ${typeof ms === "string" ? JSON.stringify(ms) : String(ms)}.`);
  return Math.ceil(ms);
}

/**
 * A web-standard handler (`createMcpHandler`) on a Node.js HTTP server: a thin adapter
 * between Node's request and response objects and web-standard ones.
 */
export async function serveHandler(handler: ((request: Request) => Promise<Response>) & { abortCalls?(): void; drain?(): boolean; pendingCalls?(): number }, options: Pick<HttpServeOptions, "port" | "host" | "requestTimeoutMs">): Promise<RunningHttpServer> {
  const inFlight = new Set<AbortController>();
  /**
   * GET requests that resume nothing: a session's stream of notifications, open for as long as
   * the client stays, never a call to wait for. A GET with `Last-Event-ID` resumes a call's
   * stream (polling, `pollAfterMs`) and is waited for like the call.
   */
  const streams = new Set<AbortController>();
  /** The responses of those streams: ended at once on shutdown (the SDK's stream does not watch its request's signal). */
  const streamResponses = new Set<ServerResponse>();
  let drained: (() => void) | undefined;
  /** Shutting down, still taking what continues a session's calls (see `close`). */
  let draining = false;
  // An empty host is every interface to Node.js: never one by mistake.
  checkListenOptions(options);
  const requestTimeout = requestTimeoutOf(options.requestTimeoutMs);
  // Node.js checks the timeout on this interval (30 s by default): often enough to keep to it.
  // Idle connections are kept longer than a load balancer's (60 s at AWS): one closing a
  // connection its client reuses at that moment fails the request (a 502, an ECONNRESET). Node's
  // 5 s also lost requests whenever a long validation held the event loop past a timer that was due.
  const http = createHttpServer({ requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout || 1000), keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => {
    const controller = new AbortController();
    const requests = req.method === "GET" && req.headers["last-event-id"] === undefined ? streams : inFlight;
    requests.add(controller);
    if (requests === streams) streamResponses.add(res);
    // The client gone before its answer: the call's signal aborts (as on shutdown, below).
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    // Shutting down: no connection is kept for another request.
    if (draining) res.setHeader("connection", "close");
    const request = toRequest(req, controller.signal);
    // A handler that throws instead of rejecting is a rejection too: no request ends the process.
    (request instanceof Response ? Promise.resolve(request) : new Promise<Response>((resolve) => resolve(handler(request))))
      .then((response) => {
        // Answered, its body read or never to be (a 401, a 413 by Content-Length): the rest is dropped as it comes, never kept.
        discardBody(req);
        return send(response, res);
      })
      .catch(() => res.destroy())
      .finally(() => {
        requests.delete(controller);
        streamResponses.delete(res);
        if (inFlight.size === 0) drained?.();
      });
  });
  const busy = () => inFlight.size > 0 || (handler.pendingCalls?.() ?? 0) > 0;
  /** Resolves when no request is in flight and the handler has no session call pending, or after `ms`. */
  const settle = (ms: number) =>
    !busy() || ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            clearInterval(poll);
            resolve();
          };
          // A grace past a timer's range (about 24.8 days) would fire at once: it is as long as the calls take.
          const timer = setTimeout(done, Math.min(ms, MAX_DELAY_MS));
          // Session calls end without an HTTP request ending (their streams let go): looked at on an interval.
          const poll = setInterval(() => !busy() && done(), PENDING_POLL_MS);
          drained = () => !busy() && done();
        });
  // Node.js hands CONNECT to a 'connect' listener, not the request handler; without one it drops the connection unanswered.
  http.on("connect", (_req, socket: { end(text: string): void }) => socket.end("HTTP/1.1 501 Not Implemented\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    // A deep accept queue: bursts of new connections are queued, not reset.
    http.listen({ port: options.port, host: options.host ?? "127.0.0.1", backlog: 4096 }, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    close: async (graceMs = 0) => {
      let closed: Promise<void> | undefined;
      const stopListening = () => (closed ??= new Promise<void>((resolve) => http.close(() => resolve())));
      // With sessions, the handler takes what continues a call until the end (a resumed stream); stateless, nothing outlives its request.
      draining = handler.drain?.() ?? false;
      // Idle keep-alive connections would hold `close` open: only requests in flight may finish.
      // While draining they stay (closing one a client is about to reuse fails its request), and each answer closes its own.
      if (!draining) {
        stopListening();
        http.closeIdleConnections();
      }
      for (const stream of streams) stream.abort();
      // Ended, not cut: the client reads a stream that closed, and may reconnect elsewhere.
      for (const res of streamResponses) if (res.headersSent) res.end();
      await settle(graceMs);
      // Calls still running are aborted through their signals (a session's, which no HTTP request holds, through the handler); their answers get a moment to go out.
      handler.abortCalls?.();
      for (const controller of inFlight) controller.abort();
      await settle(ABORTED_ANSWER_MS);
      stopListening();
      http.closeAllConnections();
      await closed;
    },
  };
}

/**
 * The web-standard request, or the answer to one that cannot be one: `400` for a Host header
 * or target that is no URL (`Host: a:99999`, `GET http://[/mcp`), `501` for a method fetch
 * refuses (TRACE, TRACK, CONNECT).
 */
function toRequest(req: IncomingMessage, signal: AbortSignal): Request | Response {
  // The Host header gives the URL the client used (behind a proxy, configure auth.resource instead).
  const host = req.headers.host ?? "localhost";
  const method = req.method ?? "GET";
  if (/^(CONNECT|TRACE|TRACK)$/i.test(method)) return jsonRpcError(501, -32000, `Not Implemented: this server takes no ${method} request.`);
  const bad = (what: string) => jsonRpcError(400, -32000, `Bad Request: ${what}.`);
  const base = /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host) ? parseUrl(`http://${host}`) : undefined;
  if (!base) return bad(`the Host header ${JSON.stringify(host)} is no host[:port]`);
  // An origin-form target is a path, `//elsewhere/mcp` too (URL would read a host in it).
  const target = req.url ?? "/";
  const url = parseUrl(target.startsWith("/") ? `${base.origin}${target}` : target, base);
  if (!url) return bad(`the target ${JSON.stringify(target)} is no URL`);
  // fetch refuses a URL with credentials (`http://u@x/mcp`), which URL takes.
  if (url.username || url.password) return bad(`the target ${JSON.stringify(target)} carries credentials`);
  try {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const hasBody = method !== "GET" && method !== "HEAD";
    return new Request(url, { method, headers, signal, ...(hasBody ? { body: bodyOf(req), duplex: "half" } : {}) } as RequestInit);
  } catch (error) {
    return bad(`a header is one fetch refuses (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The URL, or undefined where it is none (`URL.parse` is newer than Node.js 20.0). */
function parseUrl(text: string, base?: URL): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/**
 * The request body as a web stream, read from the socket only as fast as the handler reads it
 * (a handler that answers without reading holds at most a chunk or two, not what the client
 * keeps sending). A reader that stops early (a body over the limit) leaves the rest drained,
 * not the connection reset, so the client reads its 413; nothing the request does after that
 * reaches the cancelled stream.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (open) controller.close();
          open = false;
        });
        req.once("error", (error) => {
          if (open) controller.error(error);
          open = false;
        });
      },
      pull() {
        if (open) req.resume();
      },
      cancel() {
        open = false;
        discardBody(req);
      },
    },
    { highWaterMark: BODY_BUFFER_BYTES, size: (chunk) => chunk.byteLength },
  );
}

/** What the body stream holds before the socket waits for its reader: a few of Node's chunks. */
const BODY_BUFFER_BYTES = 64 * 1024;

/** The rest of a request body, read and dropped: the connection stays usable for the client's next request. */
function discardBody(req: IncomingMessage): void {
  if (req.complete) return;
  req.removeAllListeners("data");
  req.resume();
}

/** JSON in one write; an SSE stream event by event, as it is produced, until it ends, the client goes or shutdown ends it. */
async function send(response: Response, res: ServerResponse): Promise<void> {
  if (response.body === null || !response.headers.get("content-type")?.includes("text/event-stream")) {
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(body);
    return;
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.flushHeaders();
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed || res.writableEnded) break;
    res.write(value);
  }
  res.end();
}
