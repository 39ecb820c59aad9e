import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { StructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import type { Registry } from "@toolgen/runtime";
import { outcomeText, projectOpenAiChat, type Projection, type OpenAiChatTool, type ProjectionOptions } from "@toolgen/runtime/providers";

type ToolgenRegistry = Pick<Registry, "entries" | "dispatch">;

/** What LangChain's own check of a JSON-Schema tool's input is given: anything passes, so toolgen's validation runs. */
const ANYTHING = {};

/**
 * One registry tool as a LangChain `StructuredTool`. `schema` is the tool's JSON Schema, which
 * `model.bindTools()` sends; LangChain would also check the input against it before `_call`,
 * replacing toolgen's model-readable messages and skipping its lenient repairs, so that check
 * (synchronous, at the start of `call`) is given a schema that accepts anything.
 */
class ToolgenTool extends StructuredTool {
  name: string;
  description: string;
  schema: Record<string, unknown>;

  constructor(
    private readonly registry: ToolgenRegistry,
    private readonly projection: Projection<OpenAiChatTool>,
    definition: OpenAiChatTool["function"],
  ) {
    super();
    this.name = definition.name;
    this.description = definition.description;
    this.schema = definition.parameters;
  }

  override call(...args: Parameters<StructuredTool["call"]>): ReturnType<StructuredTool["call"]> {
    const schema = this.schema;
    this.schema = ANYTHING;
    try {
      return super.call(...args);
    } finally {
      this.schema = schema;
    }
  }

  protected async _call(input: unknown, _runManager?: CallbackManagerForToolRun, config?: ToolRunnableConfig): Promise<string> {
    const call = this.projection.toCall(this.name, input);
    return outcomeText(await this.registry.dispatch(call.name, call.arguments, config?.signal ? { signal: config.signal } : {}));
  }
}

/**
 * The registry's tools as LangChain `StructuredTool`s, for `model.bindTools(tools)` and
 * LangGraph's `ToolNode`. Every call goes through the registry: toolgen's validation (with its
 * lenient repairs and model-readable messages), timeouts, interceptors; every outcome — a
 * failure included — is the tool message's text. `@external` tools are left out: the
 * application runs those itself. Filters (hosts, tags, allow lists) are the registry's own.
 */
export function langchainTools(registry: ToolgenRegistry, options: ProjectionOptions = {}): StructuredTool[] {
  const projection = projectOpenAiChat(registry.entries.filter((e) => !e.external), options);
  return projection.definitions.map((d) => new ToolgenTool(registry, projection, d.function));
}
