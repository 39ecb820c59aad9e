import { readFileSync, writeFileSync } from "node:fs";
import { manifestReference } from "./plan-build.js";
import type { ProjectInfo } from "./project-info.js";

/**
 * package.json must point at the manifest (`"toolgen": { "manifest": … }`) for discovery.
 * Adds the reference when it is missing, keeping the file's indentation; returns what it added.
 */
export function ensureManifestReference(info: ProjectInfo): string | undefined {
  const section = info.packageJson.toolgen as { manifest?: string } | undefined;
  if (section?.manifest !== undefined) return undefined;
  const reference = manifestReference(info);
  const text = readFileSync(info.packageJsonPath, "utf8");
  const indent = /^(\s+)"/m.exec(text)?.[1] ?? "  ";
  const updated = { ...info.packageJson, toolgen: { ...section, manifest: reference } };
  writeFileSync(info.packageJsonPath, JSON.stringify(updated, null, indent) + "\n");
  return reference;
}
