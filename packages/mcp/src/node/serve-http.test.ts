import { createRegistry } from "@toolgen/runtime";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../create-mcp-server.js";
import { serveHandler, serveHttp } from "./serve-http.js";

const identity = { name: "body", version: "1.0.0" };

/** A body of `bytes` sent in chunks (no Content-Length), as a streaming client sends it. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

describe("serveHttp: request bodies", () => {
  it("answers a chunked body over the limit with 413 and keeps serving", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "ping", description: "Answers pong.", fn: () => "pong" });
    const running = await serveHttp(registry, { port: 0, identity, maxBodyBytes: 1024 * 1024 });
    try {
      const big = await fetch(running.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: chunked(3 * 1024 * 1024),
        duplex: "half",
      } as RequestInit);
      expect(big.status).toBe(413);
      await big.text();
      // The request's end arrives after the handler gave up on its body: the server must still be there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const health = await fetch(new URL("/healthz", running.url));
      expect(health.status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe("serveHandler: where it listens", () => {
  it("refuses an empty host, which Node.js reads as every interface", async () => {
    await expect(serveHandler(() => Promise.resolve(new Response(null, { status: 204 })), { port: 0, host: "" })).rejects.toThrow("`host` must be an address to bind");
  });
});

describe("serveHandler: a body the handler does not read", () => {
  it("is read from the socket only as the handler reads it, and dropped once the handler has answered", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A handler that answers without reading the body (a 401 before the token's check, a 413 by Content-Length).
    const running = await serveHandler(() => answered.then(() => new Response("{}", { status: 401, headers: { "content-type": "application/json" } })), { port: 0 });
    const megabyte = Buffer.alloc(1024 * 1024, 0x20);
    const total = 32;
    const { hostname, port } = new URL(running.url);
    const socket = connect(Number(port), hostname);
    try {
      let flushed = 0;
      let response = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => (response += chunk));
      socket.write(`POST /mcp HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${total * megabyte.byteLength}\r\n\r\n`);
      const allFlushed = new Promise<void>((resolve) => {
        for (let i = 0; i < total; i++) socket.write(megabyte, () => ++flushed === total && resolve());
      });
      // Unread, the body waits in the client: the server holds a few chunks, not 32 MiB (over loopback, 32 MiB flushes in milliseconds when read).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(flushed).toBeLessThan(total / 2);
      answer();
      // Answered: the rest is read and dropped, the client's 32 MiB all go out, and the answer comes.
      await allFlushed;
      await expect.poll(() => response.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
    } finally {
      socket.destroy();
      await running.close();
    }
  });
});

/** Sends `head` as it is on a new connection and gives back the response's status line. */
async function rawStatusLine(url: string, head: string): Promise<string> {
  return (await rawResponse(url, head)).split("\r\n")[0]!;
}

/** Sends `head` as it is on a new connection and gives back the whole response. */
async function rawResponse(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  socket.write(head);
  await new Promise((resolve) => socket.once("close", resolve).once("end", resolve));
  return text;
}

describe("serveHttp: requests fetch cannot take", () => {
  it("answers a Host or target that makes no URL (or one with credentials) with 400, TRACE and CONNECT with 501, and keeps serving", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "ping", description: "Answers pong.", fn: () => "pong" });
    const running = await serveHttp(registry, { port: 0, identity });
    try {
      const close = "Connection: close\r\n\r\n";
      // Each 400 says what is wrong with the request.
      const refused = async (head: string, what: RegExp) => {
        const response = await rawResponse(running.url, head);
        expect(response.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
        expect(response.slice(response.indexOf("\r\n\r\n"))).toMatch(what);
      };
      await refused(`GET /healthz HTTP/1.1\r\nHost: a:99999\r\n${close}`, /the Host header \\"a:99999\\" is no host\[:port\]/);
      await refused(`GET http://[/mcp HTTP/1.1\r\nHost: x\r\n${close}`, /the target \\"http:\/\/\[\/mcp\\" is no URL/);
      await refused(`GET http://a:b@x/healthz HTTP/1.1\r\nHost: x\r\n${close}`, /carries credentials/);
      await refused(`POST http://u@127.0.0.1/mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n${close}`, /carries credentials/);
      expect(await rawStatusLine(running.url, `TRACE /mcp HTTP/1.1\r\nHost: x\r\n${close}`)).toBe("HTTP/1.1 501 Not Implemented");
      expect(await rawStatusLine(running.url, `CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n${close}`)).toBe("HTTP/1.1 501 Not Implemented");
      // A target that starts like a URL without a scheme is a path here, not another host.
      expect(await rawStatusLine(running.url, `GET //elsewhere/healthz HTTP/1.1\r\nHost: x\r\n${close}`)).toBe("HTTP/1.1 404 Not Found");
      expect(await rawStatusLine(running.url, `GET /healthz HTTP/1.1\r\nHost: localhost:1\r\n${close}`)).toBe("HTTP/1.1 200 OK");
    } finally {
      await running.close();
    }
  });
});

describe("serveHttp: a server factory", () => {
  it("refuses `auth` (and `sessions`), which only a registry can honour, instead of serving without them", async () => {
    const registry = createRegistry([]);
    // Through a variable, as shared options are passed: TypeScript's excess property check does not see it.
    const options = { port: 0, auth: { issuer: "https://auth.example.com", audience: "https://tools.example.com/mcp", jwks: { keys: [] } } };
    await expect(serveHttp(() => createMcpServer(registry, { identity }), options)).rejects.toThrow(/`auth` needs a registry/);
    const both = { port: 0, auth: options.auth, sessions: true };
    await expect(serveHttp(() => createMcpServer(registry, { identity }), both)).rejects.toThrow(/`auth` and `sessions` need a registry/);
    // `sessions: false` is what a factory serves anyway.
    const stateless = await serveHttp(() => createMcpServer(registry, { identity }), { port: 0, sessions: false } as Parameters<typeof serveHttp>[1]);
    await stateless.close();
  });
});
