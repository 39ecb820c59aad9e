import type { ToolsInput } from "@mastra/core/agent";
import type { Registry } from "@toolgen/runtime";
import { aiSdkTools, type ProjectionOptions } from "@toolgen/runtime/providers";

/**
 * The registry's tools as the record a Mastra `Agent` takes (`new Agent({ tools })`).
 *
 * Mastra accepts AI SDK tool objects as they are, and does not check their input itself
 * (it would check a plain JSON-Schema `inputSchema` of its own `createTool`, replacing
 * toolgen's messages and skipping its lenient repairs). So the tools are the AI SDK
 * projection's (`aiSdkTools`): every call goes through the registry — validation, repairs,
 * timeouts, interceptors — and a failed outcome reaches the model as the tool's error text,
 * listing each problem, while the agent loop goes on. `@external` tools have no `execute`:
 * Mastra hands their calls to the application. Filters (hosts, tags, allow lists) are the
 * registry's own.
 */
export function mastraTools(registry: Pick<Registry, "entries" | "dispatch">, options: ProjectionOptions = {}): ToolsInput {
  return aiSdkTools<ToolsInput>(registry, options).tools;
}
