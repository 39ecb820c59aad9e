import { followSignal, type ManifestEntry, missingScopes, type Principal } from "@toolgen/runtime";
import type { McpRegistry } from "./mcp-registry.js";
import { uriToRead } from "./normal-uri.js";

/**
 * The registry as one HTTP request sees it. With a principal, only the entries whose
 * `@scopes` it holds are listed, and every call carries it (the runtime checks the scopes
 * again; tools see it as `context.principal`). Every call also ends with the request: its
 * signal (the client gone, the server shutting down) aborts the call's.
 */
export function registryForRequest(registry: McpRegistry, principal: Principal | undefined, signal: AbortSignal): McpRegistry {
  /** `call` with the request's principal and signal; a signal of the call's own is joined to it until the call ends. */
  const withRequest = <T extends { signal?: AbortSignal }, R>(given: T | undefined, call: (options: T & { signal: AbortSignal; principal?: Principal }) => Promise<R>): Promise<R> => {
    const base = { ...(given as T), ...(principal ? { principal } : {}) };
    if (!given?.signal) return call({ ...base, signal });
    const joined = either(given.signal, signal);
    return call({ ...base, signal: joined.signal }).finally(joined.dispose);
  };
  const mayUse = (entry: ManifestEntry) => !principal || missingScopes(entry, principal).length === 0;
  const { resourceAt } = registry;
  // Among every entry, not the principal's: a static URI it may not read still wins over a public template matching its spellings.
  const spelled = (uri: string) => uriToRead(uri, registry.entries);
  return {
    listingKey: principal ? listingKeyOf(registry, principal.scopes) : (registry.listingKey ?? registry),
    get entries() {
      return principal ? registry.entries.filter(mayUse) : registry.entries;
    },
    dispatch: (name, args, given) => withRequest(given, (options) => registry.dispatch(name, args, options)),
    readResource: (uri, given) => withRequest(given, (options) => registry.readResource(spelled(uri), options)),
    complete: (id, result) => registry.complete(id, result),
    completeArgument: (name, argument, typed, context) => registry.completeArgument(name, argument, typed, context),
    ...(registry.onResourceUpdated ? { onResourceUpdated: registry.onResourceUpdated.bind(registry) } : {}),
    // A resource the principal may not read is none (subscriptions ask).
    ...(resourceAt
      ? {
          resourceAt: (uri: string) => {
            const entry = resourceAt.call(registry, spelled(uri));
            return entry && mayUse(entry) ? entry : undefined;
          },
        }
      : {}),
  };
}

/**
 * Aborted when either is, until `dispose`: `b` is a session's signal, which outlives thousands
 * of calls and holds a hundred at once, so it keeps one listener for them all (`followSignal`).
 */
function either(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const unfollow = [followSignal(a, controller), followSignal(b, controller)];
  return { signal: controller.signal, dispose: () => unfollow.forEach((stop) => stop()) };
}

const listingKeys = new WeakMap<McpRegistry, Map<string, object>>();

/** One object per registry and set of scopes: callers with the same scopes see the same lists, worked out once. */
function listingKeyOf(registry: McpRegistry, scopes: readonly string[]): object {
  let forRegistry = listingKeys.get(registry);
  if (!forRegistry) listingKeys.set(registry, (forRegistry = new Map()));
  const key = [...new Set(scopes)].sort().join(" ");
  let found = forRegistry.get(key);
  if (!found) forRegistry.set(key, (found = {}));
  return found;
}
