import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { idOf, invalidMessage, isResponse } from "../jsonrpc-shape.js";

/** The longest line read as a message (the SDK's stdio limit); a longer one is refused, not buffered. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio transport: one JSON-RPC message per line. Unlike the SDK's, a line that is no
 * message is answered (JSON-RPC 2.0 §5: `-32700` for broken JSON, `-32600` for another shape,
 * with the message's id where it has one) and serving goes on; and a line over
 * `MAX_LINE_BYTES` is skipped to its end and answered `-32600`, where the SDK's transport
 * closed itself and the server exited with status 0, saying nothing.
 */
export class StdioLines implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Inside a line too long to read: everything up to its end is dropped. */
  private skipping = false;
  private closed = false;
  /** Requests read and not yet answered (nor cancelled): what a client that closed its end still waits for. */
  private readonly unanswered = new Set<string | number>();
  private allAnswered: (() => void) | undefined;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; start = end + 1, end = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, end);
      if (this.skipping) this.skipping = false;
      else {
        const line = Buffer.concat([...this.chunks, piece]);
        // A CRLF line's CR is no part of its message.
        if (line.length - (line.at(-1) === 0x0d ? 1 : 0) > this.maxLineBytes) this.tooLong();
        else this.line(line.toString("utf8"));
      }
      this.chunks = [];
      this.size = 0;
    }
    const rest = chunk.subarray(start);
    if (this.skipping || rest.length === 0) return;
    // One byte over, a CR, may still end a line at the limit.
    if (this.size + rest.length > this.maxLineBytes + 1) {
      this.tooLong();
      this.skipping = true;
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(rest);
    this.size += rest.length;
  };

  private readonly onError = (error: Error) => this.onerror?.(error);

  start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("error", this.onError);
    return Promise.resolve();
  }

  /** Resolves once every request read so far is answered or cancelled, or after `ms`. */
  answered(ms: number): Promise<void> {
    if (this.unanswered.size === 0 || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.allAnswered = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (isResponse(message)) this.settle(idOf(message));
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once("drain", resolve);
    });
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("error", this.onError);
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.onclose?.();
    return Promise.resolve();
  }

  private line(text: string): void {
    const line = text.endsWith("\r") ? text.slice(0, -1) : text;
    if (line.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      this.refuse(-32700, `Parse error: ${(error as Error).message}`, null);
      return;
    }
    // Batches are refused as over HTTP from a client of 2025-06-18 or later; stdio has no header, so the rule is the newest.
    const invalid = Array.isArray(message) ? "batches are not part of MCP over stdio; send one message per line" : invalidMessage(message, null);
    // A response is never answered (JSON-RPC 2.0 §5), not even a broken one.
    if (invalid && isResponse(message)) return;
    if (invalid) return this.refuse(-32600, `Invalid Request: ${invalid}.`, idOf(message));
    // As the SDK's transports read a message.
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) return this.refuse(-32600, "Invalid Request: not a JSON-RPC message MCP knows.", idOf(message));
    const { id, method, params } = parsed.data as { id?: string | number; method?: string; params?: { requestId?: string | number } };
    if (method !== undefined && id !== undefined) this.unanswered.add(id);
    if (method === "notifications/cancelled" && params?.requestId !== undefined) this.settle(params.requestId);
    this.onmessage?.(parsed.data);
  }

  private settle(id: unknown): void {
    if (this.unanswered.delete(id as string | number) && this.unanswered.size === 0) this.allAnswered?.();
  }

  private tooLong(): void {
    this.refuse(-32600, `Invalid Request: a line over ${this.maxLineBytes} bytes was skipped unread.`, null);
  }

  private refuse(code: number, message: string, id: unknown): void {
    void this.send({ jsonrpc: "2.0", id: id as string | number, error: { code, message } } as JSONRPCMessage);
  }
}
