/**
 * Provider projections: a registry's tools as each LLM provider's API wants them, and the
 * model's calls mapped back to ours. `@toolgen/runtime/providers`.
 */
export { removeSyntheticNulls } from "./call/remove-synthetic-nulls.js";
export { restoreGeminiArguments } from "./call/restore-gemini-arguments.js";
export { checkProviderNames } from "./names/check-provider-names.js";
export { createNameMap, NameCollisionError, type NameMap } from "./names/name-map.js";
export { NAME_RULES, type NameRule, type NameRuleId } from "./names/name-rules.js";
export { sanitizeName } from "./names/sanitize-name.js";
export { aiSdkSchema, aiSdkTools, projectAiSdk, type AiSdkDefinition, type AiSdkOptions, type AiSdkSchema, type AiSdkTool, type AiSdkToolOutput } from "./project/project-ai-sdk.js";
export { ANTHROPIC_PROPERTY_NAME, projectAnthropic, type AnthropicTool } from "./project/project-anthropic.js";
export { projectGemini, type GeminiFunctionDeclaration, type GeminiTools } from "./project/project-gemini.js";
export { defineMcpTool, hasWrappedOutput, projectMcp, type McpTool, type McpToolOptions } from "./project/project-mcp.js";
export { projectOpenAiChat, projectOpenAiResponses, type OpenAiChatTool, type OpenAiOptions, type OpenAiResponsesTool } from "./project/project-openai.js";
export { isProviderId, projectTools, PROVIDERS, type ProviderId } from "./project-tools.js";
export { describeEntry, dispatchModelCall, namedAsOffered, type MappedCall, type Projection, type ProjectionOptions, type ProjectionSource } from "./projection.js";
export type { ProjectionIssue } from "./projection-issue.js";
export { inlineRefs } from "./schema/inline-refs.js";
export { isNode, mapSubschemas, type SchemaNode } from "./schema/schema-node.js";
export { strictKeywordsOnly } from "./schema/strict-keywords-only.js";
export { toGeminiSchema } from "./schema/to-gemini-schema.js";
export { toStrictSchema } from "./schema/to-strict-schema.js";
export { wrapOutputSchema } from "./schema/wrap-output-schema.js";
export { checkConformance } from "./conformance/check-conformance.js";
export type { ConformanceIssue } from "./conformance/conformance-issue.js";
export { outcomeText, toAnthropicToolResult, toGeminiFunctionResponse, toOpenAiChatToolMessage, toOpenAiResponsesOutput, type AnthropicResultBlock, type OpenAiResponsesOutputItem } from "./results.js";
