import { NAME_RULES } from "../names/name-rules.js";
import { asNode, buildProjection, describeEntry, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";
import { inlineRefs } from "../schema/inline-refs.js";

/**
 * A Messages API client tool: `name`, `description`, `input_schema` (a JSON Schema object
 * whose root is `type: "object"`).
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools
 */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: "object"; properties?: Record<string, unknown>; required?: string[]; [keyword: string]: unknown };
}

/** Draft 2020-12 as it is, with acyclic `$ref`s inlined. */
export function projectAnthropic(source: ProjectionSource, options: ProjectionOptions = {}): Projection<AnthropicTool> {
  return buildProjection(
    "anthropic",
    source,
    NAME_RULES.anthropic,
    options,
    (entry, name) => ({ name, description: describeEntry(entry), input_schema: inlineRefs(asNode(entry.inputSchema)).schema as AnthropicTool["input_schema"] }),
    (d) => d,
  );
}
