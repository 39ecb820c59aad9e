import { readFileSync } from "node:fs";
import { ConfigError } from "./config.js";
import { manifestReference } from "./plan-build.js";
import { type ProjectInfo, readPackageJson } from "./project-info.js";
import { writeReplacing } from "./write-outputs.js";

/**
 * package.json must point at the manifest (`"toolgen": { "manifest": … }`) for discovery.
 * Adds the reference when it is missing, keeping the file's indentation; returns what it added.
 * The file is read again just before it is written (an edit made while the build ran is
 * kept), and replaced in one step.
 */
export function ensureManifestReference(info: ProjectInfo): string | undefined {
  if ((info.packageJson.toolgen as { manifest?: string } | undefined)?.manifest !== undefined) return undefined;
  const reference = manifestReference(info);
  const current = readPackageJson(info.packageJsonPath);
  const section = current.toolgen as { manifest?: string } | undefined;
  if (section?.manifest !== undefined) return undefined;
  const text = readFileSync(info.packageJsonPath, "utf8");
  // Of the first indented key (a blank line is no indentation), and the file's line ending: a Windows checkout's CRLF stays CRLF.
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  try {
    writeReplacing(info.packageJsonPath, (JSON.stringify({ ...current, toolgen: { ...section, manifest: reference } }, null, indent) + "\n").replaceAll("\n", eol));
  } catch (error) {
    throw new ConfigError(`cannot add the manifest reference to ${info.packageJsonPath}: ${(error as Error).message}. Add "toolgen": { "manifest": "${reference}" } yourself.`);
  }
  return reference;
}
