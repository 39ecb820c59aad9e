import type { ManifestEntry } from "../../manifest/manifest-format.js";
import { removeSyntheticNulls } from "../call/remove-synthetic-nulls.js";
import { NAME_RULES } from "../names/name-rules.js";
import { asNode, buildProjection, describeEntry, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";
import type { ProjectionIssue } from "../projection-issue.js";
import { toStrictSchema } from "../schema/to-strict-schema.js";
import { OPENAI_MAX_DESCRIPTION, OPENAI_MAX_TOOLS } from "../conformance/check-conformance.js";
import { withoutRootCombinators } from "../schema/root-combinators.js";

/** A Chat Completions tool: https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools */
export interface OpenAiChatTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}

/** A Responses API function tool: https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools */
export interface OpenAiResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** The Responses API defaults `strict` to true, so it is always written out. */
  strict: boolean;
}

export interface OpenAiOptions extends ProjectionOptions {
  /** Structured Outputs for function calling; a tool whose schema cannot be strict is sent with `strict: false` and a warning. */
  strict?: boolean;
}

interface OpenAiFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

function defineFunction(entry: ManifestEntry, name: string, strict: boolean, report: (issue: Omit<ProjectionIssue, "tool">) => void): OpenAiFunction {
  const input = withoutRootCombinators(asNode(entry.inputSchema), "OpenAI", report);
  const description = describeEntry(entry);
  reportLongDescription(description, report);
  if (!strict) return { name, description, parameters: input, strict: false };
  const result = toStrictSchema(input);
  if (result.blockers.length > 0) {
    for (const b of result.blockers) report({ severity: "warning", path: b.path, message: `${b.message}; sent with strict: false` });
    return { name, description, parameters: input, strict: false };
  }
  for (const d of result.dropped) report({ severity: "warning", path: d.path, message: d.message });
  return { name, description, parameters: result.schema, strict: true };
}

/** A description OpenAI has refused the whole request for: said as a warning (`forWhom` where the model may be another's). */
export function reportLongDescription(description: string, report: (issue: Omit<ProjectionIssue, "tool">) => void, forWhom = ""): void {
  if (description.length <= OPENAI_MAX_DESCRIPTION) return;
  report({ severity: "warning", path: "", message: `its description is ${description.length} characters, and OpenAI has refused a request with a function description over ${OPENAI_MAX_DESCRIPTION} (400 string_above_max_length): ${forWhom}shorten it` });
}

function mapArguments(strict: boolean) {
  return (entry: ManifestEntry, args: unknown) => (strict ? removeSyntheticNulls(entry.inputSchema, args) : args);
}

/** OpenAI refuses a request of more functions than it takes: said on the list (`tool` empty), which is still given whole. */
function withinToolLimit<P extends Projection<unknown>>(projection: P): P {
  const count = projection.definitions.length;
  if (count > OPENAI_MAX_TOOLS) {
    projection.issues.push({ severity: "warning", tool: "", path: "", message: `OpenAI takes at most ${OPENAI_MAX_TOOLS} functions in a request, and ${count} are projected: offer fewer (the registry's tags or allow list), or split them between agents` });
  }
  return projection;
}

export function projectOpenAiChat(source: ProjectionSource, options: OpenAiOptions = {}): Projection<OpenAiChatTool> {
  const strict = options.strict ?? false;
  return withinToolLimit(buildProjection(
    strict ? "openai-strict" : "openai",
    source,
    NAME_RULES.openai,
    options,
    (entry, name, report) => ({ type: "function", function: defineFunction(entry, name, strict, report) }),
    (d) => d,
    mapArguments(strict),
  ));
}

export function projectOpenAiResponses(source: ProjectionSource, options: OpenAiOptions = {}): Projection<OpenAiResponsesTool> {
  const strict = options.strict ?? false;
  return withinToolLimit(buildProjection(
    strict ? "openai-responses-strict" : "openai-responses",
    source,
    NAME_RULES.openai,
    options,
    (entry, name, report) => ({ type: "function", ...defineFunction(entry, name, strict, report) }),
    (d) => d,
    mapArguments(strict),
  ));
}
