import type { ManifestEntry } from "@toolgen/runtime";

/** A lint rule's level in the toolgen config: `"lint": { "<rule>": "off" | "warn" | "error" }`. */
export type LintLevel = "off" | "warn" | "error";

/**
 * The rules, each with its stable code. A finding is a diagnostic at the declaration it is
 * about, with its code and rule name; every rule warns unless the config says otherwise.
 */
export const LINT_RULES = {
  /** A tool, prompt or resource without description text: the model reads it to decide when to call. */
  "description-missing": "TG5001",
  /** An argument the model fills (a parameter, or a request object's property) without a description. */
  "parameter-description-missing": "TG5002",
  /** Two entries with the same description: the model cannot tell them apart by it. */
  "duplicate-description": "TG5003",
  /** Two entry names equal but for case and separators, or a typo apart. */
  "similar-names": "TG5004",
  /** A tool named like it deletes (`delete_*`, `remove_*`, `drop_*`…) without `@destructive`. */
  "destructive-hint-missing": "TG5005",
  /** More tools than a target provider takes (`lint.providers`). */
  "too-many-tools": "TG5006",
  /** The tool definitions' tokens above `lint.maxTokens`. */
  "token-budget": "TG5007",
  /** Since the last build, a tool's arguments flipped between a request object's properties and one per parameter. */
  "argument-style-changed": "TG5008",
  /** A tool argument named as Anthropic's Messages API refuses (`$top`, `filter[id]`): an MCP client handing the tools to Claude fails. */
  "argument-name-refused": "TG5009",
} as const;

export type LintRule = keyof typeof LINT_RULES;
export type LintCode = (typeof LINT_RULES)[LintRule];

/** The `lint` section of the toolgen config. */
export interface LintConfig {
  /** Levels by rule (default `warn` for each). */
  rules?: Partial<Record<LintRule, LintLevel>>;
  /** Providers the tools are sent to, for `too-many-tools`: `openai`, `openai-strict`, `gemini`, … */
  providers?: readonly string[];
  /** The most tokens the tool definitions may take together, for `token-budget`. */
  maxTokens?: number;
  /** The entries of the last build (the manifest on disk), for `argument-style-changed`. */
  previous?: readonly ManifestEntry[];
}

/** How many tools a provider takes in one request, where it documents a limit. */
export const PROVIDER_TOOL_LIMITS: Readonly<Record<string, number>> = {
  // "A maximum of 128 functions are supported." (OpenAI API reference, tools)
  openai: 128,
  "openai-strict": 128,
  "openai-responses": 128,
  "openai-responses-strict": 128,
};

export function isLintRule(name: string): name is LintRule {
  return Object.hasOwn(LINT_RULES, name);
}
