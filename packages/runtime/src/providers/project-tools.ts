import { projectAiSdk } from "./project/project-ai-sdk.js";
import { projectAnthropic } from "./project/project-anthropic.js";
import { projectGemini } from "./project/project-gemini.js";
import { projectMcp } from "./project/project-mcp.js";
import { projectOpenAiChat, projectOpenAiResponses } from "./project/project-openai.js";
import type { Projection, ProjectionOptions, ProjectionSource } from "./projection.js";

/**
 * Every provider toolgen projects to, by the id `toolgen list --provider` takes. `openai`
 * is Chat Completions; the Responses API has its own ids.
 */
export const PROVIDERS = ["openai", "openai-strict", "openai-responses", "openai-responses-strict", "anthropic", "gemini", "mcp", "ai-sdk"] as const;
export type ProviderId = (typeof PROVIDERS)[number];

const PROJECT = {
  openai: (s, o) => projectOpenAiChat(s, o),
  "openai-strict": (s, o) => projectOpenAiChat(s, { ...o, strict: true }),
  "openai-responses": (s, o) => projectOpenAiResponses(s, o),
  "openai-responses-strict": (s, o) => projectOpenAiResponses(s, { ...o, strict: true }),
  anthropic: (s, o) => projectAnthropic(s, o),
  gemini: (s, o) => projectGemini(s, o),
  // What `toolgen serve` offers: it does not list external tools (docs/mcp.md).
  mcp: (s, o) => projectMcp(s, { ...o, includeExternal: false }),
  "ai-sdk": (s, o) => projectAiSdk(s, o),
} satisfies Record<ProviderId, (source: ProjectionSource, options: ProjectionOptions) => Projection<unknown, unknown>>;

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDERS as readonly string[]).includes(value);
}

/** The projection for a provider named at run time (the CLI's `--provider`). */
export function projectTools(provider: ProviderId, source: ProjectionSource, options: ProjectionOptions = {}): Projection<unknown, unknown> {
  // The id often comes from configuration, past the type checker.
  if (!isProviderId(String(provider))) throw new TypeError(`projectTools: the provider must be one of ${PROVIDERS.join(", ")}; got ${typeof provider === "string" ? `'${provider.slice(0, 80)}'` : typeof provider}.`);
  return PROJECT[provider](source, options);
}
