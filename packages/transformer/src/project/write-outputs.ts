import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { PlannedFile } from "./plan-build.js";

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
