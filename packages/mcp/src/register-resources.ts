import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, McpError, ReadResourceRequestSchema, type ReadResourceResult, type Resource, type ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { CallOptions, ManifestEntry, Outcome } from "@toolgen/runtime";
import type { McpRegistry, RichOk } from "./mcp-registry.js";

/** MCP's "resource not found" error code (https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling). */
const RESOURCE_NOT_FOUND = -32002;

const isTemplate = (uri: string) => /\{[^}]+\}/.test(uri);

/** Static URIs are resources; URIs with `{variables}` are resource templates. */
export function registerResources(server: Server, registry: McpRegistry): void {
  const entries = registry.entries.filter((e) => e.kind === "resource");
  const resources: Resource[] = [];
  const templates: ResourceTemplate[] = [];
  for (const entry of entries) {
    for (const uri of entry.uris ?? []) {
      const meta = { name: entry.name, ...(entry.title ? { title: entry.title } : {}), ...(entry.description ? { description: entry.description } : {}), ...(entry.mimeType ? { mimeType: entry.mimeType } : {}) };
      if (isTemplate(uri)) templates.push({ uriTemplate: uri, ...meta });
      else resources.push({ uri, ...meta });
    }
  }
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: templates }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra): Promise<ReadResourceResult> => {
    const { uri } = request.params;
    const options: CallOptions = { signal: extra.signal };
    const outcome = registry.readResource ? await registry.readResource(uri, options) : await readByMatching(registry, entries, uri, options);
    if (outcome.status === "error") {
      const code = outcome.error.code === "unknown_tool" ? RESOURCE_NOT_FOUND : outcome.error.code === "invalid_arguments" ? ErrorCode.InvalidParams : ErrorCode.InternalError;
      throw new McpError(code, outcome.error.message, { uri });
    }
    if (outcome.status !== "ok") throw new McpError(ErrorCode.InternalError, `Reading ${uri} did not produce contents (${outcome.status}).`);
    const ok = outcome as RichOk;
    const entry = findEntry(entries, uri);
    const mimeType = ok.resource?.mimeType ?? entry?.mimeType;
    const base = { uri, ...(mimeType ? { mimeType } : {}) };
    return { contents: [ok.resource?.blob !== undefined ? { ...base, blob: ok.resource.blob } : { ...base, text: ok.text }] };
  });
}

/** For registries without `readResource`: the first entry whose URI or template matches. */
async function readByMatching(registry: McpRegistry, entries: readonly ManifestEntry[], uri: string, options: CallOptions): Promise<Outcome> {
  for (const entry of entries) {
    for (const candidate of entry.uris ?? []) {
      if (candidate === uri) return registry.dispatch(entry.name, {}, options);
      if (!isTemplate(candidate)) continue;
      const variables = new UriTemplate(candidate).match(uri);
      if (variables) return registry.dispatch(entry.name, variables, options);
    }
  }
  return { status: "error", error: { code: "unknown_tool", message: `No resource matches ${uri}.` } };
}

function findEntry(entries: readonly ManifestEntry[], uri: string): ManifestEntry | undefined {
  return entries.find((e) => (e.uris ?? []).some((u) => u === uri || (isTemplate(u) && new UriTemplate(u).match(uri) !== null)));
}
