import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpRegistry } from "./mcp-registry.js";

/**
 * `resources/subscribe` and `resources/unsubscribe`, for a server with sessions: the URIs a
 * session subscribed to, and `notifications/resources/updated` when the application says
 * one changed (`registry.resourceUpdated(uri)`, or a tool's `context.resourceUpdated(uri)`).
 * The listener goes with the server.
 */
export function registerSubscriptions(server: Server, registry: McpRegistry): void {
  const subscribed = new Set<string>();
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  const stop = registry.onResourceUpdated?.((uri) => {
    if (subscribed.has(uri)) void server.sendResourceUpdated({ uri }).catch(() => undefined);
  });
  const previous = server.onclose;
  server.onclose = () => {
    stop?.();
    previous?.();
  };
}
