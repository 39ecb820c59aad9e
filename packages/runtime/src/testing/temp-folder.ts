import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach } from "vitest";

/**
 * A fresh temp folder for each test of the calling file (removed after it), for hand-written
 * packages: `write` lays out a file in it, JSON for anything but a string.
 */
export function useTempFolder(prefix: string): { root(): string; write(file: string, content: unknown): void } {
  let root = "";
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  return {
    root: () => root,
    write(file, content) {
      const full = path.join(root, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, typeof content === "string" ? content : JSON.stringify(content, null, 2));
    },
  };
}
