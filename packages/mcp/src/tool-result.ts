import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { formatLookup, compileSchema, type ManifestEntry, type Outcome } from "@toolgen/runtime";
import { hasWrappedOutput, outcomeText } from "@toolgen/runtime/providers";

/** Where toolgen puts its own data in a result's `_meta` (reverse-DNS prefix, as the spec asks). */
export const META_PREFIX = "dev.toolgen";

/**
 * An outcome as an MCP `CallToolResult`. Failures of any kind — invalid arguments, a thrown
 * `ToolError`, a timeout — are results with `isError: true` and a message the model can
 * act on, never protocol errors (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling).
 * With an output schema, the result also comes as `structuredContent`: the object itself,
 * or `{ result: value }` for a tool whose result is not an object.
 */
export function toToolResult(entry: ManifestEntry, outcome: Outcome): CallToolResult {
  switch (outcome.status) {
    case "ok": {
      if (outcome.content) return { content: outcome.content };
      const result: CallToolResult = { content: [{ type: "text", text: outcome.text }] };
      const structured = structuredContentOf(entry, outcome.text, outcome.structured);
      if (structured) result.structuredContent = structured;
      return result;
    }
    case "error": {
      const { code, payload } = outcome.error;
      return {
        content: [{ type: "text", text: outcomeText(outcome) }],
        isError: true,
        _meta: { [`${META_PREFIX}/error`]: payload === undefined ? { code } : { code, payload } },
      };
    }
    case "ended": {
      const result: CallToolResult = {
        content: [{ type: "text", text: outcomeText(outcome) }],
        _meta: { [`${META_PREFIX}/ended`]: true },
      };
      if (entry.outputSchema === undefined) return result;
      // A tool with an output schema must answer structured content that conforms to it (clients
      // check); an EndTask's value may not. Without one, the result can only be flagged isError.
      const structured = conformingEnd(entry, outcome.value);
      return structured ? { ...result, structuredContent: structured } : { ...result, isError: true };
    }
    case "suspended":
      return {
        content: [{ type: "text", text: `'${outcome.call.name}' is executed by the host application; this server cannot run it.` }],
        isError: true,
        _meta: { [`${META_PREFIX}/suspended`]: outcome.call },
      };
  }
}

function structuredContentOf(entry: ManifestEntry, text: string, structured: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (entry.outputSchema === undefined) return undefined;
  if (!hasWrappedOutput(entry)) return structured;
  const schema = entry.outputSchema as { type?: unknown };
  if (schema.type === "string") return { result: text };
  // The outcome's text is a string result as it is, or the JSON of any other: the one the
  // output schema takes (a string result that reads as JSON, `'{"b":1}'` of `string | { a }`,
  // is the string). Where both fit (`"42"` of `string | number`) the JSON, as before; an empty
  // text is no result (`undefined`, which a `T | undefined` schema admits as null) first.
  let parsed: unknown[] = [];
  try {
    parsed = [JSON.parse(text)];
  } catch {
    // Not JSON: the text is the string result.
  }
  const candidates = text === "" ? [null, ""] : [...parsed, text];
  const validate = outputValidator(entry);
  return { result: candidates.find((candidate) => validate(candidate)) ?? candidates[0] };
}

const outputValidators = new WeakMap<ManifestEntry, (value: unknown) => boolean>();
// The value is the tool's own, typed result: a format whose check this bundle does not carry
// is not what decides whether it is shown as structured content.
const carried = formatLookup();
const OUTPUT_FORMATS = (name: string) => carried(name) ?? (() => true);

/** The entry's output schema, compiled once. */
function outputValidator(entry: ManifestEntry): (value: unknown) => boolean {
  let validate = outputValidators.get(entry);
  if (!validate) {
    try {
      validate = compileSchema(entry.outputSchema!, OUTPUT_FORMATS);
    } catch {
      validate = () => false; // a schema toolgen's validator cannot check: nothing can be shown to conform
    }
    outputValidators.set(entry, validate);
  }
  return validate;
}

/** An EndTask's value as the structured content the tool's output schema describes, when it conforms. */
function conformingEnd(entry: ManifestEntry, value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  const validate = outputValidator(entry);
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(value) ?? "null");
  } catch {
    return undefined;
  }
  if (!validate(json)) return undefined;
  if (hasWrappedOutput(entry)) return { result: json };
  return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}
