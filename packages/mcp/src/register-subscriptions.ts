import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpRegistry } from "./mcp-registry.js";
import { ProtocolError } from "./protocol-error.js";
import { RESOURCE_NOT_FOUND } from "./register-resources.js";

/** A session's subscriptions are kept in memory: a client subscribing in a loop stops here. */
const MAX_SUBSCRIPTIONS = 1000;

/**
 * `resources/subscribe` and `resources/unsubscribe`, for a server with sessions: the URIs a
 * session subscribed to, and `notifications/resources/updated` when the application says
 * one changed (`registry.resourceUpdated(uri)`, or a tool's `context.resourceUpdated(uri)`).
 * Only a URI the session may read is taken: one that names no resource, or one whose `@scopes`
 * the session's principal lacks, is "resource not found" (-32002), as is subscribing beyond
 * 1,000 URIs. The listener goes with the server.
 */
export function registerSubscriptions(server: Server, registry: McpRegistry): void {
  const subscribed = new Set<string>();
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    // Else updates of a resource the session cannot read would tell it when that resource changes.
    if (registry.resourceAt && !registry.resourceAt(uri)) throw new ProtocolError(RESOURCE_NOT_FOUND, `There is no resource at ${uri} that this session may read.`, { uri });
    if (!subscribed.has(uri) && subscribed.size >= MAX_SUBSCRIPTIONS) throw new ProtocolError(RESOURCE_NOT_FOUND, `This session subscribes to ${MAX_SUBSCRIPTIONS} resources already; unsubscribe from one first.`, { uri });
    subscribed.add(uri);
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
