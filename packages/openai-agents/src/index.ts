import { tool, type FunctionTool } from "@openai/agents";
import type { ManifestEntry, Registry } from "@toolgen/runtime";
import { outcomeText, projectOpenAiResponses, type OpenAiOptions } from "@toolgen/runtime/providers";

export interface OpenAiAgentsOptions extends OpenAiOptions {
  /** Structured Outputs for the tools' arguments (default true); a schema that cannot be strict is sent non-strict, as the projection decides. */
  strict?: boolean;
  /** Have the SDK ask for approval (`needsApproval`) before a `@destructive` tool runs. */
  approveDestructive?: boolean;
}

/**
 * The registry's tools as the OpenAI Agents SDK's `FunctionTool`s, for `new Agent({ tools })`.
 * The SDK passes a JSON-Schema tool's arguments through unchecked: toolgen validates them
 * (with its lenient repairs and model-readable messages), runs the tool within its timeout and
 * interceptors, and every outcome — a failure included — comes back to the model as the
 * tool's output text, never as an exception (the SDK would replace a thrown error's message
 * with a generic one). `@external` tools are left out: the application runs those itself.
 * Filters (hosts, tags, allow lists) are the registry's own.
 */
export function openAiAgentsTools(registry: Pick<Registry, "entries" | "dispatch">, options: OpenAiAgentsOptions = {}): FunctionTool[] {
  const entries = registry.entries.filter((e) => !e.external);
  const projection = projectOpenAiResponses(entries, { ...options, strict: options.strict ?? true });
  const byName = new Map(entries.map((e) => [e.name, e]));
  return projection.definitions.map((definition) => {
    const entry = byName.get(projection.names.fromProvider(definition.name)!)!;
    return tool({
      name: definition.name,
      description: definition.description,
      parameters: definition.parameters as never,
      strict: definition.strict as never,
      needsApproval: (options.approveDestructive ?? false) && isDestructive(entry),
      // Not even a thrown bug in a tool ends the run: the outcome's text reaches the model.
      errorFunction: null,
      execute: async (input: unknown, _context?: unknown, details?: { signal?: AbortSignal }) => {
        const call = projection.toCall(definition.name, input);
        return outcomeText(await registry.dispatch(call.name, call.arguments, details?.signal ? { signal: details.signal } : {}));
      },
    });
  });
}

function isDestructive(entry: ManifestEntry): boolean {
  return entry.annotations?.destructiveHint === true;
}
