import { Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioLines } from "./stdio-lines.js";

/** How long the calls in flight when stdin closes may finish, unless `graceMs` says otherwise. */
const DEFAULT_GRACE_MS = 10_000;

/**
 * Serves over stdin/stdout until the client closes the pipe, or `signal` aborts (the CLI's
 * SIGTERM and SIGINT); resolves when the requests in flight then are answered (a one-shot
 * `echo … | toolgen serve` gets its answer), or after `graceMs` (default 10 s), when closing
 * the server aborts those still running. A client gone (stdout's pipe broken: EPIPE) can be
 * answered nothing more: the server closes at once, aborting its calls. stdout carries the
 * protocol alone: anything else written to it while serving (a tool's `console.log`) goes to
 * stderr, where it cannot corrupt the stream of messages.
 */
export async function serveStdio(server: Server, options: { graceMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const output = claimStdout();
  const transport = new StdioLines(process.stdin, output);
  let finish = () => {};
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    finish = () => {
      // Shutting down takes no new work: a request sent after the signal would hold the exit for the whole grace period.
      transport.stopReading();
      void transport.answered(options.graceMs ?? DEFAULT_GRACE_MS).then(() => server.close());
    };
    options.signal?.addEventListener("abort", finish, { once: true });
    output.on("error", () => void server.close());
  });
  await server.connect(transport);
  // After the transport's own listener, which reads a last line that has no newline.
  process.stdin.once("end", finish);
  await closed;
  // Every answer written out before serving ends, which the process may follow with its exit
  // (a one-shot `echo … | toolgen serve` was cut at the pipe's 64 KiB); not for a client gone.
  await new Promise<void>((resolve) => {
    if (output.destroyed) return resolve();
    output.once("error", () => resolve());
    output.end(() => resolve());
  });
}

/** A stream to the real stdout for the protocol; `process.stdout.write` itself now writes to stderr. */
function claimStdout(): Writable {
  const { stdout, stderr } = process;
  const write = stdout.write.bind(stdout) as (chunk: unknown, encoding: BufferEncoding, done: (error?: Error | null) => void) => boolean;
  stdout.write = stderr.write.bind(stderr) as typeof stdout.write;
  const output = new Writable({ write: (chunk, encoding, done) => void write(chunk, encoding, done) });
  // The pipe's own error (EPIPE) reaches the protocol's stream, whose listener closes the server: never an uncaught 'error'.
  stdout.on("error", (error) => output.destroy(error));
  // A client that closed stderr takes no more logs; serving goes on (a tool's console.log would otherwise end the process).
  stderr.on("error", () => {});
  return output;
}
