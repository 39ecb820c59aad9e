import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, type GetPromptResult, type Prompt } from "@modelcontextprotocol/sdk/types.js";
import type { ManifestEntry } from "@toolgen/runtime";
import { describeEntry } from "@toolgen/runtime/providers";
import type { HostFor } from "./client-host.js";
import type { McpRegistry } from "./mcp-registry.js";
import { convertPromptArguments, PromptArgumentError } from "./prompt-arguments.js";
import { onePage } from "./one-page.js";
import { ProtocolError } from "./protocol-error.js";

export function registerPrompts(server: Server, registry: McpRegistry, host: HostFor): void {
  const prompts = registry.entries.filter((e) => e.kind === "prompt");
  server.setRequestHandler(ListPromptsRequestSchema, onePage(() => ({ prompts: prompts.map(describePrompt) })));

  server.setRequestHandler(GetPromptRequestSchema, async (request, extra): Promise<GetPromptResult> => {
    const entry = prompts.find((p) => p.name === request.params.name);
    if (!entry) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown prompt '${request.params.name}'. Known prompts: ${prompts.map((p) => p.name).join(", ") || "none"}.`);
    let args: Record<string, unknown>;
    try {
      args = convertPromptArguments(entry, request.params.arguments);
    } catch (error) {
      if (error instanceof PromptArgumentError) throw new ProtocolError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
    const outcome = await registry.dispatch(entry.name, args, { signal: extra.signal, host: host(extra), meta: extra._meta });
    if (outcome.status === "error") {
      const code = outcome.error.code === "invalid_arguments" ? ErrorCode.InvalidParams : ErrorCode.InternalError;
      throw new ProtocolError(code, outcome.error.message);
    }
    if (outcome.status !== "ok") throw new ProtocolError(ErrorCode.InternalError, `The prompt '${entry.name}' did not render (${outcome.status}).`);
    const messages = outcome.messages ?? [{ role: entry.role ?? "user", content: { type: "text" as const, text: outcome.text } }];
    return { ...(entry.description ? { description: entry.description } : {}), messages };
  });
}

/** A prompt's arguments are its input schema's top-level properties. */
function describePrompt(entry: ManifestEntry): Prompt {
  const schema = (typeof entry.inputSchema === "object" ? entry.inputSchema : {}) as { properties?: Record<string, ArgumentSchema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  const args = Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const description = describeArgument(p);
    return { name, ...(description ? { description } : {}), required: required.has(name) };
  });
  return {
    name: entry.name,
    ...(entry.title ? { title: entry.title } : {}),
    // With its deprecation, as a tool's.
    ...(describeEntry(entry) ? { description: describeEntry(entry) } : {}),
    arguments: args,
  };
}

type ArgumentSchema = { description?: unknown; type?: unknown; enum?: unknown; const?: unknown; format?: unknown; anyOf?: unknown };

/**
 * Every MCP prompt argument is typed in as a string, so the description says what the
 * string must hold when the prompt declares something else: `(a number)`, `(one of: a, b)`,
 * `(auto, or a number)`, `(a date-time such as 2026-01-31T09:00:00Z, or null)`.
 */
function describeArgument(schema: ArgumentSchema | undefined): string | undefined {
  const text = typeof schema?.description === "string" ? schema.description : "";
  let hint = hintOf(schema);
  if (hint && Array.isArray(schema?.enum)) hint = `one of: ${hint}`;
  if (!hint) return text || undefined;
  return text ? `${text} (${hint})` : `(${hint})`;
}

const FORMAT_HINTS: Record<string, string> = { "date-time": "a date-time such as 2026-01-31T09:00:00Z", date: "a date such as 2026-01-31", time: "a time such as 09:00:00Z" };

/** What a string must hold for the schema; empty where any text will do. */
function hintOf(schema: ArgumentSchema | undefined): string {
  if (typeof schema !== "object" || schema === null) return "";
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  if (Array.isArray(schema.enum)) return schema.enum.map(show).join(", ");
  if ("const" in schema) return show(schema.const);
  const members: ArgumentSchema[] = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.type) ? schema.type.map((type: unknown) => ({ ...schema, type })) : [];
  if (members.length > 0) {
    const hints = members.map(hintOf);
    // A member any text is: the argument takes what is typed, as it is.
    return hints.includes("") ? "" : [...new Set(hints)].join(", or ");
  }
  if (schema.type === "string") return typeof schema.format === "string" ? (FORMAT_HINTS[schema.format] ?? "") : "";
  if (schema.type === "integer") return "an integer";
  if (schema.type === "number" || schema.type === "boolean") return `a ${schema.type}`;
  if (schema.type === "null") return "null";
  if (schema.type === "object" || schema.type === "array") return `an ${schema.type}, as JSON`;
  return "";
}
