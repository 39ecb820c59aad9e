import * as path from "node:path";
import type { ManifestEntry } from "@toolgen/runtime";
import type { RegistryModuleEntry } from "../registry/module-parts.js";

/** A project root and its registry module's path, for rendering modules in tests. */
export const ROOT = path.resolve("/project");
export const MODULE = path.join(ROOT, "src/tools.generated.ts");

/** A request-style tool entry named `name`, exported under that name. */
export function tool(name: string, extra: Partial<ManifestEntry> = {}): ManifestEntry {
  return {
    kind: "tool",
    name,
    description: `Describes ${name}.`,
    implementation: { module: "dist/x.js", export: name },
    arguments: { mode: "request", parameters: [{ kind: "request" }] },
    inputSchema: { type: "object", properties: { q: { type: "string", minLength: 1 } }, required: ["q"], additionalProperties: false },
    source: { file: "src/x.ts", line: 1, column: 1 },
    ...extra,
  } as ManifestEntry;
}

/** An entry declared in `file` (relative to `ROOT`). */
export function declaredIn(file: string, entry: ManifestEntry, declaration: Partial<RegistryModuleEntry["declaration"]> = {}): RegistryModuleEntry {
  return { entry, declaration: { sourceFile: { fileName: path.join(ROOT, file) }, exportName: entry.implementation.export, ...declaration } };
}
