import type * as ts from "typescript";
import type { ManifestEntry } from "@toolgen/runtime";
import { ANTHROPIC_PROPERTY_NAME } from "@toolgen/runtime/providers";
import type { BuiltEntry } from "../manifest/build-entry.js";
import type { AnalysisState } from "../model/reader-context.js";
import { firstLevelConversions } from "../model/collect-conversions.js";
import { entryCost } from "./entry-cost.js";
import { findSimilarNames, nameWords } from "./similar-names.js";
import { LINT_RULES, PROVIDER_TOOL_LIMITS, type LintConfig, type LintRule } from "./lint-rules.js";
import { argumentNames } from "../manifest/argument-names.js";

type Report = (rule: LintRule, entry: ManifestEntry, site: ts.Node, message: string) => void;

/**
 * The lint rules over the analyzed entries (docs/contracts.md#lint): each finding a diagnostic
 * at the declaration it is about, at the level the config gives its rule.
 */
export function lintEntries(state: AnalysisState, entries: readonly BuiltEntry[], config: LintConfig): void {
  const report: Report = (rule, entry, site, message) => {
    const level = config.rules?.[rule] ?? "warn";
    if (level !== "off") state.diagnostics.reportLint(site, LINT_RULES[rule], rule, entry.name, message, level === "error" ? "error" : "warning");
  };
  const previous = new Map((config.previous ?? []).map((e) => [e.name, e]));
  for (const built of entries) {
    const { entry, declaration } = built;
    if (entry.kind === "tool") lintArgumentStyle(built, previous.get(entry.name), report);
    if (!entry.description) report("description-missing", entry, declaration.nameNode, `'${entry.name}' has no description; ${WHO_READS[entry.kind]}. Write one in its doc comment.`);
    if (entry.kind !== "resource") lintArguments(state, built, report);
    if (entry.kind === "tool") lintDestructive(built, report);
    if (entry.kind === "tool") lintArgumentNames(state, built, report);
  }
  lintDescriptions(entries, report);
  lintNames(entries, report);
  const tools = entries.filter((e) => e.entry.kind === "tool");
  lintToolCount(tools, config, report);
  lintTokens(tools, config, report);
}

/** Who reads an entry's description, for what. */
const WHO_READS: Record<ManifestEntry["kind"], string> = {
  tool: "the model reads it to decide when to call this tool",
  prompt: "a client shows it for the user to pick this prompt",
  resource: "the client and the model read it to decide when to read this resource",
};

/** Who fills an entry's arguments. */
const WHO_FILLS: Record<ManifestEntry["kind"], string> = { tool: "the model fills", prompt: "the user fills", resource: "the reader fills" };

/** Arguments the model fills without a description; an object parameter beside optional ones. */
function lintArguments(state: AnalysisState, built: BuiltEntry, report: Report): void {
  const { entry, declaration } = built;
  const properties = (entry.inputSchema as { properties?: Record<string, { description?: string }> }).properties ?? {};
  const renames = new Map(firstLevelConversions(entry).flatMap((c) => (c.op === "rename" && c.at === "" ? [[c.to, c.from] as const] : [])));
  const modelName = (name: string) => renames.get(name) ?? name;
  const parameters = declaration.signatureNode.parameters;
  if (entry.arguments.mode === "request") {
    const index = entry.arguments.parameters.findIndex((p) => p.kind === "request");
    const parameter = parameters[index];
    if (!parameter) return;
    const type = state.checker.getTypeAtLocation(parameter);
    for (const symbol of state.checker.getPropertiesOfType(type)) {
      const key = modelName(symbol.name);
      if (!Object.hasOwn(properties, key) || properties[key]!.description) continue;
      report("parameter-description-missing", entry, argumentSite(state, built, key), `'${key}' of '${entry.name}' has no description; ${WHO_FILLS[entry.kind]} it from its name alone. Describe it in its doc comment.`);
    }
    return;
  }
  const slots = entry.arguments.parameters;
  slots.forEach((slot) => {
    if (slot.kind !== "argument") return;
    const key = modelName(slot.name);
    if (Object.hasOwn(properties, key) && !properties[key]!.description) {
      report("parameter-description-missing", entry, argumentSite(state, built, key), `'${key}' of '${entry.name}' has no description; ${WHO_FILLS[entry.kind]} it from its name alone. Describe it with @param ${slot.name} <text>.`);
    }
  });
}

/**
 * Argument names Anthropic's Messages API refuses in `input_schema`. toolgen's own projection
 * sends such a name as another and maps it back; an MCP server cannot (its client calls by
 * the names listed), so a client that hands the tools to Claude fails every request.
 */
function lintArgumentNames(state: AnalysisState, built: BuiltEntry, report: Report): void {
  const { entry } = built;
  for (const name of Object.keys((entry.inputSchema as { properties?: object }).properties ?? {})) {
    if (ANTHROPIC_PROPERTY_NAME.test(name)) continue;
    report("argument-name-refused", entry, argumentSite(state, built, name), `the argument '${name}' of '${entry.name}' has a name Anthropic's Messages API refuses (${ANTHROPIC_PROPERTY_NAME.source}): an MCP client that hands the tools to Claude, or the AI SDK with an Anthropic model, sends it as it is, and every request fails. Name it for the model with @alias.`);
  }
}

/**
 * Where the argument the model names `name` is declared: its property in the request type (in
 * the user's code), or its parameter; else the function's name.
 */
function argumentSite(state: AnalysisState, { entry, declaration }: BuiltEntry, name: string): ts.Node {
  const tsName = firstLevelConversions(entry).flatMap((c) => (c.op === "rename" && c.at === "" && c.from === name ? [c.to] : []))[0] ?? name;
  const parameters = declaration.signatureNode.parameters;
  if (entry.arguments.mode === "request") {
    const parameter = parameters[entry.arguments.parameters.findIndex((p) => p.kind === "request")];
    const declared = parameter && state.checker.getTypeAtLocation(parameter).getProperty(tsName)?.valueDeclaration;
    return declared && !state.isExternalLibrary(declared.getSourceFile()) ? declared : (parameter ?? declaration.nameNode);
  }
  const index = entry.arguments.parameters.findIndex((slot) => slot.kind === "argument" && slot.name === tsName);
  return parameters[index] ?? declaration.nameNode;
}

/**
 * A tool whose arguments flipped since the last build: one parameter of an object type takes
 * that object's properties as arguments (`{ sku, quantity }`); a second parameter beside it makes
 * them one per parameter (`{ request, currency }`). Nothing in the TypeScript shows it.
 */
function lintArgumentStyle({ entry, declaration }: BuiltEntry, previous: ManifestEntry | undefined, report: Report): void {
  if (!previous || previous.kind !== entry.kind || !previous.arguments || previous.arguments.mode === entry.arguments.mode) return;
  const shape = (e: ManifestEntry) => `{ ${Object.keys((e.inputSchema as { properties?: object }).properties ?? {}).join(", ")} }`;
  // The same arguments either way (a request object rewritten as its properties' parameters): no caller sees it.
  if (argumentNames(previous) === argumentNames(entry)) return;
  const why = entry.arguments.mode === "positional" ? "a parameter beside the request object makes them one per parameter; to keep the old ones, move it into the request type" : "a single object parameter takes its properties as the arguments";
  report("argument-style-changed", entry, declaration.nameNode, `the arguments of '${entry.name}' were ${shape(previous)} in the last build and are ${shape(entry)} now: every caller that learned them breaks (${why}).`);
}

const DESTRUCTIVE_VERBS = new Set(["delete", "remove", "drop", "destroy", "purge", "erase", "wipe", "truncate"]);

/** A tool named like it deletes, without `@destructive`: hosts ask before such calls when the hint says so. */
function lintDestructive({ entry, declaration }: BuiltEntry, report: Report): void {
  const verb = nameWords(entry.name)[0];
  if (verb && DESTRUCTIVE_VERBS.has(verb) && entry.annotations?.destructiveHint === undefined) {
    report("destructive-hint-missing", entry, declaration.nameNode, `'${entry.name}' is named like it ${verb}s something, but says nothing about it: tag it @destructive (hosts ask before such calls), or @destructive false if it only undoes something harmless.`);
  }
}

function lintDescriptions(entries: readonly BuiltEntry[], report: Report): void {
  const seen = new Map<string, ManifestEntry>();
  for (const { entry, declaration } of entries) {
    const description = entry.description.trim().replace(/\s+/g, " ").toLowerCase();
    if (!description) continue;
    // Among entries of one kind: a model chooses among tools, a user or client among prompts, among resources.
    const key = `${entry.kind} ${description}`;
    const first = seen.get(key);
    const chooser = entry.kind === "tool" ? "the model" : "a user or client";
    if (first) report("duplicate-description", entry, declaration.nameNode, `'${entry.name}' has the same description as '${first.name}'; ${chooser} chooses between them by it. Say what sets each apart.`);
    else seen.set(key, entry);
  }
}

/** Among entries of one kind, as `duplicate-description`: a model calls tools, a user or client picks prompts and resources. */
function lintNames(entries: readonly BuiltEntry[], report: Report): void {
  for (const kind of ["tool", "prompt", "resource"]) {
    const ofKind = entries.filter(({ entry }) => entry.kind === kind);
    const mistake = kind === "tool" ? "a model may call one for the other" : "a user or client may pick one for the other";
    for (const [i, j] of findSimilarNames(ofKind.map(({ entry }) => entry.name))) {
      const { entry, declaration } = ofKind[i]!;
      report("similar-names", entry, declaration.nameNode, `'${entry.name}' is easily confused with '${ofKind[j]!.entry.name}'; ${mistake}. Name them apart.`);
    }
  }
}

function lintToolCount(tools: readonly BuiltEntry[], config: LintConfig, report: Report): void {
  const limits = (config.providers ?? []).flatMap((p) => (PROVIDER_TOOL_LIMITS[p] !== undefined ? [[p, PROVIDER_TOOL_LIMITS[p]] as const] : []));
  if (limits.length === 0) return;
  const [provider, limit] = limits.reduce((a, b) => (b[1] < a[1] ? b : a));
  const beyond = tools[limit];
  if (beyond) report("too-many-tools", beyond.entry, beyond.declaration.nameNode, `${tools.length} tools, and ${provider} takes at most ${limit} in one request; '${beyond.entry.name}' is the first beyond. Serve groups of them (toolgen serve --tag), or filter by host.`);
}

function lintTokens(tools: readonly BuiltEntry[], config: LintConfig, report: Report): void {
  if (config.maxTokens === undefined || tools.length === 0) return;
  const costs = tools.map((t) => ({ built: t, tokens: entryCost(t.entry).tokens })).sort((a, b) => b.tokens - a.tokens || (a.built.entry.name < b.built.entry.name ? -1 : 1));
  const total = costs.reduce((sum, c) => sum + c.tokens, 0);
  if (total <= config.maxTokens) return;
  const biggest = costs.slice(0, 3).map((c) => `${c.built.entry.name} ~${c.tokens}`).join(", ");
  report("token-budget", costs[0]!.built.entry, costs[0]!.built.declaration.nameNode, `the tool definitions take ~${total} tokens, over lint.maxTokens (${config.maxTokens}); the biggest: ${biggest}. Shorten descriptions, or serve fewer tools at once.`);
}
