import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import type { Manifest } from "@toolgen/runtime";
import { type ProjectInfo, shown } from "@toolgen/transformer/project";

/** The other way out, for an application: a private package is never published, so never judged. */
const NEVER_PUBLISHED = ' (an application never published says so with "private": true in package.json)';

/**
 * Why the package would be published without a file its tools need — its manifest, the
 * compiled registry module, an implementation module —, as far as package.json's `"files"`
 * (what `npm pack` and `npm publish` put in the package) says: no pattern takes it in. What
 * `build` warns of, at no cost; `check` asks npm itself (`leftOutOfPack`). An
 * application installing such a package finds no tools, or fails to load them. A private
 * package is never published.
 */
export function leftUnpublished(info: ProjectInfo, manifest: Manifest): string | undefined {
  const outside = manifestOutside(info);
  if (outside) return outside;
  const { files } = info.packageJson as { files?: unknown };
  if (!Array.isArray(files) || !files.every((entry) => typeof entry === "string")) return runtimeUndeclared(info, manifest);
  const left = leftOut(neededFiles(info, manifest).filter((needed) => !filesInclude(files as string[], needed.file)));
  return (left && `"files" in ${shown(info.packageJsonPath)} leaves out ${left.files}: ${left.consequence} Add ${left.quoted} to "files"${NEVER_PUBLISHED}.`) ?? runtimeUndeclared(info, manifest);
}

/**
 * Why a package published with a registry module would fail to load it where npm does not hoist
 * what another package installed (pnpm, Yarn's Plug'n'Play): the module imports
 * `@toolgen/runtime`, which the package must depend on itself — a devDependency is not installed
 * with it.
 */
function runtimeUndeclared(info: ProjectInfo, manifest: Manifest): string | undefined {
  if (manifest.registryModule === undefined || manifest.entries.length === 0 || publishedManifest(info) === undefined) return undefined;
  const declared = ["dependencies", "peerDependencies", "optionalDependencies"].some((field) => {
    const list = (info.packageJson as Record<string, unknown>)[field];
    return typeof list === "object" && list !== null && Object.hasOwn(list, "@toolgen/runtime");
  });
  if (declared) return undefined;
  return `${shown(info.packageJsonPath)} does not list @toolgen/runtime in "dependencies": its registry module imports it, so an application installing the package loads its tools only where another package's copy happens to be hoisted (never with pnpm). Add it to "dependencies" (not "devDependencies")${NEVER_PUBLISHED}.`;
}

/** The files left out, said at once, with what leaving out the first does (the needed files come worst first: the manifest, then the registry module). */
function leftOut(needed: ReadonlyArray<{ file: string; consequence: string }>): { files: string; quoted: string; consequence: string } | undefined {
  if (needed.length === 0) return undefined;
  return { files: needed.map((item) => item.file).join(", "), quoted: needed.map((item) => `"${item.file}"`).join(", "), consequence: needed[0]!.consequence };
}

/**
 * The same, as npm itself packs the package (`npm pack --dry-run --json --ignore-scripts`):
 * `"files"`, `.npmignore` or `.gitignore` at any depth, and npm's own rules. Undefined when
 * nothing needed is left out, and when npm cannot say (not installed, an unreadable package):
 * then `"files"` alone is judged, as `build` judges it.
 */
export function leftOutOfPack(info: ProjectInfo, manifest: Manifest): string | undefined {
  const outside = manifestOutside(info);
  if (outside) return outside;
  const needed = neededFiles(info, manifest);
  if (needed.length === 0) return undefined;
  const packed = packedFiles(info.packageRoot);
  if (packed === undefined) return leftUnpublished(info, manifest);
  // npm packs what is there: a file not built yet (a checkout before its compile) is not judged.
  const left = leftOut(needed.filter((item) => !packed.includes(item.file) && existsSync(path.join(info.packageRoot, item.file))));
  if (left === undefined) return runtimeUndeclared(info, manifest);
  // Said as "files" says it where that is the cause.
  return leftUnpublished(info, manifest) ?? `npm pack would leave out ${left.files} (its "files" in ${shown(info.packageJsonPath)}, or a .npmignore or .gitignore): ${left.consequence} List ${left.quoted} in "files", or un-ignore them${NEVER_PUBLISHED}.`;
}

/**
 * What an application installing the package loads (paths in the package, `/`-separated): the
 * manifest, its compiled registry module, the implementation modules of its entries. None for a
 * private package, or a manifest outside it (an outDir of `../build`).
 */
function neededFiles(info: ProjectInfo, manifest: Manifest): Array<{ file: string; consequence: string }> {
  const own = publishedManifest(info);
  if (own === undefined) return [];
  const inPackage = (file: string) => path.relative(info.packageRoot, path.resolve(info.packageRoot, file)).split(path.sep).join("/");
  const modules = [...new Set(manifest.entries.filter((entry) => !entry.external).map((entry) => inPackage(entry.implementation.module)))];
  return [
    { file: own, consequence: "the package would be published without its manifest, and an application installing it would find none of its tools." },
    ...(manifest.registryModule === undefined ? [] : [{ file: inPackage(manifest.registryModule), consequence: "the package would be published without its compiled registry module, and an application installing it would fail to load its tools." }]),
    ...modules.map((file) => ({ file, consequence: "the package would be published without an implementation module of its tools, and an application installing it would fail to call them." })),
  ];
}

/** The manifest's path from the package root (`/`-separated), and whether that is outside it; undefined for a private package, never published. */
function manifestOfPublished(info: ProjectInfo): { manifest: string; outside: boolean } | undefined {
  if ((info.packageJson as { private?: unknown }).private === true) return undefined;
  const manifest = path.relative(info.packageRoot, info.manifestPath).split(path.sep).join("/");
  return { manifest, outside: manifest.startsWith("../") || path.isAbsolute(manifest) };
}

/** The manifest's path in the package, or undefined when nothing is published: a private package, a manifest outside it (an outDir of `../build`). */
function publishedManifest(info: ProjectInfo): string | undefined {
  const published = manifestOfPublished(info);
  return published && !published.outside ? published.manifest : undefined;
}

/**
 * Why a package that is not private keeps its manifest outside itself (an Nx-style outDir of
 * `../../dist/libs/x`): discovery loads only a dependency's own files, so every package that
 * installs or links it would refuse it. Only an application (private) may build beside itself.
 */
function manifestOutside(info: ProjectInfo): string | undefined {
  const published = manifestOfPublished(info);
  if (!published?.outside) return undefined;
  return `the manifest ${published.manifest} is outside the package, so a package that installs or links this one cannot load its tools (discovery reads only a dependency's own files): keep the tsconfig's outDir (or "manifest") inside the package, or, for an application, set "private": true in ${shown(info.packageJsonPath)}.`;
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
