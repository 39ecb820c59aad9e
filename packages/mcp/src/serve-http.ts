import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

export interface HttpServeOptions {
  /** 0 picks a free port. */
  port: number;
  /** The address to bind (default 127.0.0.1: reachable from this machine only). */
  host?: string;
  /** Default 4 MiB: a larger request body is refused before it is parsed. */
  maxBodyBytes?: number;
  /**
   * Browser origins allowed to call (exact `scheme://host:port`), besides pages on this
   * machine (localhost, 127.0.0.1, [::1], any port), which always may. Requests without an
   * `Origin` header (every non-browser client) are always served.
   */
  allowedOrigins?: readonly string[];
}

export interface RunningHttpServer {
  /** `http://host:port/mcp` */
  url: string;
  close(): Promise<void>;
}

export const MCP_PATH = "/mcp";
const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

/**
 * Streamable HTTP in stateless mode (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http):
 * every POST to `/mcp` gets a fresh server and transport, no session id is issued, and
 * responses are plain JSON, so any number of processes can sit behind any load balancer.
 * GET (a server-to-client stream) and DELETE (ending a session) have no meaning without
 * sessions: 405. Bodies that are too large or not JSON get JSON-RPC errors, never a crash.
 * A browser page from another origin gets 403: the spec requires servers to validate
 * `Origin` against DNS rebinding (…/basic/transports#security-warning).
 */
export async function serveHttp(newServer: () => Server, options: HttpServeOptions): Promise<RunningHttpServer> {
  const limits = { maxBody: options.maxBodyBytes ?? DEFAULT_MAX_BODY, allowedOrigins: options.allowedOrigins };
  const http = createHttpServer((req, res) => {
    handle(newServer, limits, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    // A deep accept queue: bursts of new connections are queued, not reset.
    http.listen({ port: options.port, host: options.host ?? "127.0.0.1", backlog: 4096 }, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

async function handle(newServer: () => Server, limits: { maxBody: number; allowedOrigins: readonly string[] | undefined }, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { maxBody } = limits;
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (path !== MCP_PATH) return sendError(res, 404, -32600, `Not found: MCP is served at ${MCP_PATH}.`);
  const origin = req.headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, limits.allowedOrigins)) return sendError(res, 403, -32000, `Forbidden: origin ${origin} may not call this server.`);
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    return sendError(res, 405, -32000, "Method not allowed: this server is stateless; send JSON-RPC messages with POST.");
  }
  const body = await readBody(req, maxBody);
  if (body === TOO_LARGE) return sendError(res, 413, -32600, `Request body exceeds ${maxBody} bytes.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return sendError(res, 400, -32700, `Parse error: ${(error as Error).message}`);
  }
  const server = newServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, parsed);
}

const TOO_LARGE = Symbol("too large");

function readBody(req: IncomingMessage, max: number): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) over = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(over ? TOO_LARGE : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function isAllowedOrigin(origin: string, allowed: readonly string[] | undefined): boolean {
  return LOCAL_ORIGIN.test(origin) || (allowed?.includes(origin) ?? false);
}
