import { closeSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { GENERATED_HEADER } from "@toolgen/core";
import { shown } from "./shown-path.js";
import * as path from "node:path";
import { ConfigError } from "./config.js";
import { makeDirectory } from "./make-directory.js";
import type { BuildPlan, PlannedFile } from "./plan-build.js";

/** The file's text, or undefined when it does not exist. */
export function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Writes the plan's files whose bytes changed (so watchers and incremental compilers see no
 * change after a no-op build) — all of them or none — and deletes the chunks it no
 * longer has (a source file without entries now, or `split` turned off), and their folder
 * once empty. A file in the way that toolgen did not write (a source file the configuration
 * names by mistake) is never overwritten: that is a `ConfigError`, and so is a file that
 * cannot be written.
 */
export function writePlan(plan: BuildPlan): { written: string[]; removed: string[] } {
  const [manifest, ...modules] = plan.files;
  const changed = plan.files.filter((file) => {
    const existing = readIfExists(file.path);
    if (existing === file.content) return false;
    if (existing !== undefined && !(file === manifest ? isManifestText(existing) : isGeneratedFile(file.path))) {
      const setting = file === manifest ? '"manifest"' : modules[0] === file ? '"registryModule"' : "the registry module's chunk folder";
      throw new ConfigError(`${shown(file.path)} exists and was not written by toolgen, so it is not overwritten: point ${setting} elsewhere, or delete the file.`);
    }
    return true;
  });
  writeAll(changed);
  const removed = staleChunks(plan);
  for (const file of removed) rmSync(file);
  if (removed.length > 0 && readdirSync(plan.chunkDirectory).length === 0) rmdirSync(plan.chunkDirectory);
  return { written: changed.map((file) => file.path), removed };
}

/**
 * Each file goes to a temporary file beside it first; only once every one is written are they
 * renamed into place. A full disk, a read-only folder or an interrupted build never leaves a
 * manifest beside a registry module of another build, or half a file.
 */
function writeAll(files: readonly PlannedFile[]): void {
  const temporary = files.map((file) => temporaryBeside(file.path));
  let current = "";
  try {
    for (const file of files) {
      current = file.path;
      if (statSync(file.path, { throwIfNoEntry: false })?.isDirectory()) throw new Error("it is a folder");
    }
    files.forEach((file, i) => {
      current = file.path;
      makeDirectory(path.dirname(file.path));
      writeFileSync(temporary[i]!, file.content);
    });
    files.forEach((file, i) => {
      current = file.path;
      renameSync(temporary[i]!, file.path);
    });
  } catch (error) {
    for (const file of temporary) rmSync(file, { force: true });
    throw new ConfigError(`cannot write ${shown(current)}: ${(error as Error).message.replace(/, (open|mkdir|rename) '.*'$/, "")}; nothing was written.`);
  }
}

/** A manifest toolgen wrote: a JSON object with a `formatVersion`, or (damaged since: a stray edit) one that still starts as toolgen writes it. */
function isManifestText(text: string): boolean {
  if (/^\{\r?\n {2}"formatVersion": \d+,/.test(text)) return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) && "formatVersion" in value;
  } catch {
    return false;
  }
}

/**
 * Chunk modules toolgen wrote before that the plan does not hold. Only files toolgen
 * generated count (by their first line): anything else in the folder is the user's.
 */
export function staleChunks(plan: BuildPlan): string[] {
  let names: string[];
  try {
    names = readdirSync(plan.chunkDirectory);
  } catch {
    return [];
  }
  const planned = new Set(plan.files.map((file) => path.resolve(file.path)));
  return names
    .map((name) => path.join(plan.chunkDirectory, name))
    .filter((file) => /\.[cm]?ts$/.test(file) && !planned.has(path.resolve(file)) && isGeneratedFile(file))
    .sort();
}

/** Whether the file exists and starts with the line toolgen writes at the top of every module it generates. */
export function isGeneratedFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const head = Buffer.alloc(GENERATED_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString("utf8") === GENERATED_HEADER;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes one file as a new file moved into place, as `writePlan` writes each: never half a
 * file, and a link there (one committed to a repository, say, leading out of it) is replaced,
 * never written through.
 */
export function writeReplacing(file: string, content: string): void {
  const temporary = temporaryBeside(file);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Where a file is written before it is moved into place (bundler plugins know these by `.toolgen-`). */
function temporaryBeside(file: string): string {
  return `${file}.toolgen-${process.pid}.tmp`;
}
