import { withoutRootCombinators } from "../schema/root-combinators.js";
import { restoreGeminiArguments } from "../call/restore-gemini-arguments.js";
import { NAME_RULES } from "../names/name-rules.js";
import { asNode, buildProjection, describeEntry, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";
import type { ManifestEntry } from "../../manifest/manifest-format.js";
import type { ProjectionIssue } from "../projection-issue.js";
import type { SchemaNode } from "../schema/schema-node.js";
import { toGeminiSchema, type GeminiResult } from "../schema/to-gemini-schema.js";

/** https://ai.google.dev/api/caching#FunctionDeclaration */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Left out for a function without parameters, as the reference says. */
  parameters?: Record<string, unknown>;
}

/** The request's `tools` value: `[{ functionDeclarations: [...] }]` (https://ai.google.dev/api/caching#Tool). */
export type GeminiTools = Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;

export function projectGemini(source: ProjectionSource, options: ProjectionOptions = {}): Projection<GeminiFunctionDeclaration, GeminiTools> {
  return buildProjection(
    "gemini",
    source,
    NAME_RULES.gemini,
    options,
    (entry, name, report) => {
      const result = geminiParameters(entry, report);
      return result && { name, description: describeEntry(entry), ...(result.schema ? { parameters: result.schema } : {}) };
    },
    (definitions) => (definitions.length > 0 ? [{ functionDeclarations: definitions }] : []),
    (entry, args, issues) => restoreGeminiArguments(entry.inputSchema, args, issues),
  );
}

/**
 * An entry's arguments as Gemini takes them (`convert`: the OpenAPI form, or its JSON Schema
 * spelling), each change reported; undefined when Gemini cannot take them at all (an error).
 */
export function geminiParameters(entry: ManifestEntry, report: (issue: Omit<ProjectionIssue, "tool">) => void, convert: (schema: SchemaNode) => GeminiResult = toGeminiSchema): Pick<GeminiResult, "schema"> | undefined {
  // A combinator beside the root object has no Gemini form: left out, as for OpenAI and Anthropic, rather than the tool.
  const result = convert(withoutRootCombinators(asNode(entry.inputSchema), "Gemini", report));
  for (const e of result.errors) report({ severity: "error", path: e.path, message: e.message });
  for (const d of result.dropped) report({ severity: "warning", path: d.path, message: d.message });
  return result.errors.length > 0 ? undefined : result;
}
