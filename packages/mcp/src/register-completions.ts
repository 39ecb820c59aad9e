import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CompleteRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ManifestEntry } from "@toolgen/runtime";
import type { McpRegistry } from "./mcp-registry.js";

/** Suggestions for an argument's value, given what was typed so far and the other arguments. */
export type Completer = (value: string, context: { arguments: Readonly<Record<string, string>> }) => readonly string[] | Promise<readonly string[]>;

/** Completers by prompt name, or by resource URI template, then by argument (template variable). */
export interface Completions {
  prompts?: Readonly<Record<string, Readonly<Record<string, Completer>>>>;
  resources?: Readonly<Record<string, Readonly<Record<string, Completer>>>>;
}

/** MCP sends at most this many values (https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion). */
const MAX_VALUES = 100;

/**
 * `completion/complete` for prompt arguments and resource-template variables: the completer
 * declared for the argument, else the values its type allows (an enum or a literal union,
 * a boolean), those that start with what was typed (ignoring case).
 */
export function registerCompletions(server: Server, registry: McpRegistry, completions: Completions = {}): void {
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { ref, argument } = request.params;
    const entries = registry.entries;
    const entry =
      ref.type === "ref/prompt"
        ? entries.find((e) => e.kind === "prompt" && e.name === ref.name)
        : entries.find((e) => e.kind === "resource" && e.uris?.includes(ref.uri));
    const target = ref.type === "ref/prompt" ? `prompt '${ref.name}'` : `resource template '${ref.uri}'`;
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Cannot complete: there is no ${target}.`);
    const property = propertySchema(entry, argument.name);
    if (!property) throw new McpError(ErrorCode.InvalidParams, `Cannot complete: the ${target} has no argument '${argument.name}'.`);
    const completer = ref.type === "ref/prompt" ? completions.prompts?.[ref.name]?.[argument.name] : completions.resources?.[ref.uri]?.[argument.name];
    const typed = argument.value.toLowerCase();
    const candidates = completer ? await completer(argument.value, { arguments: request.params.context?.arguments ?? {} }) : allowedValues(property);
    const values = candidates.filter((v) => v.toLowerCase().startsWith(typed));
    return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
  });
}

type Schema = { enum?: unknown[]; const?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; type?: unknown };

function propertySchema(entry: ManifestEntry, name: string): Schema | undefined {
  const properties = (entry.inputSchema as { properties?: Record<string, Schema> }).properties;
  return properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
}

/** The values a schema allows, as the strings a prompt argument is typed in; none when they are not few. */
function allowedValues(schema: Schema): string[] {
  if (Array.isArray(schema.enum)) return schema.enum.map(asText);
  if ("const" in schema) return [asText(schema.const)];
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return [...new Set(members.flatMap(allowedValues))];
  if (schema.type === "boolean") return ["true", "false"];
  return [];
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
