import { unlinkSync } from "node:fs";
import type * as ts from "typescript";

/** Whether the last analysis of each incremental program (by its build info file) failed. */
const failedByBuildInfo = new Map<string, boolean>();
let removingAtExit = false;

/**
 * An incremental build whose analysis fails still writes the user's JavaScript, and its build
 * info records those files as emitted. When the error then goes without a source left to emit
 * (its file deleted), the next build emits nothing: toolgen never runs, and the manifest and
 * registry module stay as they were before the error. So the build info of a program whose
 * last analysis failed is removed once the compile has written it — right after it under
 * `--watch` (a watcher stopped by Ctrl-C runs no exit handler), else as the process exits
 * (`tsc` exits within the compile) — and the next build is a full one.
 */
export function forgetBuildInfoIfFailed(tsm: typeof ts, options: ts.CompilerOptions, failed: boolean): void {
  if (!options.incremental && !options.composite) return;
  const file = tsm.getTsBuildInfoEmitOutputFilePath(options);
  if (file === undefined) return;
  failedByBuildInfo.set(file, failed);
  if (!failed) return;
  // The compile is synchronous: this runs after it, once it wrote the build info.
  setImmediate(forgetFailed);
  if (removingAtExit) return;
  removingAtExit = true;
  process.once("exit", forgetFailed);
}

function forgetFailed(): void {
  for (const [buildInfo, stillFailed] of failedByBuildInfo) {
    try {
      if (stillFailed) unlinkSync(buildInfo);
    } catch {
      // Not written (the compile stopped first): nothing to forget.
    }
  }
}
