import type { CallOptions, ManifestEntry, Outcome } from "@toolgen/runtime";

/**
 * What the MCP server needs of a registry. `readResource` is the runtime's resource reader
 * (a template's variables become arguments); when a registry lacks it, resources are
 * matched here and read through `dispatch`.
 */
export interface McpRegistry {
  readonly entries: readonly ManifestEntry[];
  dispatch(name: string, args: unknown, options?: CallOptions): Promise<Outcome>;
  readResource?(uri: string, options?: CallOptions): Promise<Outcome>;
  complete?(callId: string, result: unknown): Outcome;
}

/** The fields the runtime adds to an `ok` outcome for prompts and resources. */
export interface RichOk {
  status: "ok";
  text: string;
  structured?: Record<string, unknown>;
  messages?: Array<{ role: "user" | "assistant"; content: { type: "text"; text: string } }>;
  resource?: { uri: string; mimeType?: string; blob?: string };
}
