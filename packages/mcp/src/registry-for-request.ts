import { missingScopes, type Principal } from "@toolgen/runtime";
import type { McpRegistry } from "./mcp-registry.js";

/**
 * The registry as one HTTP request sees it. With a principal, only the entries whose
 * `@scopes` it holds are listed, and every call carries it (the runtime checks the scopes
 * again; tools see it as `context.principal`). Every call also ends with the request: its
 * signal (the client gone, the server shutting down) aborts the call's.
 */
export function registryForRequest(registry: McpRegistry, principal: Principal | undefined, signal: AbortSignal): McpRegistry {
  const options = <T extends { signal?: AbortSignal }>(given: T | undefined) => ({
    ...given,
    ...(principal ? { principal } : {}),
    signal: given?.signal ? either(given.signal, signal) : signal,
  });
  return {
    listingKey: principal ? listingKeyOf(registry, principal.scopes) : (registry.listingKey ?? registry),
    get entries() {
      return principal ? registry.entries.filter((e) => missingScopes(e, principal).length === 0) : registry.entries;
    },
    dispatch: (name, args, given) => registry.dispatch(name, args, options(given)),
    readResource: (uri, given) => registry.readResource(uri, options(given)),
    complete: (id, result) => registry.complete(id, result),
    completeArgument: (name, argument, typed, context) => registry.completeArgument(name, argument, typed, context),
    ...(registry.onResourceUpdated ? { onResourceUpdated: registry.onResourceUpdated.bind(registry) } : {}),
  };
}

/** Aborted when either is (`AbortSignal.any`, which Node.js 20.0–20.2 lack). */
function either(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (a.aborted) return a;
  if (b.aborted) return b;
  const controller = new AbortController();
  const abort = () => controller.abort();
  a.addEventListener("abort", abort, { once: true });
  b.addEventListener("abort", abort, { once: true });
  return controller.signal;
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
