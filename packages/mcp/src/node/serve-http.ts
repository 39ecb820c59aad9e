import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { handleMcpRequest, type HttpLimits } from "../handle-mcp-request.js";

export interface HttpServeOptions extends Omit<HttpLimits, "path"> {
  /** 0 picks a free port. */
  port: number;
  /** The address to bind (default 127.0.0.1: reachable from this machine only). */
  host?: string;
}

export interface RunningHttpServer {
  /** `http://host:port/mcp` */
  url: string;
  close(): Promise<void>;
}

export const MCP_PATH = "/mcp";

/**
 * The stateless streamable HTTP endpoint (`handleMcpRequest`, the same as `createMcpHandler`)
 * on a Node.js HTTP server, at `/mcp`: a thin adapter between Node's request and response
 * objects and web-standard ones.
 */
export async function serveHttp(newServer: () => Server, options: HttpServeOptions): Promise<RunningHttpServer> {
  const limits: HttpLimits = { ...options, path: MCP_PATH };
  const http = createHttpServer((req, res) => {
    handleMcpRequest(newServer, limits, toRequest(req))
      .then((response) => send(response, res))
      .catch(() => res.destroy());
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

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const url = new URL(req.url ?? "/", "http://localhost");
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, { method: req.method ?? "GET", headers, ...(hasBody ? { body: bodyOf(req), duplex: "half" } : {}) } as RequestInit);
}

/** The request body as a web stream; a reader that stops early (a body over the limit) leaves the rest drained, not the connection reset, so the client reads its 413. */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      req.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      req.once("end", () => controller.close());
      req.once("error", (error) => controller.error(error));
    },
    cancel() {
      req.removeAllListeners("data");
      req.resume();
    },
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers)).end(body);
}
