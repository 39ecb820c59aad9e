import type { Manifest } from "@toolgen/runtime";

/**
 * The manifest as written to disk: two-space JSON with a final newline. Key order comes
 * from construction (fixed in `build-entry.ts`), never from object iteration of user data,
 * so the same sources give the same bytes.
 */
export function serializeManifest(manifest: Manifest): string {
  return JSON.stringify(manifest, null, 2) + "\n";
}
