import type { Principal } from "@toolgen/runtime";
import type { McpRegistry } from "../mcp-registry.js";

/**
 * The registry as one caller sees it: only the entries whose `@scopes` it holds are listed,
 * and every call carries the principal (the runtime checks the scopes again, and tools see
 * it as `context.principal`).
 */
export function scopedRegistry(registry: McpRegistry, principal: Principal): McpRegistry {
  const allowed = (scopes: readonly string[] | undefined) => (scopes ?? []).every((s) => principal.scopes.includes(s));
  return {
    listingKey: listingKeyOf(registry, principal.scopes),
    get entries() {
      return registry.entries.filter((e) => allowed(e.scopes));
    },
    dispatch: (name, args, options) => registry.dispatch(name, args, { ...options, principal }),
    readResource: (uri, options) => registry.readResource(uri, { ...options, principal }),
    complete: (id, result) => registry.complete(id, result),
  };
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
