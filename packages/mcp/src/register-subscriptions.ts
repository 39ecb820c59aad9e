import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpRegistry } from "./mcp-registry.js";
import { normalUri, uriToRead } from "./normal-uri.js";
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
 * 1,000 URIs. Two spellings of one URI (`%c3` and `%C3`) are one subscription, notified as the
 * client subscribed, and only when the session may read the resource at the URI the
 * application announced. The listener goes with the server.
 */
export function registerSubscriptions(server: Server, registry: McpRegistry): void {
  /** The URIs subscribed to, as the client spelled them, by their normal form. */
  const subscribed = new Map<string, string>();
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    // Else updates of a resource the session cannot read would tell it when that resource changes.
    // By its normal form: a spelling a public template matches (`config://%73ecret` for `config://{key}`) is the scoped `config://secret`.
    if (registry.resourceAt && !registry.resourceAt(uriToRead(uri, registry.entries))) throw new ProtocolError(RESOURCE_NOT_FOUND, `There is no resource at ${uri} that this session may read.`, { uri });
    const key = normalUri(uri);
    if (!subscribed.has(key) && subscribed.size >= MAX_SUBSCRIPTIONS) throw new ProtocolError(RESOURCE_NOT_FOUND, `This session subscribes to ${MAX_SUBSCRIPTIONS} resources already; unsubscribe from one first.`, { uri });
    subscribed.set(key, uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(normalUri(request.params.uri));
    return {};
  });
  const stop = registry.onResourceUpdated?.((uri) => {
    const asSubscribed = subscribed.get(normalUri(uri));
    // The resource is the one the application names, which the session must be able to read:
    // the spelling it subscribed may be one a public template matches (`config://%73ecret`
    // for `config://{key}`) of a scoped `config://secret`.
    if (asSubscribed === undefined || (registry.resourceAt && !registry.resourceAt(uri) && !registry.resourceAt(normalUri(uri)))) return;
    void server.sendResourceUpdated({ uri: asSubscribed }).catch(() => undefined);
  });
  const previous = server.onclose;
  server.onclose = () => {
    stop?.();
    previous?.();
  };
}
