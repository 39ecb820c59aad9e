import { existsSync, mkdirSync, statSync } from "node:fs";
import * as path from "node:path";

/**
 * `mkdirSync(folder, { recursive: true })` without its hang: Node's recursive mkdir retries
 * forever where a file system refuses a new folder with ENOENT (procfs: `/proc/x`). Makes each
 * missing folder below the nearest existing one; an error is Node's, naming the folder, and a
 * file (or a dangling link) where the folder should be is one too, as with the recursive mkdir.
 */
export function makeDirectory(folder: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(folder); !existsSync(at); at = path.dirname(at)) {
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at);
    } catch (error) {
      // Made by another process meanwhile: what was wanted.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const target = path.resolve(folder);
  if (!statSync(target).isDirectory()) throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${target}'`), { code: "EEXIST", path: target });
}
