import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { ProjectInfo } from "@toolgen/transformer/project";

/**
 * Why the package would be published without its manifest, or undefined: package.json's
 * `"files"` (what `npm pack` and `npm publish` put in the package) reaches no pattern that
 * includes it, or, without `"files"`, the ignore file npm reads then (`.npmignore`, else
 * `.gitignore`, at the package root) ignores it; so an application installing the package
 * finds no tools, and every command there fails on the missing file. A private package is
 * never published.
 */
export function manifestLeftUnpublished(info: ProjectInfo): string | undefined {
  const { files, private: isPrivate } = info.packageJson as { files?: unknown; private?: unknown };
  if (isPrivate === true) return undefined;
  const manifest = path.relative(info.packageRoot, info.manifestPath).split(path.sep).join("/");
  // A manifest outside the package (an outDir of `../build`) is no file of it to publish.
  if (manifest.startsWith("../") || path.isAbsolute(manifest)) return undefined;
  const packageJson = path.relative(process.cwd(), info.packageJsonPath) || info.packageJsonPath;
  if (files === undefined) {
    const ignoreFile = [".npmignore", ".gitignore"].find((name) => existsSync(path.join(info.packageRoot, name)));
    if (ignoreFile === undefined) return undefined;
    const patterns = readFileSync(path.join(info.packageRoot, ignoreFile), "utf8").split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
    if (!filesInclude(patterns, manifest)) return undefined;
    const shown = path.relative(process.cwd(), path.join(info.packageRoot, ignoreFile)) || ignoreFile;
    return `${shown} ignores ${manifest}, and npm leaves out what it ignores when ${packageJson} has no "files": the package would be published without its manifest, and an application installing it would find none of its tools. List what to publish in "files" (with "${manifest}"), or ${ignoreFile === ".npmignore" ? "un-ignore it in .npmignore" : "write a .npmignore, which npm reads instead of .gitignore"}.`;
  }
  if (!Array.isArray(files) || !files.every((entry) => typeof entry === "string")) return undefined;
  if (filesInclude(files as string[], manifest)) return undefined;
  return `"files" in ${packageJson} leaves out ${manifest}: the package would be published without its manifest, and an application installing it would find none of its tools. Add "${manifest}" to "files".`;
}

/**
 * Whether npm's `files` patterns take in `file` (a path from the package root, `/`-separated):
 * the last pattern that matches it, or a folder above it, decides (`!` excludes). A pattern
 * without a slash matches a name at any depth, as in .gitignore; when unsure the answer is yes,
 * so that no warning is wrong.
 */
export function filesInclude(patterns: readonly string[], file: string): boolean {
  const candidates = file.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));
  let included = false;
  for (const raw of patterns) {
    const negated = raw.startsWith("!");
    const pattern = raw.slice(negated ? 1 : 0).replace(/^\.?\//, "").replace(/\/+$/, "");
    if (pattern === "" || pattern === ".") {
      included = !negated;
      continue;
    }
    const matcher = globToRegExp(pattern);
    const named = (candidate: string) => matcher.test(candidate) || (!pattern.includes("/") && matcher.test(candidate.slice(candidate.lastIndexOf("/") + 1)));
    if (candidates.some(named)) included = !negated;
  }
  return included;
}

function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "*" && pattern[i + 1] === "*") {
      const slash = pattern[i + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
