import type { JsonSchema, ManifestEntry } from "../manifest/manifest-format.js";
import type { CallOptions, Registry } from "../registry/create-registry.js";
import { errorOutcome, type Outcome } from "../outcome/outcome.js";
import { describeValue, formatIssues, type ArgumentIssue } from "../pipeline/validate-arguments.js";
import { closestNames, quoteName } from "../registry/closest-names.js";
import { createNameMap, type NameMap } from "./names/name-map.js";
import type { NameRule } from "./names/name-rules.js";
import type { ProjectionIssue } from "./projection-issue.js";

/** What a projection reads: a registry, or a selection of manifest entries. */
export type ProjectionSource = Pick<Registry, "entries"> | readonly ManifestEntry[];

/** A model's call, mapped back to ours: our tool name and arguments ready for validation. */
export interface MappedCall {
  name: string;
  arguments: unknown;
  /** What could not be mapped back (a Gemini `{ key, value }` list naming a key twice), in the terms the model was given. */
  issues?: ArgumentIssue[];
}

export interface ProjectionOptions {
  /** Shorter names than the provider's default budget (room for your own prefixes); at least 16. */
  nameBudget?: number;
  /**
   * The name rule of whatever hands the tools to the model, where it is narrower than the
   * provider's own (the OpenAI Agents SDK's, `NAME_RULES["openai-agents"]`).
   */
  nameRule?: NameRule;
}

/** One provider's view of the tools, and the way back from the model's calls. */
export interface Projection<Definition, Tools = Definition[]> {
  provider: string;
  /** One definition per projected tool, in registry order. */
  definitions: Definition[];
  /** Exactly what goes into the request's `tools` field. */
  tools: Tools;
  /** What had to change; tools with an `error` are left out. */
  issues: ProjectionIssue[];
  names: NameMap;
  /**
   * The model's call (its tool name and its arguments — an object, or the JSON string
   * OpenAI sends) mapped back to our name and arguments, before validation. An unknown
   * name is passed through, so the registry answers with `unknown_tool` and suggestions.
   */
  toCall(providerName: string, args: unknown): MappedCall;
  /** Whether the model was offered a tool by this name (the projection's `tools`). */
  offers(providerName: string): boolean;
  /** A tool's arguments offered under other names than ours (our name → the offered one), where the provider refuses ours. */
  offeredArguments?(tool: string): ReadonlyMap<string, string> | undefined;
}

/** Per-tool work of one provider: the definition, or nothing when an error was reported. */
export type DefineTool<Definition> = (entry: ManifestEntry, name: string, report: (issue: Omit<ProjectionIssue, "tool">) => void) => Definition | undefined;

export function toolEntries(source: ProjectionSource): ManifestEntry[] {
  const entries = Array.isArray(source) ? (source as readonly ManifestEntry[]) : (source as Pick<Registry, "entries">).entries;
  return entries.filter((e) => e.kind === "tool");
}

/** The shared skeleton: names, per-tool definitions, issues, and the inverse mapping. */
export function buildProjection<Definition, Tools>(
  provider: string,
  source: ProjectionSource,
  rule: NameRule,
  options: ProjectionOptions,
  define: DefineTool<Definition>,
  wrap: (definitions: Definition[]) => Tools,
  mapArguments: (entry: ManifestEntry, args: unknown, issues: ArgumentIssue[]) => unknown = (_entry, args) => args,
): Projection<Definition, Tools> {
  const entries = toolEntries(source);
  rule = options.nameRule ?? rule;
  // At least 16: room for a few characters of the name beside the 7 of a hash suffix.
  const budget = Math.max(16, Math.min(rule.budget, options.nameBudget ?? rule.budget));
  const names = createNameMap(
    entries.map((e) => e.name),
    { ...rule, budget },
  );
  const issues: ProjectionIssue[] = [];
  const definitions: Definition[] = [];
  const byProviderName = new Map<string, ManifestEntry>();
  for (const entry of entries) {
    const name = names.toProvider(entry.name);
    const before = issues.length;
    const definition = define(entry, name, (issue) => issues.push({ ...issue, tool: entry.name }));
    if (definition === undefined || issues.slice(before).some((i) => i.severity === "error")) continue;
    definitions.push(definition);
    byProviderName.set(name, entry);
  }
  return {
    provider,
    definitions,
    tools: wrap(definitions),
    issues,
    names,
    toCall(providerName, args) {
      const entry = byProviderName.get(providerName);
      const parsed = parseArguments(args);
      if (!entry) return { name: names.fromProvider(providerName) ?? providerName, arguments: parsed };
      const issues: ArgumentIssue[] = [];
      const mapped = mapArguments(entry, parsed, issues);
      return { name: entry.name, arguments: mapped, ...(issues.length > 0 ? { issues } : {}) };
    },
    offers: (providerName) => byProviderName.has(providerName),
  };
}

/** OpenAI sends arguments as a JSON string (empty for a call without any); anything unparsable is left for validation to report. */
function parseArguments(args: unknown): unknown {
  if (typeof args !== "string") return args;
  if (args.trim() === "") return {};
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

/**
 * Maps a model's call back and dispatches it: the whole way from a provider to an outcome. Only
 * the tools the projection offered can be called — the request's allowlist — so a model naming
 * another tool of the registry (hallucinated, or injected) gets `unknown_tool` with the offered
 * names closest to it, and nothing runs.
 */
export async function dispatchModelCall(registry: Pick<Registry, "dispatch">, projection: Pick<Projection<unknown, unknown>, "toCall" | "offers" | "names" | "offeredArguments">, providerName: string, args: unknown, options?: CallOptions): Promise<Outcome> {
  if (!projection.offers(providerName)) {
    const offered = projection.names.pairs.map(([, name]) => name).filter((name) => projection.offers(name));
    const suggestions = closestNames(providerName, offered);
    const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(", ")}?` : "";
    return errorOutcome("unknown_tool", `There is no tool named ${quoteName(providerName)} among the tools offered.${hint}`, { suggestions });
  }
  const call = projection.toCall(providerName, args);
  if (typeof args === "string" && call.arguments === args) {
    // Arguments that do not parse (a model's cut-off JSON) come back as sent: said so, rather than "expected an object, received the string …".
    return unmapped(providerName, [{ path: "", expected: "the arguments as a JSON object", received: `text that is not JSON (${describeValue(args)})` }]);
  }
  if (call.issues) return unmapped(providerName, call.issues);
  return argumentsAsOffered(namedAsOffered(await registry.dispatch(call.name, call.arguments, options), call.name, providerName), projection.offeredArguments?.(call.name));
}

/** Invalid arguments said by the names the model was offered (`/filter_id_`), not ours (`/filter[id]`). */
function argumentsAsOffered(outcome: Outcome, names: ReadonlyMap<string, string> | undefined): Outcome {
  const issues = outcome.status === "error" && outcome.error.code === "invalid_arguments" ? (outcome.error.payload as { issues?: ArgumentIssue[] } | undefined)?.issues : undefined;
  if (!names || !issues || outcome.status !== "error") return outcome;
  let { message } = outcome.error;
  const offered = issues.map((issue) => {
    const [, first, ...rest] = issue.path.split("/");
    const name = first === undefined ? undefined : names.get(first.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (name === undefined) return issue;
    const path = ["", name.replace(/~/g, "~0").replace(/\//g, "~1"), ...rest].join("/");
    message = message.replace(`- ${issue.path}: `, `- ${path}: `);
    return { ...issue, path };
  });
  return { ...outcome, error: { ...outcome.error, message, payload: { ...(outcome.error.payload as object), issues: offered } } } as Outcome;
}

/** Codes whose message the runtime writes (a tool's own error message is left as it is). */
const RUNTIME_MESSAGES = new Set(["invalid_arguments", "forbidden", "timeout", "aborted", "internal", "execution_error"]);

/**
 * An outcome whose message names the tool (`Invalid arguments for 'my.tool'`, `The call to
 * 'my.tool' was aborted.`) names it as the model was offered it (`my_tool`), which is the name
 * the model has to call again with.
 */
export function namedAsOffered(outcome: Outcome, name: string, offered: string): Outcome {
  if (outcome.status !== "error" || name === offered || !RUNTIME_MESSAGES.has(outcome.error.code)) return outcome;
  const { message } = outcome.error;
  return { ...outcome, error: { ...outcome.error, message: message.split(`'${name}'`).join(`'${offered}'`) } };
}

/** Arguments that could not be mapped back: `invalid_arguments`, as validation would answer, and nothing runs. */
export function unmapped(name: string, issues: ArgumentIssue[]): Outcome {
  return errorOutcome("invalid_arguments", formatIssues(name, { issues }), { issues });
}

/** The description a model reads: the entry's, plus its deprecation. */
export function describeEntry(entry: ManifestEntry): string {
  if (!entry.deprecated) return entry.description;
  const note = typeof entry.deprecated === "string" ? `Deprecated: ${entry.deprecated}` : "Deprecated.";
  return entry.description ? `${entry.description}\n\n${note}` : note;
}

export function asNode(schema: JsonSchema): { [keyword: string]: unknown } {
  return typeof schema === "object" ? schema : {};
}
