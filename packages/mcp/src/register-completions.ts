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
 * `InvalidParams`; a completer that throws, `InternalError` with its message.
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
    return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
  });
}
