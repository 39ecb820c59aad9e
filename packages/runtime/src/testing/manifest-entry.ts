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

/** `greet(who: string)` in `dist/greet.js`: the tool the discovery tests' hand-written packages provide. */
export function greetEntry(): ManifestEntry {
  return manifestEntry("greet", {
    description: "Greets.",
    implementation: { module: "dist/greet.js", export: "greet" },
    arguments: { mode: "positional", parameters: [{ kind: "argument", name: "who" }] },
    inputSchema: { type: "object", properties: { who: { type: "string" } }, required: ["who"], additionalProperties: false },
    source: { file: "src/greet.ts", line: 1, column: 1 },
  });
}
