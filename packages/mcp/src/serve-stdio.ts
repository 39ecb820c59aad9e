import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

/** Serves over stdin/stdout until the client closes the pipe; resolves when it has. */
export async function serveStdio(server: Server): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once("end", () => void server.close());
  });
  await server.connect(transport);
  await closed;
}
