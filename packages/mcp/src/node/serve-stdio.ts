import { Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioLines } from "./stdio-lines.js";

/**
 * Serves over stdin/stdout until the client closes the pipe; resolves when it has. stdout
 * carries the protocol alone: anything else written to it while serving (a tool's
 * `console.log`) goes to stderr, where it cannot corrupt the stream of messages.
 */
export async function serveStdio(server: Server): Promise<void> {
  const transport = new StdioLines(process.stdin, claimStdout());
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once("end", () => void server.close());
  });
  await server.connect(transport);
  await closed;
}

/** A stream to the real stdout for the protocol; `process.stdout.write` itself now writes to stderr. */
function claimStdout(): Writable {
  const { stdout, stderr } = process;
  const write = stdout.write.bind(stdout) as (chunk: unknown, encoding: BufferEncoding, done: (error?: Error | null) => void) => boolean;
  stdout.write = stderr.write.bind(stderr) as typeof stdout.write;
  return new Writable({ write: (chunk, encoding, done) => void write(chunk, encoding, done) });
}
