import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { GENERATED_HEADER } from "@toolgen/core";
import * as path from "node:path";
import type { BuildPlan, PlannedFile } from "./plan-build.js";

/** Writes only when the bytes differ, so watchers and incremental compilers see no change. */
export function writeIfChanged(file: PlannedFile): boolean {
  if (readIfExists(file.path) === file.content) return false;
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.content);
  return true;
}

/** The file's text, or undefined when it does not exist. */
export function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Writes the plan's files that changed and deletes the chunks it no longer has (a source
 * file without entries now, or `split` turned off), and their folder once empty.
 */
export function writePlan(plan: BuildPlan): { written: string[]; removed: string[] } {
  const written = plan.files.filter(writeIfChanged).map((file) => file.path);
  const removed = staleChunks(plan);
  for (const file of removed) rmSync(file);
  if (removed.length > 0 && readdirSync(plan.chunkDirectory).length === 0) rmdirSync(plan.chunkDirectory);
  return { written, removed };
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
