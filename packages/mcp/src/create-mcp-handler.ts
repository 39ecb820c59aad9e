import { NameCollisionError } from "@toolgen/runtime/providers";
import { createMcpServer, type McpServerOptions } from "./create-mcp-server.js";
import { handleMcpRequest, type HttpLimits } from "./handle-mcp-request.js";
import type { McpRegistry } from "./mcp-registry.js";

export interface McpHandlerOptions extends McpServerOptions, HttpLimits {}

/** A web-standard request handler: what `fetch` handlers, `Deno.serve`, `Bun.serve` and route handlers take. */
export type McpHandler = (request: Request) => Promise<Response>;

/**
 * The registry as a stateless streamable HTTP MCP endpoint on web-standard `Request` and
 * `Response` (see `handleMcpRequest`): a Cloudflare Worker's `fetch`, `Deno.serve`,
 * `Bun.serve`, a Next.js route handler or Hono take it as it is. Nothing here needs Node.js.
 *
 * A registry from a split generated module is loaded on the first request. Tool names that
 * collide for MCP throw here, when the registry's entries can be read already.
 */
export function createMcpHandler(registry: McpRegistry & { load?(): Promise<unknown> }, options: McpHandlerOptions): McpHandler {
  try {
    createMcpServer(registry, options);
  } catch (error) {
    if (error instanceof NameCollisionError) throw error;
    // Otherwise the entries are not loaded yet (a split registry): the first request loads them.
  }
  let loaded: Promise<unknown> | undefined;
  return async (request) => {
    await (loaded ??= Promise.resolve(registry.load?.()));
    return handleMcpRequest(() => createMcpServer(registry, options), options, request);
  };
}
