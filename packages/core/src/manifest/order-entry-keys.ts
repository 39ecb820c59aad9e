import type { ManifestEntry } from "@toolgen/runtime";

/** The order keys appear in every written entry: identity, implementation, schemas, metadata, source. */
const ENTRY_KEY_ORDER: readonly (keyof ManifestEntry)[] = [
  "kind", "name", "title", "description", "toolset", "implementation", "arguments", "inputSchema",
  "outputSchema", "content", "returns", "defaults", "conversions", "conversionDefs", "role", "uris", "mimeType", "completions", "annotations",
  "tags", "scopes", "supportedFor", "excludedFor", "external", "deprecated", "source",
];

/** A copy of the entry with its keys in the canonical order (so bytes never depend on build order). */
export function orderEntryKeys(entry: ManifestEntry): ManifestEntry {
  const ordered: Record<string, unknown> = {};
  for (const key of ENTRY_KEY_ORDER) if (entry[key] !== undefined) ordered[key] = entry[key];
  return ordered as unknown as ManifestEntry;
}
