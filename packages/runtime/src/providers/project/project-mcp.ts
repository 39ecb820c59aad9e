import type { ManifestEntry, ToolAnnotations } from "../../manifest/manifest-format.js";
import { NAME_RULES } from "../names/name-rules.js";
import { asNode, buildProjection, describeEntry, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";
import { inlineRefs } from "../schema/inline-refs.js";
import { tuplesByLength } from "../schema/tuples-by-length.js";
import { wrapOutputSchema } from "../schema/wrap-output-schema.js";

/**
 * An MCP `Tool` (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool):
 * `inputSchema` and `outputSchema` are JSON Schema objects with `type: "object"` at the root
 * (draft 2020-12 by default); acyclic `$ref`s are inlined for clients that cannot resolve them,
 * and fixed-length tuples written so that draft-07 validators read them alike (`tuplesByLength`).
 */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: { type: "object"; [keyword: string]: unknown };
  outputSchema?: { type: "object"; [keyword: string]: unknown };
  annotations?: ToolAnnotations & { title?: string };
}

export interface McpToolOptions extends ProjectionOptions {
  /** Include `@external` tools (default true; the MCP server decides how to run them). */
  includeExternal?: boolean;
}

export function projectMcp(source: ProjectionSource, options: McpToolOptions = {}): Projection<McpTool> {
  const include = options.includeExternal ?? true;
  const selected = toolList(source).filter((e) => include || !e.external);
  return buildProjection("mcp", selected, NAME_RULES.mcp, options, (entry, name) => defineMcpTool(entry, name), (d) => d);
}

function toolList(source: ProjectionSource): readonly ManifestEntry[] {
  return Array.isArray(source) ? (source as readonly ManifestEntry[]) : (source as { entries: readonly ManifestEntry[] }).entries;
}

export function defineMcpTool(entry: ManifestEntry, name: string): McpTool {
  const tool: McpTool = { name, ...(entry.title ? { title: entry.title } : {}), description: describeEntry(entry), inputSchema: tuplesByLength(inlineRefs(asNode(entry.inputSchema)).schema) as McpTool["inputSchema"] };
  if (entry.outputSchema !== undefined) tool.outputSchema = tuplesByLength(inlineRefs(wrapOutputSchema(asNode(entry.outputSchema)).schema).schema) as McpTool["outputSchema"];
  const annotations = { ...(entry.title ? { title: entry.title } : {}), ...entry.annotations };
  if (Object.keys(annotations).length > 0) tool.annotations = annotations;
  return tool;
}

/** Whether an entry's result is sent as `{ result: value }` structured content. */
export function hasWrappedOutput(entry: ManifestEntry): boolean {
  return entry.outputSchema !== undefined && wrapOutputSchema(asNode(entry.outputSchema)).wrapped;
}
