import { restoreGeminiArguments } from "../call/restore-gemini-arguments.js";
import { NAME_RULES } from "../names/name-rules.js";
import { asNode, buildProjection, describeEntry, type Projection, type ProjectionOptions, type ProjectionSource } from "../projection.js";
import { toGeminiSchema } from "../schema/to-gemini-schema.js";

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
      const result = toGeminiSchema(asNode(entry.inputSchema));
      for (const e of result.errors) report({ severity: "error", path: e.path, message: e.message });
      for (const d of result.dropped) report({ severity: "warning", path: d.path, message: d.message });
      if (result.errors.length > 0) return undefined;
      return { name, description: describeEntry(entry), ...(result.schema ? { parameters: result.schema } : {}) };
    },
    (definitions) => (definitions.length > 0 ? [{ functionDeclarations: definitions }] : []),
    (entry, args) => restoreGeminiArguments(entry.inputSchema, args),
  );
}
