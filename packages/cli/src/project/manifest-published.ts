import { spawnSync } from "node:child_process";
import * as path from "node:path";
import type { ProjectInfo } from "@toolgen/transformer/project";

/**
 * Why the package would be published without its manifest, as far as package.json's `"files"`
 * (what `npm pack` and `npm publish` put in the package) says: no pattern takes it in. What
 * `build` warns of, at no cost; `check` asks npm itself (`manifestLeftOutOfPack`). An
 * application installing such a package finds no tools, and every command there fails on the
 * missing file. A private package is never published.
 */
export function manifestLeftUnpublished(info: ProjectInfo): string | undefined {
  const manifest = publishedManifest(info);
  const { files } = info.packageJson as { files?: unknown };
  if (manifest === undefined || !Array.isArray(files) || !files.every((entry) => typeof entry === "string")) return undefined;
  if (filesInclude(files as string[], manifest)) return undefined;
  return `"files" in ${shownPackageJson(info)} leaves out ${manifest}: ${CONSEQUENCE} Add "${manifest}" to "files".`;
}

/**
 * Why the package would be published without its manifest, as npm itself packs it
 * (`npm pack --dry-run --json --ignore-scripts`): `"files"`, `.npmignore` or `.gitignore` at any
 * depth, and npm's own rules. Undefined when it would not, and when npm cannot say (not
 * installed, an unreadable package): then `"files"` alone is judged, as `build` judges it.
 */
export function manifestLeftOutOfPack(info: ProjectInfo): string | undefined {
  const manifest = publishedManifest(info);
  if (manifest === undefined) return undefined;
  const packed = packedFiles(info.packageRoot);
  if (packed === undefined) return manifestLeftUnpublished(info);
  if (packed.includes(manifest)) return undefined;
  // Said as "files" says it where that is the cause.
  return manifestLeftUnpublished(info) ?? `npm pack would leave out ${manifest} (its "files" in ${shownPackageJson(info)}, or a .npmignore or .gitignore): ${CONSEQUENCE} List it in "files", or un-ignore it.`;
}

const CONSEQUENCE = "the package would be published without its manifest, and an application installing it would find none of its tools.";

/** The manifest's path in the package (`/`-separated), or undefined when nothing is published: a private package, a manifest outside it (an outDir of `../build`). */
function publishedManifest(info: ProjectInfo): string | undefined {
  if ((info.packageJson as { private?: unknown }).private === true) return undefined;
  const manifest = path.relative(info.packageRoot, info.manifestPath).split(path.sep).join("/");
  return manifest.startsWith("../") || path.isAbsolute(manifest) ? undefined : manifest;
}

function shownPackageJson(info: ProjectInfo): string {
  return path.relative(process.cwd(), info.packageJsonPath) || info.packageJsonPath;
}

/** The files `npm pack` would put in the package, or undefined when npm cannot say. */
function packedFiles(packageRoot: string): string[] | undefined {
  const run = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: packageRoot, encoding: "utf8", timeout: 60_000, shell: process.platform === "win32" });
  if (run.status !== 0) return undefined;
  try {
    const [pack] = JSON.parse(run.stdout) as Array<{ files?: Array<{ path?: unknown }> }>;
    const files = pack?.files?.map((file) => file.path);
    return files?.every((file) => typeof file === "string") ? (files as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether npm's `files` patterns take in `file` (a path from the package root, `/`-separated):
 * the last pattern that matches it, or a folder above it, decides (`!` excludes). Patterns are
 * anchored at the package root (`*.json` is the root's JSON files), and one ending in `/`
 * names a folder only. When unsure the answer is yes, so that no warning is wrong.
 */
export function filesInclude(patterns: readonly string[], file: string): boolean {
  const parts = file.split("/");
  const folders = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("/"));
  let included = false;
  for (const raw of patterns) {
    const negated = raw.startsWith("!");
    const body = raw.slice(negated ? 1 : 0).replace(/^\.?\//, "");
    const folderOnly = body.endsWith("/");
    const pattern = body.replace(/\/+$/, "");
    if (pattern === "" || pattern === ".") {
      included = !negated;
      continue;
    }
    // Character classes and braces are not read here: such a pattern is taken to include, as unsure.
    if (/[[{]/.test(pattern)) {
      if (!negated) included = true;
      continue;
    }
    const matcher = globToRegExp(pattern);
    if ([...folders, ...(folderOnly ? [] : [file])].some((candidate) => matcher.test(candidate))) included = !negated;
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
  // npm matches without regard to case.
  return new RegExp(`^${source}$`, "i");
}
