import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { StdioLines } from "./stdio-lines.js";

/** A transport over two pipes: what it passes on, and the lines it answers by itself. */
async function transport(maxLineBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines = new StdioLines(input, output, maxLineBytes);
  const received: unknown[] = [];
  lines.onmessage = (message) => received.push(message);
  await lines.start();
  let written = "";
  output.on("data", (chunk: Buffer) => (written += chunk.toString()));
  const answers = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return written.split("\n").filter(Boolean).map((line) => JSON.parse(line) as unknown);
  };
  return { input, received, answers };
}

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`;

describe("StdioLines: MCP's stdio transport, one JSON-RPC message per line", () => {
  it("passes on each message, a line split across chunks and a CRLF line included; blank lines are ignored", async () => {
    const { input, received, answers } = await transport();
    input.write('{"jsonrpc":"2.0","id":1,"met');
    input.write('hod":"ping"}\n\n  \r\n');
    input.write(ping(2).replace("\n", "\r\n") + ping(3));
    await answers();
    expect(received.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3]);
  });

  it.each([
    ["broken JSON", "garbage line here", { code: -32700, message: expect.stringMatching(/^Parse error: /) }, null],
    ["an array", "[1,2,3]", { code: -32600, message: "Invalid Request: batches are not part of MCP over stdio; send one message per line." }, null],
    ["an object without method, result or error", '{"jsonrpc":"2.0","id":4}', { code: -32600, message: expect.stringContaining('expected "method"') }, 4],
    ["an empty object", "{}", { code: -32600, message: 'Invalid Request: "jsonrpc" must be "2.0".' }, null],
  ])("answers %s (JSON-RPC 2.0 §5) and goes on serving", async (_label, line, error, id) => {
    const { input, received, answers } = await transport();
    input.write(`${line}\n${ping(9)}`);
    expect(await answers()).toEqual([{ jsonrpc: "2.0", id, error }]);
    expect(received).toEqual([{ jsonrpc: "2.0", id: 9, method: "ping" }]);
  });

  it("reads a CRLF line whose message is exactly at the limit, the CR in its own chunk too", async () => {
    const message = ping(1).trim();
    const { input, received, answers } = await transport(message.length);
    input.write(`${message}\r\n`);
    input.write(`${message}\r`);
    input.write("\n");
    expect(await answers()).toEqual([]);
    expect(received).toHaveLength(2);
  });

  it("does not answer a broken response (JSON-RPC answers requests only)", async () => {
    const { input, received, answers } = await transport();
    input.write('{"jsonrpc":"2.0","id":3,"result":"not an object"}\n' + ping(4));
    expect(await answers()).toEqual([]);
    expect(received).toEqual([{ jsonrpc: "2.0", id: 4, method: "ping" }]);
  });

  it("skips a line over the limit unread, whichever chunks it comes in, answers -32600, and reads the next", async () => {
    const { input, received, answers } = await transport(64);
    input.write(ping(1) + "x".repeat(50));
    input.write("y".repeat(50));
    input.write("z".repeat(50) + "\n" + ping(2));
    input.write(`${"w".repeat(65)}\n${ping(3)}`);
    expect(await answers()).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: a line over 64 bytes was skipped unread." } },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: a line over 64 bytes was skipped unread." } },
    ]);
    expect(received.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3]);
  });
});
