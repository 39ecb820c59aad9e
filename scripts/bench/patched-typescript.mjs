// The transformer through a persistent patch (issue #18): what `ts-patch install` does to a
// project's TypeScript, done to a copy in the bench's workspace, so the checkout's own
// TypeScript stays untouched. Its `tsc` then runs plugins with no wrapper start-up.
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import * as path from "node:path";

/** The patched copy's `tsc`. */
export function patchTypescript(repo, workspace) {
  const copy = path.join(workspace, "patched", "node_modules", "typescript");
  cpSync(path.join(repo, "node_modules", "typescript"), copy, { recursive: true });
  const patched = spawnSync(process.execPath, [path.join(repo, "node_modules/ts-patch/bin/ts-patch.js"), "install", "--dir", copy, "--no-cache", "--silent"], { encoding: "utf8" });
  if (patched.status !== 0) throw new Error(`ts-patch install failed: ${patched.stderr}${patched.stdout}`);
  return path.join(copy, "bin", "tsc");
}
