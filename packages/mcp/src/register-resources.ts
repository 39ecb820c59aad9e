import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema, type ReadResourceResult, type Resource, type ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { describeEntry } from "@toolgen/runtime/providers";
import type { HostFor } from "./client-host.js";
import { uriToRead } from "./normal-uri.js";
import type { McpRegistry } from "./mcp-registry.js";
import { onePage } from "./one-page.js";
import { ProtocolError } from "./protocol-error.js";

/** MCP's "resource not found" error code (https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling). */
export const RESOURCE_NOT_FOUND = -32002;

/** `{` then a name then `}`; a name holds no brace (`[^}]` would rescan a run of `{` from each one). */
const isTemplate = (uri: string) => /\{[^{}]+\}/.test(uri);

/** Static URIs are resources; URIs with `{variables}` are resource templates. */
export function registerResources(server: Server, registry: McpRegistry, host: HostFor): void {
  const entries = registry.entries.filter((e) => e.kind === "resource");
  const resources: Resource[] = [];
  const templates: ResourceTemplate[] = [];
  for (const entry of entries) {
    for (const uri of entry.uris ?? []) {
      const description = describeEntry(entry); // with its deprecation, as a tool's
      const meta = { name: entry.name, ...(entry.title ? { title: entry.title } : {}), ...(description ? { description } : {}), ...(entry.mimeType ? { mimeType: entry.mimeType } : {}) };
      if (isTemplate(uri)) templates.push({ uriTemplate: uri, ...meta });
      else resources.push({ uri, ...meta });
    }
  }
  server.setRequestHandler(ListResourcesRequestSchema, onePage(() => ({ resources })));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, onePage(() => ({ resourceTemplates: templates })));

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra): Promise<ReadResourceResult> => {
    const { uri } = request.params;
    // At its normal form: another spelling of a scoped static URI must not reach a public template that matches it.
    const outcome = await registry.readResource(uriToRead(uri, entries), { signal: extra.signal, host: host(extra), meta: extra._meta });
    if (outcome.status === "error") {
      const code = outcome.error.code === "unknown_tool" ? RESOURCE_NOT_FOUND : outcome.error.code === "invalid_arguments" ? ErrorCode.InvalidParams : ErrorCode.InternalError;
      throw new ProtocolError(code, outcome.error.message, { uri });
    }
    if (outcome.status !== "ok") throw new ProtocolError(ErrorCode.InternalError, `Reading ${uri} did not produce contents (${outcome.status}).`);
    const mimeType = outcome.resource?.mimeType;
    const base = { uri, ...(mimeType ? { mimeType } : {}) };
    return { contents: [outcome.resource?.blob !== undefined ? { ...base, blob: outcome.resource.blob } : { ...base, text: outcome.text }] };
  });
}
