import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CompleteRequestSchema, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { Completer } from "@toolgen/runtime";
import type { McpRegistry } from "./mcp-registry.js";
import { ProtocolError } from "./protocol-error.js";

/** Completers given in code, by prompt name or resource URI template, then by argument: over the entries' own (`@complete`). */
export interface Completions {
  prompts?: Readonly<Record<string, Readonly<Record<string, Completer>>>>;
  resources?: Readonly<Record<string, Readonly<Record<string, Completer>>>>;
}

/** MCP sends at most this many values (https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion). */
const MAX_VALUES = 100;

/**
 * `completion/complete` for prompt arguments and resource-template variables: a completer
 * given here, else the registry's answer (`registry.completeArgument`: the entry's `@complete`
 * function, or the values its type allows). An unknown prompt, template or argument is
 * `InvalidParams`; a completer that throws, or returns anything but an array of strings,
 * `InternalError` saying so.
 */
export function registerCompletions(server: Server, registry: McpRegistry, completions: Completions = {}): void {
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { ref, argument } = request.params;
    const entry =
      ref.type === "ref/prompt"
        ? registry.entries.find((e) => e.kind === "prompt" && e.name === ref.name)
        : registry.entries.find((e) => e.kind === "resource" && e.uris?.includes(ref.uri));
    const target = ref.type === "ref/prompt" ? `prompt '${ref.name}'` : `resource ${/\{\w+\}/.test(ref.uri) ? "template " : ""}'${ref.uri}'`;
    if (!entry) throw new ProtocolError(ErrorCode.InvalidParams, `Cannot complete: there is no ${target}.`);
    const given = ref.type === "ref/prompt" ? completions.prompts?.[ref.name]?.[argument.name] : completions.resources?.[ref.uri]?.[argument.name];
    const context = { arguments: request.params.context?.arguments ?? {} };
    let values: readonly string[] | undefined;
    try {
      values = given ? await given(argument.value, context) : await registry.completeArgument(entry.name, argument.name, argument.value, context);
    } catch (error) {
      throw new ProtocolError(ErrorCode.InternalError, `Completing '${argument.name}' of the ${target} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!values) throw new ProtocolError(ErrorCode.InvalidParams, `Cannot complete: the ${target} has no argument '${argument.name}'.`);
    // A completer's mistake is the server's, said as such, not an answer the client refuses.
    if (!Array.isArray(values) || values.some((value) => typeof value !== "string")) {
      throw new ProtocolError(ErrorCode.InternalError, `Completing '${argument.name}' of the ${target} failed: its completer returned ${describeValue(values)}, not an array of strings.`);
    }
    return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
  });
}

/** A short picture of what a completer returned: `[1, null, "ok"]`, `"abc"`, `an object`. */
function describeValue(value: unknown): string {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return "an object";
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}
