import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallOptions, ManifestEntry } from "@toolgen/runtime";
import { namedAsOffered, projectMcp } from "@toolgen/runtime/providers";
import type { HostFor } from "./client-host.js";
import type { McpRegistry } from "./mcp-registry.js";
import { toToolResult } from "./tool-result.js";
import { onePage } from "./one-page.js";
import { ProtocolError } from "./protocol-error.js";

/**
 * How `@external` tools (schema only; the runtime never runs them) are offered:
 * - `"omit"` (default): not listed — an MCP client has no way to run them for us;
 * - a function: listed; a call is validated by the registry, then handed to the function
 *   (the host runs it: forwards it, asks a human, …) and its result completes the call.
 */
export type ExternalToolHandler = (call: { id: string; name: string; arguments: Record<string, unknown> }, signal: AbortSignal) => Promise<unknown>;
export type ExternalPolicy = "omit" | ExternalToolHandler;

/**
 * The tools as MCP sees them. Stateless HTTP answers each request on its own: the list is worked out once per
 * registry, and again only when its entries change (`registry.register()` after start-up).
 */
export interface McpTools {
  entries: readonly ManifestEntry[];
  projection: ReturnType<typeof projectMcp>;
  byName: Map<string, ManifestEntry>;
  /** `tools/list`'s result, serialized on first use. */
  listJson?: string;
}
const prepared = new WeakMap<object, Map<boolean, McpTools>>();

function prepare(registry: McpRegistry, includeExternal: boolean): McpTools {
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
  // This server lists (and calls) the tools there are now: it announces no list changes.
  const tools = toolsOf(registry, external);
  server.setRequestHandler(ListToolsRequestSchema, onePage(() => ({ tools: tools.projection.definitions })));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    // A long call lets go of its stream; the client polls for the answer (SEP-1699).
    const { closeSSEStream } = extra;
    const poll = reach.pollAfterMs !== undefined && closeSSEStream ? setTimeout(() => closeSSEStream(), reach.pollAfterMs) : undefined;
    try {
      return await callTool(tools, registry, external, request.params.name, request.params.arguments, { signal: extra.signal, host: reach.host(extra), meta: extra._meta });
    } finally {
      clearTimeout(poll);
    }
  });
}

/** The registry's tools as MCP lists them now (worked out once per registry and set of scopes, and again when its entries change). */
export function toolsOf(registry: McpRegistry, external: ExternalPolicy): McpTools {
  return prepare(registry, external !== "omit");
}

/** `tools/list`'s result as JSON text, serialized once, like the list itself. */
export function toolListJson(tools: McpTools): string {
  return (tools.listJson ??= JSON.stringify({ tools: tools.projection.definitions }));
}

/** `tools/call` of one of `tools`: the tool the client names, called with its arguments; an unknown name is an `InvalidParams` error. */
export async function callTool(tools: McpTools, registry: McpRegistry, external: ExternalPolicy, mcpName: string, args: Record<string, unknown> | undefined, options: CallOptions & { signal: AbortSignal }): Promise<CallToolResult> {
  const { projection, byName } = tools;
  const call = projection.toCall(mcpName, restoreProtoKey(args ?? {}));
  const entry = byName.get(call.name);
  if (!entry || projection.names.fromProvider(mcpName) === undefined) {
    const known = projection.definitions.map((t) => t.name);
    throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool '${mcpName}'. Known tools: ${known.join(", ") || "none"}.`);
  }
  const outcome = namedAsOffered(await registry.dispatch(entry.name, call.arguments, options), entry.name, mcpName);
  if (outcome.status === "suspended" && typeof external === "function") {
    let result: unknown;
    try {
      result = await external(outcome.call, options.signal);
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    }
    return toToolResult(entry, registry.complete(outcome.call.id, result));
  }
  return toToolResult(entry, outcome);
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
