import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { idOf, invalidMessage, isResponse } from "../jsonrpc-shape.js";
import { MAX_DELAY_MS } from "../max-delay.js";

/** The longest line read as a message (the SDK's stdio limit); a longer one is refused, not buffered. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio transport: one JSON-RPC message per line. Unlike the SDK's, a line that is no
 * message is answered (JSON-RPC 2.0 §5: `-32700` for broken JSON, `-32600` for another shape,
 * with the message's id where it has one) and serving goes on; a line over `MAX_LINE_BYTES` is
 * skipped to its end and answered `-32600`, where the SDK's transport closed itself and the
 * server exited with status 0, saying nothing. Symmetrically, an answer over that size, which
 * the SDK's client would refuse by closing the connection, is replaced by an error saying so.
 * A batch is taken in a session of a version that has them (before 2025-06-18) and answered
 * with one array; a last line without its newline is read at the end of input. An id in flight
 * taken again, and a second `initialize`, are refused, as the HTTP transport refuses them.
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
  /** Requests read and not yet answered (nor cancelled), by id, with their method: what a client that closed its end still waits for. */
  private readonly unanswered = new Map<string | number, string>();
  /**
   * The session's protocol version: the one `initialize` asked for until the server answers it
   * (a one-shot `printf … | toolgen serve` sends its batch before that), then the answer's.
   */
  private version: string | undefined;
  /** `initialize` answered with a result: the session is set up, and a second one is refused, as over HTTP. */
  private initialized = false;
  /** The batches being answered: the ids of their requests not answered yet, and the answers so far. */
  private readonly batches = new Set<Batch>();
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

  /** A last message whose line did not end (`printf '{…}' | toolgen serve`) is still one. */
  private readonly onEnd = () => {
    if (!this.skipping && this.size > 0) this.line(Buffer.concat(this.chunks).toString("utf8"));
    this.chunks = [];
    this.size = 0;
  };

  start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("error", this.onError);
    this.input.once("end", this.onEnd);
    return Promise.resolve();
  }

  /** Reads no more (shutting down): the requests read so far are still answered. */
  stopReading(): void {
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    if (this.input.listenerCount("data") === 0) this.input.pause();
  }

  /** Resolves once every request read so far is answered or cancelled, or after `ms`. */
  answered(ms: number): Promise<void> {
    if (this.unanswered.size === 0 || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.min(ms, MAX_DELAY_MS)); // past a timer's range it would fire at once
      this.allAnswered = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!isResponse(message)) return this.write(JSON.stringify(message));
    const id = idOf(message) as string | number;
    const method = this.unanswered.get(id);
    const result = (message as { result?: { protocolVersion?: unknown } }).result;
    if (method === "initialize" && typeof result?.protocolVersion === "string") {
      this.version = result.protocolVersion;
      this.initialized = true;
    }
    const isResult = "result" in message;
    const text = JSON.stringify(message);
    const written = this.deliver({ id, method, isResult, text: this.fits(text) ? text : this.tooLarge(id, method, isResult, `the answer is ${Buffer.byteLength(text)} bytes`) });
    this.settle(id);
    return written;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.stopReading();
    this.input.off("error", this.onError);
    this.onclose?.();
    return Promise.resolve();
  }

  /** An answer, written, or kept for the batch whose request it answers. */
  private deliver(answer: Answer): Promise<void> {
    const batch = [...this.batches].find((b) => b.waiting.has(answer.id));
    if (!batch) return this.write(answer.text);
    batch.answers.push(answer);
    return Promise.resolve();
  }

  private write(line: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${line}\n`)) resolve();
      else this.output.once("drain", resolve);
    });
  }

  private fits(line: string): boolean {
    return line.length <= this.maxLineBytes / 3 || Buffer.byteLength(line) <= this.maxLineBytes;
  }

  /**
   * What goes out instead of an answer over the line limit, which a client would refuse by
   * closing the connection: a tool's result as an `isError` result the model reads, anything
   * else as InternalError.
   */
  private tooLarge(id: string | number, method: string | undefined, isResult: boolean, size: string): string {
    const why = `${size}, over the ${this.maxLineBytes} bytes a message over stdio may take (clients close the connection beyond it)`;
    if (method === "tools/call" && isResult) return JSON.stringify({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: `The result is too large to send: ${why}. Ask for less.` }], isError: true } });
    return JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message: `Internal error: ${why}.` } });
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
    if (Array.isArray(message)) return this.batch(message);
    const invalid = invalidMessage(message, null);
    // A response is never answered (JSON-RPC 2.0 §5), not even a broken one.
    if (invalid && isResponse(message)) return;
    if (invalid) return this.refuse(-32600, `Invalid Request: ${invalid}.`, idOf(message));
    this.accept(message);
  }

  /**
   * A batch, in a session of a version that has them (2025-03-26 and before; `initialize` may not
   * be in one): each message taken as if alone, and the answers written together, as one array,
   * once all are in (none for a batch of notifications).
   */
  private batch(messages: unknown[]): void {
    const initializes = messages.some((m) => typeof m === "object" && m !== null && (m as { method?: unknown }).method === "initialize");
    const invalid = this.version === undefined ? "a batch before initialize; send one message per line" : initializes ? "initialize may not be part of a batch" : invalidMessage(messages, this.version);
    if (invalid) return this.refuse(-32600, `Invalid Request: ${invalid.replace("per request", "per line")}.`, null);
    const requests = messages.filter((m) => !isResponse(m) && idOf(m) !== null).map((m) => idOf(m) as string | number);
    const taken = requests.find((id) => this.unanswered.has(id));
    if (taken !== undefined) return this.refuse(-32600, `Invalid Request: id ${JSON.stringify(taken)} is taken by a request not answered yet.`, null);
    const batch: Batch = { waiting: new Set(requests), answers: [] };
    if (requests.length > 0) this.batches.add(batch);
    for (const message of messages) this.accept(message);
  }

  /** A message of a valid shape, as the SDK's transports read one. */
  private accept(message: unknown): void {
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) return this.refuse(-32600, "Invalid Request: not a JSON-RPC message MCP knows.", idOf(message));
    const { id, method, params } = parsed.data as { id?: string | number; method?: string; params?: { requestId?: string | number; protocolVersion?: unknown } };
    if (method !== undefined && id !== undefined) {
      // Two requests in flight under one id could not be told apart: their answers, progress and cancellations would cross.
      if (this.unanswered.has(id)) return this.refuse(-32600, `Invalid Request: id ${JSON.stringify(id)} is taken by a request not answered yet.`, id);
      if (method === "initialize" && (this.initialized || [...this.unanswered.values()].includes(method))) return this.refuse(-32600, "Invalid Request: the session is already initialized.", id);
      this.unanswered.set(id, method);
    }
    if (method === "initialize" && typeof params?.protocolVersion === "string") this.version = params.protocolVersion;
    if (method === "notifications/cancelled" && params?.requestId !== undefined) this.settle(params.requestId);
    this.onmessage?.(parsed.data);
  }

  /** A request answered or cancelled: a batch it completes goes out; serving may end once none is left. */
  private settle(id: unknown): void {
    for (const batch of this.batches) this.settleBatch(batch, id as string | number);
    if (this.unanswered.delete(id as string | number) && this.unanswered.size === 0) this.allAnswered?.();
  }

  /**
   * A request of the batch answered or cancelled; the last one sends the batch's answers, as
   * one line within the limit: the largest replaced, as a single answer would be, until it fits.
   */
  private settleBatch(batch: Batch, id: string | number): void {
    if (!batch.waiting.delete(id) || batch.waiting.size > 0) return;
    this.batches.delete(batch);
    const { answers } = batch;
    if (answers.length === 0) return;
    let line = `[${answers.map((a) => a.text).join(",")}]`;
    const size = `the batch's answers are ${Buffer.byteLength(line)} bytes together`;
    for (const answer of [...answers].sort((a, b) => b.text.length - a.text.length)) {
      if (this.fits(line)) break;
      answer.text = this.tooLarge(answer.id, answer.method, answer.isResult, size);
      line = `[${answers.map((a) => a.text).join(",")}]`;
    }
    void this.write(line);
  }

  private tooLong(): void {
    this.refuse(-32600, `Invalid Request: a line over ${this.maxLineBytes} bytes was skipped unread.`, null);
  }

  private refuse(code: number, message: string, id: unknown): void {
    void this.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
  }
}

/** An answer as it goes out, with what replacing it needs. */
interface Answer {
  id: string | number;
  method: string | undefined;
  isResult: boolean;
  text: string;
}

interface Batch {
  waiting: Set<string | number>;
  answers: Answer[];
}
