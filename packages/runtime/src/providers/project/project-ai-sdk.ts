import type { Content } from "../../content/content.js";
import type { PlatformSignal } from "../../context/platform-signal.js";
import { contentText } from "../../content/read-content.js";
import type { ManifestEntry } from "../../manifest/manifest-format.js";
import type { Outcome } from "../../outcome/outcome.js";
import type { ArgumentIssue } from "../../pipeline/validate-arguments.js";
import type { Registry } from "../../registry/create-registry.js";
import { restoreGeminiArguments } from "../call/restore-gemini-arguments.js";
import { NAME_RULES } from "../names/name-rules.js";
import { withoutRootCombinators } from "../schema/root-combinators.js";
import { reportLongDescription } from "./project-openai.js";
import type { ProjectionIssue } from "../projection-issue.js";
import { pointerSegment } from "../../validation/validator-support.js";
import { toGeminiJsonSchema } from "../schema/to-gemini-json-schema.js";
import { ANTHROPIC_PROPERTY_NAME } from "./project-anthropic.js";
import { geminiParameters } from "./project-gemini.js";
import { outcomeText } from "../results.js";
import { asNode, buildProjection, describeEntry, namedAsOffered, unmapped, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";

/**
 * The AI SDK marks its schema objects with this global symbol (`jsonSchema()` in
 * `@ai-sdk/provider-utils`); producing the same shape here keeps `ai` out of the runtime's
 * dependencies while `generateText({ tools })` accepts the objects as its own.
 * https://ai-sdk.dev/docs/reference/ai-sdk-core/json-schema
 */
const AI_SDK_SCHEMA = Symbol.for("vercel.ai.schema");

export interface AiSdkSchema {
  readonly [AI_SDK_SCHEMA]: true;
  readonly _type: undefined;
  readonly jsonSchema: Record<string, unknown>;
  /** Left undefined: the registry validates (leniently, with messages written for the model). */
  readonly validate: undefined;
}

/** The object `tool({ description, inputSchema, execute })` returns (https://ai-sdk.dev/docs/reference/ai-sdk-core/tool). */
export interface AiSdkTool {
  description: string;
  title?: string;
  inputSchema: AiSdkSchema;
  /** Absent for `@external` tools: the application executes those itself. */
  execute?: (input: unknown, options: AiSdkExecuteOptions) => Promise<unknown>;
  /** For tools that return content blocks: the blocks as the model receives them (images as images). */
  toModelOutput?: (options: { output: unknown; toolCallId?: string }) => AiSdkToolOutput;
  /** With `approveDestructive`, on `@destructive` tools: the AI SDK asks the application before running one. */
  needsApproval?: true;
}

export interface AiSdkOptions extends ProjectionOptions {
  /** Have the AI SDK ask for approval (`needsApproval`, ai 6 and later) before a `@destructive` tool runs. */
  approveDestructive?: boolean;
  /**
   * The `ai` major the tools serve: content goes back as `file` parts to 7, as `image-data` and
   * `file-data` to 6. Default: 7 once an `execute` is called as `ai` 7 calls it (with
   * `context`), 6 before (`toModelOutput` of a history sent again, before any call).
   */
  aiMajor?: 6 | 7;
  /**
   * Schemas Gemini takes, for tools handed to Gemini models: numeric and boolean literals as
   * strings, tuples as arrays of their member types, maps as `{ key, value }` pairs (each
   * turned back before validation), as `projectGemini` writes them but in JSON Schema. The AI
   * SDK's Google provider 3 (for `ai` 6) and Mastra send a schema through a conversion that
   * makes a numeric `enum` or a tuple something Gemini refuses, failing the whole request. A
   * tool Gemini cannot take at all (a recursive type) is left out, with an error in `issues`.
   */
  gemini?: boolean;
}

/**
 * What `toModelOutput` returns: the AI SDK's content parts (https://ai-sdk.dev/docs/reference/ai-sdk-core/tool).
 * Binary parts are `file` parts for `ai` 7 and `image-data`/`file-data` for `ai` 6 (which 7
 * still reads, with a deprecation warning per result).
 */
export interface AiSdkToolOutput {
  type: "content";
  value: Array<{ type: "text"; text: string } | { type: "image-data" | "file-data"; data: string; mediaType: string } | { type: "file"; data: { type: "data"; data: string }; mediaType: string }>;
}

/** What the AI SDK passes `execute`: `ai` 7 names the call's context `context`, `ai` 6 `experimental_context`. */
export interface AiSdkExecuteOptions {
  abortSignal?: PlatformSignal;
  toolCallId?: string;
  context?: unknown;
  experimental_context?: unknown;
}

export interface AiSdkDefinition {
  name: string;
  tool: AiSdkTool;
}

export function aiSdkSchema(schema: Record<string, unknown>): AiSdkSchema {
  return { [AI_SDK_SCHEMA]: true, _type: undefined, jsonSchema: schema, validate: undefined };
}

/** The tools as plain definitions (what `toolgen list --provider ai-sdk` prints). */
export function projectAiSdk(source: ProjectionSource, options: ProjectionOptions = {}): Projection<AiSdkDefinition, Record<string, AiSdkTool>> {
  return buildProjection("ai-sdk", source, NAME_RULES["ai-sdk"], options, (entry, name, report) => (reportAnthropicNames(entry, report), { name, tool: defineTool(entry, forEveryProvider(entry, report)) }), toRecord);
}

/**
 * Tools ready for `generateText({ tools })`: every non-external tool executes through the
 * registry (with `approveDestructive`, a `@destructive` one only once the application approves). A failed call throws with the outcome's text (a `ToolError`'s payload included, as
 * every other projection sends it), which the AI SDK hands back to the model as a tool error;
 * a successful one returns the structured result or the text —
 * or, for a tool that returns content blocks, the blocks, which `toModelOutput` hands to the
 * model as parts (an image as an image).
 *
 * The AI SDK brands its schema type with a symbol only it can name, so no type written here
 * is assignable to its `ToolSet`; name the type you want instead:
 * `const { tools } = aiSdkTools<ToolSet>(registry)`.
 */
export function aiSdkTools<Tools extends Record<string, object> = Record<string, AiSdkTool>>(registry: Pick<Registry, "entries" | "dispatch">, options: AiSdkOptions = {}): Projection<AiSdkDefinition, Tools> {
  let major = options.aiMajor;
  // A Gemini model's call, made against the rewritten schema, turned back into ours.
  const restore = (entry: ManifestEntry, input: unknown, issues: ArgumentIssue[]) => (options.gemini ? restoreGeminiArguments(entry.inputSchema, input, issues) : input);
  return buildProjection<AiSdkDefinition, Tools>(
    "ai-sdk",
    registry,
    NAME_RULES["ai-sdk"],
    options,
    (entry, name, report) => {
      if (!options.gemini) reportAnthropicNames(entry, report);
      const tool = options.gemini ? defineGeminiTool(entry, report) : defineTool(entry, forEveryProvider(entry, report));
      if (!tool) return undefined;
      if (options.approveDestructive && entry.annotations?.destructiveHint === true) tool.needsApproval = true;
      if (!entry.external) {
        tool.execute = async (input, given) => {
          // `toModelOutput` is not told which `ai` asks; `execute` is, by what it is given.
          if ("context" in given && !("experimental_context" in given)) major ??= 7;
          const issues: ArgumentIssue[] = [];
          const args = restore(entry, input, issues);
          const { abortSignal: signal, toolCallId: callId } = given;
          const callOptions = { ...(signal && { signal }), ...(typeof callId === "string" && { callId }) };
          return answer(entry, issues.length > 0 ? unmapped(name, issues) : namedAsOffered(await registry.dispatch(entry.name, args, callOptions), entry.name, name));
        };
      }
      if (entry.content) tool.toModelOutput = (given) => ({ type: "content", value: contentParts(outputOf(given), major === 7) });
      return { name, tool };
    },
    (definitions) => toRecord(definitions) as Tools,
    restore,
  );
}

/**
 * An argument name Anthropic's Messages API refuses (`filter[id]`, `$top`, a space), said: the
 * AI SDK sends names as they are, so with an Anthropic model every request would fail.
 * `projectAnthropic` sends such a name as another and maps it back; an `@alias` renames it for all.
 */
function reportAnthropicNames(entry: ManifestEntry, report: (issue: Omit<ProjectionIssue, "tool">) => void): void {
  const properties = asNode(entry.inputSchema).properties;
  for (const key of Object.keys(typeof properties === "object" && properties !== null ? properties : {})) {
    if (ANTHROPIC_PROPERTY_NAME.test(key)) continue;
    report({ severity: "warning", path: `/properties/${pointerSegment(key)}`, message: `Anthropic's Messages API takes property names of ${ANTHROPIC_PROPERTY_NAME.source} only, and the AI SDK sends this one as it is: with an Anthropic model every request would fail (an @alias names it for every provider)` });
  }
}

/** The parameters as every provider the AI SDK talks to takes them: none of OpenAI and Anthropic takes a combinator at their root (and OpenAI no long description). */
function forEveryProvider(entry: ManifestEntry, report: (issue: Omit<ProjectionIssue, "tool">) => void) {
  reportLongDescription(describeEntry(entry), report, "with an OpenAI model, ");
  return withoutRootCombinators(asNode(entry.inputSchema), "OpenAI and Anthropic", report);
}

function defineTool(entry: ManifestEntry, schema = asNode(entry.inputSchema)): AiSdkTool {
  return { description: describeEntry(entry), ...(entry.title ? { title: entry.title } : {}), inputSchema: aiSdkSchema(schema) };
}

function defineGeminiTool(entry: ManifestEntry, report: (issue: Omit<ProjectionIssue, "tool">) => void): AiSdkTool | undefined {
  const result = geminiParameters(entry, report, toGeminiJsonSchema);
  // A tool without parameters: an object without properties, which the conversion sends as no parameters.
  return result && defineTool(entry, result.schema ?? { type: "object", properties: {} });
}

/** What `execute` gives the AI SDK for an outcome: the result, or a throw it hands to the model. */
function answer(entry: ManifestEntry, outcome: Outcome): unknown {
  switch (outcome.status) {
    case "ok":
      return outcome.content ?? outcome.structured ?? outcome.text;
    case "error":
      throw new CallFailure(outcomeText(outcome));
    case "ended":
      return outcome.value ?? "The task is complete.";
    case "suspended":
      throw new Error(`'${entry.name}' is executed by the host application, not by toolgen.`);
  }
}

/** A failed call: the AI SDK hands the model its text (`ai` 7 its `toString()`, which for an `Error` starts "Error: "). */
class CallFailure extends Error {
  override toString(): string {
    return this.message;
  }
}

/**
 * The tool's output as `toModelOutput` is given it: the AI SDK passes `{ toolCallId, input,
 * output }`, and Mastra, on some of its paths, the output itself.
 */
function outputOf(given: unknown): unknown {
  const options = given as { toolCallId?: unknown; output?: unknown } | undefined;
  return typeof options === "object" && options !== null && !Array.isArray(options) && "toolCallId" in options ? options.output : given;
}

/**
 * Content blocks as the AI SDK's parts: images as images, audio and binary resources as files,
 * the rest as text (an ended task's value too). Binary parts as `ai` 7's `file` parts, or `ai` 6's.
 */
function contentParts(output: unknown, fileParts: boolean): AiSdkToolOutput["value"] {
  if (!Array.isArray(output)) return [{ type: "text", text: typeof output === "string" ? output : (JSON.stringify(output) ?? "") }];
  const binary = (kind: "image-data" | "file-data", data: string, mediaType: string): AiSdkToolOutput["value"][number] =>
    fileParts ? { type: "file", data: { type: "data", data }, mediaType } : { type: kind, data, mediaType };
  return (output as readonly Content[]).map((block) => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text };
      case "image":
        return binary("image-data", block.data, block.mimeType);
      case "audio":
        return binary("file-data", block.data, block.mimeType);
      case "resource":
        return "blob" in block.resource ? binary("file-data", block.resource.blob, block.resource.mimeType ?? "application/octet-stream") : { type: "text", text: block.resource.text };
      default:
        return { type: "text", text: contentText([block]) };
    }
  });
}

function toRecord(definitions: AiSdkDefinition[]): Record<string, AiSdkTool> {
  return Object.fromEntries(definitions.map((d) => [d.name, d.tool]));
}
