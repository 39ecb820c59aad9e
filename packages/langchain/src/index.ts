import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { ToolMessage } from "@langchain/core/messages";
import { StructuredTool, type StructuredToolCallInput, type ToolReturnType, type ToolRunnableConfig, type ToolSchemaBase } from "@langchain/core/tools";
import type { Registry } from "@toolgen/runtime";
import { dispatchModelCall, outcomeText, projectOpenAiChat, type Projection, type OpenAiChatTool, type OpenAiOptions } from "@toolgen/runtime/providers";

type ToolgenRegistry = Pick<Registry, "entries" | "dispatch">;

/** A registry tool as LangChain takes it: arguments as an object, its `invoke` answering the outcome's text (or a tool message). */
export type LangchainTool = StructuredTool<ToolSchemaBase, Arguments, Arguments, string | ToolMessage>;

type Arguments = Record<string, unknown>;

/** What LangChain's own check of a JSON-Schema tool's input is given: anything passes, so toolgen's validation runs. */
const ANYTHING = {};

/**
 * One registry tool as a LangChain `StructuredTool`. `schema` is the tool's JSON Schema, which
 * `model.bindTools()` sends; LangChain would also check the input against it before `_call`,
 * replacing toolgen's model-readable messages and skipping its lenient repairs, so that check
 * (synchronous, at the start of `call`) is given a schema that accepts anything.
 */
class ToolgenTool extends StructuredTool<ToolSchemaBase, Arguments, Arguments, string | ToolMessage> {
  name: string;
  description: string;
  schema: Record<string, unknown>;

  constructor(
    private readonly registry: ToolgenRegistry,
    private readonly projection: Projection<OpenAiChatTool>,
    definition: OpenAiChatTool,
  ) {
    super();
    this.name = definition.function.name;
    this.description = definition.function.description;
    this.schema = definition.function.parameters;
    // Each tool's own strict flag (false for a schema strict mode cannot express): `bindTools`
    // of @langchain/openai sends a tool's `extras.providerToolDefinition`, where its own
    // `strict` option would set one flag for every tool.
    this.extras = { ...this.extras, providerToolDefinition: providerDefinition(definition) };
  }

  override call<TArg extends StructuredToolCallInput<ToolSchemaBase, Arguments>, TConfig extends ToolRunnableConfig | undefined>(arg: TArg, configArg?: TConfig, tags?: string[]): Promise<ToolReturnType<TArg, TConfig, string | ToolMessage>> {
    const schema = this.schema;
    this.schema = ANYTHING;
    try {
      return super.call(arg, configArg, tags);
    } finally {
      this.schema = schema;
    }
  }

  /**
   * The outcome's text. Called with a tool call (a `ToolNode`, `tool.invoke(toolCall)`), a
   * failure is a tool message of `status: "error"`, which LangGraph's routing reads; a
   * success becomes LangChain's own `status: "success"` message.
   */
  protected async _call(input: unknown, _runManager?: CallbackManagerForToolRun, config?: ToolRunnableConfig): Promise<string | ToolMessage> {
    // Errors name the tool as the model was offered it, the name it calls again with.
    const toolCallId = config?.toolCall?.id;
    const outcome = await dispatchModelCall(this.registry, this.projection, this.name, input, { ...(config?.signal && { signal: config.signal }), ...(typeof toolCallId === "string" && { callId: toolCallId }) });
    const text = outcomeText(outcome);
    return outcome.status === "error" && toolCallId ? new ToolMessage({ content: text, tool_call_id: toolCallId, name: this.name, status: "error" }) : text;
  }
}

/**
 * The definition `bindTools` hands on. For the Responses API (`useResponsesApi`, and models
 * such as gpt-5.6 and codex that @langchain/openai sends there itself) LangChain writes one
 * `strict` for every tool, `null` unless one is given, which OpenAI reads as its default,
 * strict; but it copies a tool's other top-level keys over that, so the tool's own flag is
 * also a top-level `strict`. Chat Completions has no such key: `toJSON` leaves it out of the
 * request while the object still has Chat Completions' shape (`function`), also in the copy
 * LangChain makes of it when `bindTools` is given a `strict`.
 */
function providerDefinition(definition: OpenAiChatTool): OpenAiChatTool {
  return { ...definition, strict: definition.function.strict, toJSON: withoutChatStrict } as OpenAiChatTool;
}

function withoutChatStrict(this: Record<string, unknown>): Record<string, unknown> {
  const { toJSON: _toJSON, ...sent } = this;
  if ("function" in sent) delete sent.strict;
  return sent;
}

/**
 * The registry's tools as LangChain `StructuredTool`s, for `model.bindTools(tools)` and
 * LangGraph's `ToolNode`. Every call goes through the registry: toolgen's validation (with its
 * lenient repairs and model-readable messages), timeouts, interceptors; every outcome — a
 * failure included — is the tool message's text, a failure's message marked `status: "error"`.
 * `@external` tools are left out: the application runs those itself. Filters (hosts, tags,
 * allow lists) are the registry's own. `{ strict: true }` writes the schemas for OpenAI's
 * strict mode, as `projectOpenAiChat` does, each with its own `strict` flag, which
 * `ChatOpenAI`'s `bindTools(tools)` sends, to Chat Completions and the Responses API alike (a
 * `strict` given to `bindTools` overrides them all on Chat Completions).
 */
export function langchainTools(registry: ToolgenRegistry, options: OpenAiOptions = {}): LangchainTool[] {
  const projection = projectOpenAiChat(registry.entries.filter((e) => !e.external), options);
  return projection.definitions.map((d) => new ToolgenTool(registry, projection, d));
}
