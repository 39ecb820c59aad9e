/**
 * What each provider accepts as a tool name, and how much of it toolgen uses. Each rule is
 * written from the provider's documentation:
 *
 * - OpenAI (Chat Completions `tools[].function.name`, Responses `tools[].name`): "Must be
 *   a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64."
 *   https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 * - Anthropic Messages `tools[].name`: must match `^[a-zA-Z0-9_-]{1,64}$`.
 *   https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 * - Google Gemini `FunctionDeclaration.name`: "Must start with a letter or an underscore.
 *   Must be a-z, A-Z, 0-9, or contain underscores, dots and dashes, with a maximum length
 *   of 64." https://ai.google.dev/api/caching#FunctionDeclaration (dots are left out here:
 *   the generativelanguage and Vertex references disagree on them).
 * - MCP `Tool.name` (spec 2025-11-25, SEP-986): 1 to 128 characters of `A-Za-z0-9_-.`,
 *   case-sensitive. https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names
 * - Vercel AI SDK: names are the keys of the `tools` record and go unchanged to whichever
 *   provider the application uses, so the rule is the intersection of the three above.
 * - OpenAI Agents SDK (`@openai/agents-core` `toFunctionToolName`): OpenAI's rule, and the
 *   SDK itself rewrites every character but a letter or a digit as `_`, so `get-order` and
 *   `get_order` would reach the model as one tool; toolgen writes the names the SDK keeps.
 *
 * `budget` is shorter than the provider's maximum where clients add a namespace prefix:
 * MCP clients commonly expose a server's tools as `mcp__<server>__<tool>` to a model whose
 * own limit is 64, so MCP names are kept to 48 characters.
 */
export interface NameRule {
  /** Characters allowed anywhere in the name. */
  allowed: RegExp;
  /** Characters allowed as the first character. */
  start: RegExp;
  /** The provider's hard limit. */
  maxLength: number;
  /** How long toolgen lets a name become (room for a client's namespace prefix). */
  budget: number;
  /** The whole-name check a conformance test applies. */
  pattern: RegExp;
}

const OPENAI: NameRule = { allowed: /[a-zA-Z0-9_-]/, start: /[a-zA-Z0-9]/, maxLength: 64, budget: 64, pattern: /^[a-zA-Z0-9_-]{1,64}$/ };

export const NAME_RULES = {
  openai: OPENAI,
  anthropic: OPENAI,
  gemini: { allowed: /[a-zA-Z0-9_-]/, start: /[a-zA-Z_]/, maxLength: 64, budget: 64, pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/ },
  mcp: { allowed: /[A-Za-z0-9._-]/, start: /[A-Za-z0-9]/, maxLength: 128, budget: 48, pattern: /^[A-Za-z0-9._-]{1,128}$/ },
  "ai-sdk": { allowed: /[a-zA-Z0-9_-]/, start: /[a-zA-Z]/, maxLength: 64, budget: 64, pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/ },
  "openai-agents": { allowed: /[a-zA-Z0-9_]/, start: /[a-zA-Z0-9]/, maxLength: 64, budget: 64, pattern: /^[a-zA-Z0-9_]{1,64}$/ },
} satisfies Record<string, NameRule>;

export type NameRuleId = keyof typeof NAME_RULES;
