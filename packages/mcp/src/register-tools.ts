import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ManifestEntry } from "@toolgen/runtime";
import { projectMcp } from "@toolgen/runtime/providers";
import type { HostFor } from "./client-host.js";
import type { McpRegistry } from "./mcp-registry.js";
import { toToolResult } from "./tool-result.js";

/**
 * How `@external` tools (schema only; the runtime never runs them) are offered:
 * - `"omit"` (default): not listed — an MCP client has no way to run them for us;
 * - a function: listed; a call is validated by the registry, then handed to the function
 *   (the host runs it: forwards it, asks a human, …) and its result completes the call.
 */
export type ExternalToolHandler = (call: { id: string; name: string; arguments: Record<string, unknown> }, signal: AbortSignal) => Promise<unknown>;
export type ExternalPolicy = "omit" | ExternalToolHandler;

/**
 * Stateless HTTP builds a server per request: the tool list is worked out once per registry,
 * and again only when its entries change (`registry.register()` after start-up).
 */
interface Prepared {
  entries: readonly ManifestEntry[];
  projection: ReturnType<typeof projectMcp>;
  byName: Map<string, ManifestEntry>;
}
const prepared = new WeakMap<object, Map<boolean, Prepared>>();

function prepare(registry: McpRegistry, includeExternal: boolean): Prepared {
  const key = registry.listingKey ?? registry;
  let forRegistry = prepared.get(key);
  if (!forRegistry) prepared.set(key, (forRegistry = new Map()));
  const entries = registry.entries;
  const found = forRegistry.get(includeExternal);
  if (found && found.entries.length === entries.length && found.entries.every((e, i) => e === entries[i])) return found;
  const byName = new Map<string, ManifestEntry>();
  for (const entry of entries) if (entry.kind === "tool") byName.set(entry.name, entry);
  const fresh = { entries, projection: projectMcp(entries, { includeExternal }), byName };
  forRegistry.set(includeExternal, fresh);
  return fresh;
}

/** The tool an MCP client calls by `mcpName`, as this registry's server lists it (sanitized names can differ from entry names). */
export function toolCalled(registry: McpRegistry, external: ExternalPolicy, mcpName: string): ManifestEntry | undefined {
  const { projection, byName } = prepare(registry, external !== "omit");
  const name = projection.names.fromProvider(mcpName);
  return name === undefined ? undefined : byName.get(name);
}

export function registerTools(server: Server, registry: McpRegistry, external: ExternalPolicy, reach: { host: HostFor; pollAfterMs?: number | undefined }): void {
  const { projection, byName } = prepare(registry, external !== "omit");

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: projection.definitions }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const call = projection.toCall(request.params.name, restoreProtoKey(request.params.arguments ?? {}));
    const entry = byName.get(call.name);
    if (!entry || projection.names.fromProvider(request.params.name) === undefined) {
      const known = projection.definitions.map((t) => t.name);
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${request.params.name}'. Known tools: ${known.join(", ") || "none"}.`);
    }
    const host = reach.host(extra);
    // A long call lets go of its stream; the client polls for the answer (SEP-1699).
    const { closeSSEStream } = extra;
    const poll = reach.pollAfterMs !== undefined && closeSSEStream ? setTimeout(() => closeSSEStream(), reach.pollAfterMs) : undefined;
    const outcome = await registry.dispatch(entry.name, call.arguments, { signal: extra.signal, host }).finally(() => clearTimeout(poll));
    if (outcome.status === "suspended" && typeof external === "function") {
      let result: unknown;
      try {
        result = await external(outcome.call, extra.signal);
      } catch (error) {
        result = error instanceof Error ? error : new Error(String(error));
      }
      return toToolResult(entry, registry.complete(outcome.call.id, result));
    }
    return toToolResult(entry, outcome);
  });
}

/**
 * Defence in depth: the SDK parses `arguments` with zod, which (v4) drops a `"__proto__"` key
 * and builds a null-prototype object. A parser that copies key by key into `{}` would instead
 * make that key the copy's prototype — invisible to validation, yet readable through the
 * object. Such a prototype becomes an own `"__proto__"` property again, which validation
 * then judges like any other key.
 */
export function restoreProtoKey(args: Record<string, unknown>): Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(args);
  if (proto === Object.prototype || proto === null) return args;
  const out: Record<string, unknown> = { ...args };
  Object.defineProperty(out, "__proto__", { value: proto, enumerable: true, writable: true, configurable: true });
  return out;
}
