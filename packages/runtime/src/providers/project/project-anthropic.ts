import type { ManifestEntry } from "../../manifest/manifest-format.js";
import { NAME_RULES } from "../names/name-rules.js";
import { asNode, buildProjection, describeEntry, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";
import type { ProjectionIssue } from "../projection-issue.js";
import { pointerSegment } from "../../validation/validator-support.js";
import { inlineRefs } from "../schema/inline-refs.js";
import { withoutRootCombinators } from "../schema/root-combinators.js";

/**
 * A Messages API client tool: `name`, `description`, `input_schema` (a JSON Schema object
 * whose root is `type: "object"`).
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools
 */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: "object"; properties?: Record<string, unknown>; required?: string[]; [keyword: string]: unknown };
}

/** The property names the Messages API takes in `input_schema.properties`: one outside it refuses the whole request (400). */
export const ANTHROPIC_PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;

/**
 * Draft 2020-12 as it is, with acyclic `$ref`s inlined. An argument whose name the API
 * refuses (`filter[id]`, `$top`, a space, more than 64 characters) is sent under one it takes
 * (`filter_id_`), said as a warning, and its value is put back under its own name at call time.
 */
export function projectAnthropic(source: ProjectionSource, options: ProjectionOptions = {}): Projection<AnthropicTool> {
  // Per tool: the argument's own name → the name sent, and back.
  const offered = new Map<string, Map<string, string>>();
  const renamed = new Map<string, Map<string, string>>();
  const projection = buildProjection(
    "anthropic",
    source,
    NAME_RULES.anthropic,
    options,
    (entry, name, report) => {
      const input = withoutRootCombinators(inlineRefs(asNode(entry.inputSchema)).schema, "Anthropic", report) as AnthropicTool["input_schema"];
      const names = safeNames(Object.keys(input.properties ?? {}), report);
      if (names.size === 0) return { name, description: describeEntry(entry), input_schema: input };
      offered.set(entry.name, names);
      renamed.set(entry.name, new Map([...names].map(([own, sent]) => [sent, own])));
      const sent = (key: string) => names.get(key) ?? key;
      const properties = Object.fromEntries(Object.entries(input.properties!).map(([key, schema]) => [sent(key), schema]));
      return { name, description: describeEntry(entry), input_schema: { ...input, properties, ...(input.required ? { required: input.required.map(sent) } : {}) } };
    },
    (d) => d,
    (entry: ManifestEntry, args: unknown) => {
      const back = renamed.get(entry.name);
      if (!back || typeof args !== "object" || args === null || Array.isArray(args)) return args;
      return Object.fromEntries(Object.entries(args).map(([key, value]) => [back.get(key) ?? key, value]));
    },
  );
  return { ...projection, offeredArguments: (tool) => offered.get(tool) };
}

/** For each name the API refuses, one it takes: its other characters as `_`, cut to 64, and numbered where it would meet another. */
function safeNames(keys: readonly string[], report: (issue: Omit<ProjectionIssue, "tool">) => void): Map<string, string> {
  const taken = new Set(keys.filter((key) => ANTHROPIC_PROPERTY_NAME.test(key)));
  const names = new Map<string, string>();
  for (const key of keys) {
    if (taken.has(key)) continue;
    const base = (key.replace(/[^a-zA-Z0-9_.-]/g, "_") || "_").slice(0, 64);
    let safe = base;
    for (let n = 2; taken.has(safe); n++) safe = `${base.slice(0, 64 - String(n).length - 1)}_${n}`;
    taken.add(safe);
    names.set(key, safe);
    report({ severity: "warning", path: `/properties/${pointerSegment(key)}`, message: `the Messages API takes property names of ${ANTHROPIC_PROPERTY_NAME.source} only: sent as '${safe}', and mapped back (an @alias names it for every provider)` });
  }
  return names;
}
