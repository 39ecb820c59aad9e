import type { ManifestEntry } from "../manifest/manifest-format.js";

/** A minimal valid tool entry for tests (not part of the build), with overrides. */
export function manifestEntry(name: string, extra: Partial<ManifestEntry> = {}): ManifestEntry {
  return {
    kind: "tool",
    name,
    description: "",
    implementation: { module: "dist/x.js", export: name },
    arguments: { mode: "positional", parameters: [] },
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    source: { file: "src/x.ts", line: 1, column: 1 },
    ...extra,
  };
}
