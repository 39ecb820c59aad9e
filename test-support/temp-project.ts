import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const TOOLGEN_BIN = path.join(REPO_ROOT, "packages/cli/bin/toolgen.js");
export const TSC_BIN = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");

/**
 * A copy of a fixture in a fresh temp folder, with the repository's node_modules linked in
 * so `@toolgen/runtime` resolves as it would in an installed application.
 */
export function copyFixture(name: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `toolgen-${name.replace(/[\\/]/g, "-")}-`));
  cpSync(path.join(REPO_ROOT, "fixtures", name), dir, {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)([\\/]|$)|tools\.generated\.(ts$|chunks([\\/]|$))/.test(source),
  });
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "junction");
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `toolgen` binary. */
export function toolgen(args: readonly string[], cwd: string): RunResult {
  // A hang fails the test (status -1) instead of stalling the run: a synchronous spawn blocks the test's own timeout.
  const result = spawnSync(process.execPath, [TOOLGEN_BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 120_000 });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Compiles a project with the repository's TypeScript; throws with tsc's output on failure. */
export function compile(dir: string): void {
  execFileSync(process.execPath, [TSC_BIN, "-p", dir], { cwd: dir, encoding: "utf8" });
}
