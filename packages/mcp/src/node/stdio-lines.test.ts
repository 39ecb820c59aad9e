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
  return { input, received, answers, lines };
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
    ["an array", "[1,2,3]", { code: -32600, message: "Invalid Request: a batch before initialize; send one message per line." }, null],
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
    input.write(`${message.replace('"id":1', '"id":2')}\r`);
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

  it("reads a last message whose line has no newline when the input ends", async () => {
    const { input, received, answers } = await transport();
    input.end(ping(1) + ping(2).trim());
    await answers();
    expect(received.map((m) => (m as { id: number }).id)).toEqual([1, 2]);
  });

  it("replaces an answer over the line limit, which a client would refuse by closing the connection: a tool's result with an isError result, anything else with InternalError", async () => {
    const { input, lines, answers } = await transport(200);
    input.write('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"big"}}\n' + ping(2));
    await answers();
    const big = "x".repeat(300);
    await lines.send({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: big }] } });
    await lines.send({ jsonrpc: "2.0", id: 2, result: { big } } as never);
    await lines.send({ jsonrpc: "2.0", id: 3, result: { small: "ok" } } as never);
    const [call, other, small] = (await answers()) as Array<{ id: number; result?: { content: Array<{ text: string }>; isError?: boolean }; error?: { code: number; message: string } }>;
    expect(call!.result!.isError).toBe(true);
    expect(call!.result!.content[0]!.text).toMatch(/^The result is too large to send: the answer is 3\d\d bytes, over the 200 bytes a message over stdio may take/);
    expect(other!.error).toEqual({ code: -32603, message: expect.stringMatching(/^Internal error: the answer is 3\d\d bytes, over the 200 bytes/) });
    expect(small).toEqual({ jsonrpc: "2.0", id: 3, result: { small: "ok" } });
  });

  it("refuses a request whose id another one in flight holds, and takes the id again once that one is answered", async () => {
    const { input, lines, received, answers } = await transport();
    input.write(ping(1) + ping(1));
    expect(await answers()).toEqual([{ jsonrpc: "2.0", id: 1, error: { code: -32600, message: "Invalid Request: id 1 is taken by a request not answered yet." } }]);
    await lines.send({ jsonrpc: "2.0", id: 1, result: {} });
    input.write(ping(1));
    await answers();
    expect(received).toHaveLength(2);
  });

  it("refuses a second initialize, as the HTTP transport does, and takes one again after a failed one", async () => {
    const { input, lines, received, answers } = await transport();
    const initialize = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n`;
    input.write(initialize(1) + initialize(2));
    await answers();
    await lines.send({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "no" } });
    input.write(initialize(3));
    await answers();
    await lines.send({ jsonrpc: "2.0", id: 3, result: { protocolVersion: "2025-06-18" } } as never);
    input.write(initialize(4));
    const refused = { code: -32600, message: "Invalid Request: the session is already initialized." };
    expect((await answers()).filter((a) => (a as { error?: { code: number } }).error?.code === -32600)).toEqual([
      { jsonrpc: "2.0", id: 2, error: refused },
      { jsonrpc: "2.0", id: 4, error: refused },
    ]);
    expect(received.map((m) => (m as { id: number }).id)).toEqual([1, 3]);
  });

  describe("batches", () => {
    /** A transport whose session answered `initialize` with `version`. */
    async function session(version: string, maxLineBytes?: number) {
      const t = await transport(maxLineBytes);
      t.input.write('{"jsonrpc":"2.0","id":"init","method":"initialize","params":{}}\n');
      await t.answers();
      await t.lines.send({ jsonrpc: "2.0", id: "init", result: { protocolVersion: version } } as never);
      return t;
    }

    it("in a 2025-03-26 session: each message is taken, and the answers go out together as one array once all are in", async () => {
      const { input, lines, received, answers } = await session("2025-03-26");
      input.write(`[${ping(1).trim()},{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}},${ping(2).trim()}]\n`);
      await answers();
      expect(received.map((m) => (m as { method: string }).method)).toEqual(["initialize", "ping", "notifications/progress", "ping"]);
      await lines.send({ jsonrpc: "2.0", id: 2, result: {} });
      expect(await answers()).toHaveLength(1);
      await lines.send({ jsonrpc: "2.0", id: 1, result: {} });
      expect((await answers())[1]).toEqual([
        { jsonrpc: "2.0", id: 2, result: {} },
        { jsonrpc: "2.0", id: 1, result: {} },
      ]);
    });

    it("a batch taking an id a request in flight holds is refused whole: their answers could not be told apart", async () => {
      const { input, received, answers } = await session("2025-03-26");
      input.write(ping(1));
      input.write(`[${ping(3).trim()},${ping(1).trim()}]\n`);
      expect((await answers()).slice(1)).toEqual([{ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: id 1 is taken by a request not answered yet." } }]);
      expect(received.map((m) => (m as { id: unknown }).id)).toEqual(["init", 1]);
    });

    it("answers over the line limit together are replaced, the largest first, until the batch's line fits", async () => {
      const { input, lines, answers } = await session("2025-03-26", 600);
      const call = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"big"}}`;
      input.write(`[${call(1)},${call(2)}]\n`);
      await answers();
      await lines.send({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "x".repeat(150) }] } });
      await lines.send({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "y".repeat(400) }] } });
      const [first, second] = (await answers())[1] as Array<{ id: number; result: { content: Array<{ text: string }>; isError?: boolean } }>;
      expect(first!.result.content[0]!.text).toBe("x".repeat(150));
      expect(second!.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/^The result is too large to send: the batch's answers are \d+ bytes together, over the 600 bytes/) }] });
    });

    it("a batch sent right after initialize, before its answer (a one-shot pipe), is taken in the version initialize asked for", async () => {
      const { input, received, answers } = await transport();
      input.write(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-03-26"}}\n[${ping(1).trim()}]\n`);
      expect(await answers()).toEqual([]);
      expect(received.map((m) => (m as { method: string }).method)).toEqual(["initialize", "ping"]);
    });

    it("a request of the batch the client cancels is not waited for", async () => {
      const { input, lines, answers } = await session("2024-11-05");
      input.write(`[${ping(1).trim()},${ping(2).trim()}]\n`);
      await answers();
      await lines.send({ jsonrpc: "2.0", id: 1, result: {} });
      input.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}\n');
      expect((await answers())[1]).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    });

    it("refused in a session of 2025-06-18 or later, and one whose messages are invalid", async () => {
      const newer = await session("2025-06-18");
      newer.input.write(`[${ping(1).trim()}]\n`);
      expect((await newer.answers())[1]).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: batches are not part of MCP 2025-06-18; send one message per line." } });
      const older = await session("2025-03-26");
      older.input.write(`[${ping(1).trim()},${ping(1).trim()}]\n`);
      expect((await older.answers())[1]).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("the id 1 is on two requests of this batch") } });
      expect(older.received).toHaveLength(1);
      older.input.write(`[{"jsonrpc":"2.0","id":9,"method":"initialize","params":{}}]\n`);
      expect((await older.answers())[2]).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: initialize may not be part of a batch." } });
    });
  });
});
