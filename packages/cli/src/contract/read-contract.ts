import { spawnSync } from "node:child_process";
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, realpathSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Diagnostic } from "@toolgen/core";
import type { ManifestEntry } from "@toolgen/runtime";
import { readManifest } from "@toolgen/runtime/discovery";
import { planProjectBuild } from "../build/plan-build.js";
import { UsageError } from "../commands/usage-error.js";
import { relativePosix } from "../output/diagnostic-json.js";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { loadProjectInfo } from "../project/load-project.js";
import { jsonErrorPlace, missingTsconfig, tsconfigPathOf } from "@toolgen/transformer/project";

/** One side of a contract comparison: its entries, the package name and version it states, and what to call it. */
export interface Contract {
  label: string;
  entries: ManifestEntry[];
  packageName: string | undefined;
  version: string | undefined;
}

/**
 * A warning when the two sides are different packages (a tarball or folder of another
 * package given by mistake): the comparison still runs — a package renamed keeps its contract.
 */
export function otherPackageWarning(old: Contract, now: Pick<Contract, "label" | "packageName">): string | undefined {
  if (old.packageName === undefined || now.packageName === undefined || old.packageName === now.packageName) return undefined;
  return `toolgen: warning: ${old.label} and ${now.label} are two different packages (${old.packageName}, ${now.packageName}); they are compared all the same, as meant if the package was renamed.\n`;
}

/**
 * Diagnostics that stopped a side from being analyzed: the caller prints `report` (formatted
 * where the files still exist: a commit's are deleted once read), then the message.
 */
export class ContractAnalysisError extends Error {
  readonly report: string;
  constructor(
    readonly label: string,
    readonly diagnostics: readonly Diagnostic[],
    /** The folder the report's paths are relative to. */
    from = process.cwd(),
    where = "",
  ) {
    super(`errors in ${label}${where}; see above.`);
    this.report = formatDiagnostics(diagnostics, from);
  }
}

/**
 * A side given on the command line: `git:<ref>` (the project as it was at that commit), a
 * manifest file, a package folder (its package.json names the manifest) or a package tarball
 * (`npm pack`'s). Nothing given is the project's current sources, analyzed as `toolgen check` does.
 */
export function readContract(spec: string | undefined, project: string | undefined): Contract {
  if (spec === undefined) return analyzeContract(project, "the current sources");
  if (spec.startsWith("git:")) return readAtCommit(spec.slice(4), project);
  const resolved = path.resolve(spec);
  if (!existsSync(resolved)) throw new UsageError(`${spec}: no such file or folder (give a manifest, a package folder, a package tarball or git:<ref>).`);
  if (statSync(resolved).isDirectory()) return readPackage(resolved, spec);
  if (isGzip(resolved)) return readTarball(resolved, spec);
  if (/\.(tgz|tar\.gz)$/i.test(spec)) throw new UsageError(`${spec}: not a package tarball (not gzip-compressed, as npm pack writes one).`);
  return readManifestFile(resolved, spec);
}

function isGzip(file: string): boolean {
  const head = Buffer.alloc(2);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 2, 0);
  } finally {
    closeSync(fd);
  }
  return head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * A package as `npm pack` wrote it (`npm pack <name>@<version>` fetches a published one): the
 * manifest its package.json names, read from the archive, so that the release itself is the
 * old side, as published, whatever the repository held.
 */
function readTarball(file: string, label: string): Contract {
  let files: Map<string, Buffer>;
  try {
    // A bound on what the archive may unpack to: a manifest is megabytes, not gigabytes.
    files = tarFiles(gunzipSync(readFileSync(file), { maxOutputLength: 1 << 30 }));
  } catch (error) {
    throw new UsageError(`${label}: not a package tarball (${(error as Error).message}).`);
  }
  // npm's archives hold the package under one folder (`package/`).
  const packageJsonPath = [...files.keys()].filter((name) => /^[^/]+\/package\.json$/.test(name)).sort()[0];
  if (packageJsonPath === undefined) throw new UsageError(`${label}: a package tarball needs a package.json in its folder (package/package.json).`);
  const root = packageJsonPath.slice(0, packageJsonPath.indexOf("/"));
  const manifest = manifestNamedIn(files.get(packageJsonPath)!.toString("utf8"), `${label}:${packageJsonPath}`);
  const inside = path.posix.join(root, manifest);
  const shown = `${label}:${inside}`;
  const text = files.get(inside)?.toString("utf8");
  if (text === undefined) throw new UsageError(`${shown}: not in the tarball: the package was packed without its manifest (its "files" leave it out, or it was not built).`);
  return fromManifestText(text, shown);
}

/** The regular files of a tar archive by path (ustar, with pax and GNU long names, as npm and tar write them). */
function tarFiles(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let longName: string | undefined;
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString("utf8").replace(/\0.*$/s, "");
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    if (!Number.isFinite(size) || size < 0) throw new Error(`a malformed entry header at byte ${offset}`);
    const type = header[156];
    const body = archive.subarray(offset + 512, offset + 512 + size);
    const name = longName ?? [field(345, 155), field(0, 100)].filter(Boolean).join("/");
    longName = undefined;
    if (type === 0x78 /* x: pax */) longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1];
    else if (type === 0x4c /* L: GNU long name */) longName = body.toString("utf8").replace(/\0.*$/s, "");
    else if (type === 0x30 /* 0 */ || type === 0) files.set(name.replace(/^\.\//, ""), body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

function readManifestFile(file: string, label: string): Contract {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file (build the package first?)" : code === "EISDIR" ? "a folder, not a manifest file" : (error as Error).message;
    throw new UsageError(`${label}: ${why}`);
  }
  return fromManifestText(text, label);
}

function fromManifestText(text: string, label: string): Contract {
  try {
    const { manifest } = readManifest(text, label);
    return { label, entries: manifest.entries, packageName: manifest.package.name, version: manifest.package.version };
  } catch (error) {
    // A JSON object with no format at all is some other file (a package.json, say): say that.
    if (isObjectWithoutFormat(text)) throw new UsageError(`${label} is not a toolgen manifest (it has no "formatVersion"): give a manifest, a package folder whose package.json names one, a package tarball, or git:<ref>.`);
    throw new UsageError((error as Error).message.replace(/^toolgen: /, ""));
  }
}

function isObjectWithoutFormat(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !("formatVersion" in value);
  } catch {
    return false;
  }
}

function readPackage(folder: string, label: string): Contract {
  const packageJson = path.join(folder, "package.json");
  if (!existsSync(packageJson)) throw new UsageError(`${label}: a package folder needs a package.json.`);
  const manifest = manifestNamedIn(readFileSync(packageJson, "utf8"), path.join(label, "package.json"));
  return readManifestFile(path.join(folder, manifest), path.join(label, manifest));
}

/** The manifest a package.json's text names (`"toolgen": { "manifest": … }`); `shown` is where it is. */
function manifestNamedIn(text: string, shown: string): string {
  let manifest: unknown;
  try {
    manifest = (JSON.parse(text) as { toolgen?: { manifest?: unknown } } | null)?.toolgen?.manifest;
  } catch (error) {
    throw new UsageError(`${shown}${jsonErrorPlace(text, (error as Error).message)}: not valid JSON (${(error as Error).message}).`);
  }
  if (typeof manifest !== "string") throw new UsageError(`${shown} names no manifest ("toolgen": { "manifest": … }); build the package, or give the manifest file.`);
  return manifest;
}

/** The project's sources analyzed now, with the manifest a build would write; `onFiles` is given every file the program read. */
function analyzeContract(project: string | undefined, label: string, cwd = process.cwd(), onFiles?: (files: readonly string[]) => void): Contract {
  const info = loadProjectInfo(project, cwd);
  const plan = planProjectBuild(info, (_sources, files) => onFiles?.(files));
  if (plan.diagnostics.some((d) => d.severity === "error")) throw new ContractAnalysisError(label, plan.diagnostics);
  const manifest = JSON.parse(plan.files[0].content) as { entries: ManifestEntry[]; package: { name: string; version?: string } };
  return { label, entries: manifest.entries, packageName: manifest.package.name, version: manifest.package.version };
}

/**
 * The project as it was at a commit: the commit's tree written to a temporary folder through
 * an index of its own (the working tree, the repository's index and its branches are not
 * touched; unlike `git archive`, no `export-ignore` attribute leaves a file out), the same
 * tsconfig analyzed there, with the checkout's node_modules linked in so its imports resolve.
 */
function readAtCommit(ref: string, project: string | undefined): Contract {
  const label = `git:${ref}`;
  const named = tsconfigPathOf(project, process.cwd());
  // The current side needs it too: said first, not after a note about the commit.
  if (!existsSync(named)) throw new UsageError(missingTsconfig(named, relativePosix(named)));
  // As git names the repository's root (symbolic links resolved), so that paths relate to it.
  const start = realPath(path.dirname(named));
  const tsconfig = path.join(start, path.basename(named));
  const git = (args: string[]) => spawnSync("git", args, { cwd: start });
  const top = git(["rev-parse", "--show-toplevel"]);
  if (top.status !== 0) throw new UsageError(`${label}: ${start} is not in a git repository.`);
  const root = top.stdout.toString().trim();
  if (git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).status !== 0) throw new UsageError(`${label}: no commit '${ref}' in ${root}.`);
  const work = mkdtempSync(path.join(tmpdir(), "toolgen-diff-"));
  const dir = path.join(work, "tree");
  try {
    mkdirSync(dir);
    // The whole commit, from the repository's root (a package of a monorepo may import its siblings).
    const index = { ...process.env, GIT_INDEX_FILE: path.join(work, "index") };
    for (const args of [["read-tree", ref], ["checkout-index", "--all", `--prefix=${dir}${path.sep}`]]) {
      const done = spawnSync("git", ["-C", root, ...args], { env: index, maxBuffer: 1 << 30 });
      if (done.status !== 0) throw new UsageError(`${label}: cannot write out the commit (git ${args[0]}): ${done.stderr.toString().trim()}`);
    }
    // node_modules is not in the commit: the checkout's, folder by folder from the project up.
    for (let folder = start; ; folder = path.dirname(folder)) {
      const modules = path.join(folder, "node_modules");
      const copy = path.join(dir, path.relative(root, folder), "node_modules");
      if (existsSync(modules) && existsSync(path.dirname(copy)) && !isFolder(copy)) {
        // A committed link (to a node_modules beside the repository, say) leads nowhere from the copy: the checkout's instead.
        rmSync(copy, { force: true });
        symlinkSync(modules, copy, "junction");
      }
      if (folder === root || folder === path.dirname(folder)) break;
    }
    // Above the repository (a repository inside a folder that has the node_modules): the nearest, beside the tree, where resolution from it looks next.
    for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
      const modules = path.join(folder, "node_modules");
      if (existsSync(modules)) {
        symlinkSync(modules, path.join(work, "node_modules"), "junction");
        break;
      }
      if (folder === path.dirname(folder)) break;
    }
    const there = path.join(dir, path.relative(root, tsconfig));
    if (!existsSync(path.dirname(there))) {
      // A package added since that commit: nothing of it existed, so every entry is new.
      process.stderr.write(`toolgen: ${label}: ${relativePosix(path.dirname(tsconfig), root)} did not exist at that commit; every entry is new.\n`);
      return { label, entries: [], packageName: undefined, version: undefined };
    }
    if (!existsSync(there)) throw new UsageError(`${label}: ${path.relative(root, tsconfig)} does not exist at that commit.`);
    try {
      return analyzeContract(there, label, dir, (files) => warnOfWorkingTree(label, root, files));
    } catch (error) {
      // Reported while the commit's files are there to quote, at their paths in the repository.
      if (error instanceof ContractAnalysisError) throw new ContractAnalysisError(label, error.diagnostics, dir, " (files as at that commit, from the repository's root)");
      throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Files of the repository the commit's side read from the working tree, not from the commit:
 * a workspace package imported through the checkout's node_modules (a link to its folder).
 * Its types are today's, so a change to them since the commit is not compared: said so.
 */
function warnOfWorkingTree(label: string, root: string, files: readonly string[]): void {
  const packages = new Set<string>();
  for (const file of files) {
    const relative = path.relative(root, realPath(file));
    if (relative.startsWith("..") || path.isAbsolute(relative) || relative.split(path.sep).includes("node_modules")) continue;
    packages.add(packageFolderOf(root, path.dirname(relative)));
  }
  for (const folder of [...packages].sort()) {
    process.stderr.write(`toolgen: warning: ${label}: the types of ${folder.split(path.sep).join("/") || "."} are the working tree's (read through node_modules), not that commit's: a change to them since is not compared.\n`);
  }
}

/** The folder of the nearest package.json at or above `folder` (relative to `root`). */
function packageFolderOf(root: string, folder: string): string {
  for (let at = folder; ; at = path.dirname(at)) {
    if (existsSync(path.join(root, at, "package.json")) || at === "." || at === path.dirname(at)) return at;
  }
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Whether `file` is a folder itself (a committed node_modules), not a link or nothing. */
function isFolder(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
