import { tool, type FunctionTool } from "@openai/agents";
import { contentText, type Content, type ManifestEntry, type Registry } from "@toolgen/runtime";
import { dispatchModelCall, NAME_RULES, outcomeText, projectOpenAiResponses, type OpenAiOptions } from "@toolgen/runtime/providers";

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
 * with a generic one). A tool that returns content blocks answers them as the SDK's output
 * items: an image as an image the model sees, the rest as text. `@external` tools are left out: the application runs those itself.
 * Filters (hosts, tags, allow lists) are the registry's own.
 */
export function openAiAgentsTools(registry: Pick<Registry, "entries" | "dispatch">, options: OpenAiAgentsOptions = {}): FunctionTool[] {
  const entries = registry.entries.filter((e) => !e.external);
  // Names as the SDK keeps them (it rewrites `get-order` as `get_order`): two tools it would
  // write alike get distinct names, as any provider's collision does, and both stay callable.
  const projection = projectOpenAiResponses(entries, { ...options, strict: options.strict ?? true, nameRule: NAME_RULES["openai-agents"] });
  const byName = new Map(entries.map((e) => [e.name, e]));
  return projection.definitions.map((definition) => {
    const entry = byName.get(projection.names.fromProvider(definition.name)!)!;
    return tool({
      name: definition.name,
      description: definition.description,
      parameters: definition.parameters as never,
      strict: definition.strict as never,
      needsApproval: (options.approveDestructive ?? false) && isDestructive(entry),
      // The registry turns what a tool throws into an outcome, whose text reaches the model; what
      // still throws (a view over the registry, as integrations.md shows) gets the SDK's own
      // answer, which keeps the run going, as the other frameworks do, and shows no internals.
      execute: async (input: unknown, _context?: unknown, details?: { signal?: AbortSignal; toolCall?: { callId?: unknown } }) => {
        const callId = details?.toolCall?.callId;
        // Errors name the tool as the model was offered it, the name it calls again with.
        const outcome = await dispatchModelCall(registry, projection, definition.name, input, { ...(details?.signal && { signal: details.signal }), ...(typeof callId === "string" && { callId }) });
        return outcome.status === "ok" && outcome.content ? outputParts(outcome.content) : outcomeText(outcome);
      },
    });
  });
}

/** Content blocks as the SDK's tool output items: images as images (the model sees them), the rest as text. */
function outputParts(blocks: readonly Content[]): Array<{ type: "text"; text: string } | { type: "image"; image: { data: string; mediaType: string } }> {
  return blocks.map((block) => (block.type === "image" ? { type: "image", image: { data: block.data, mediaType: block.mimeType } } : { type: "text", text: contentText([block]) }));
}

function isDestructive(entry: ManifestEntry): boolean {
  return entry.annotations?.destructiveHint === true;
}
