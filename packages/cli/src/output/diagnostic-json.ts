import * as path from "node:path";
import type { Diagnostic } from "@toolgen/core";

/** A diagnostic as the commands' `--json` output gives it: the file relative to where the command ran, POSIX. */
export interface DiagnosticJson {
  rule: string | null;
  code: string;
  severity: Diagnostic["severity"];
  file: string;
  line: number;
  column: number;
  entry: string | null;
  message: string;
}

export function diagnosticJson(d: Diagnostic, cwd = process.cwd()): DiagnosticJson {
  return {
    rule: d.rule ?? null,
    code: d.code,
    severity: d.severity,
    file: relativePosix(d.file, cwd),
    line: d.line,
    column: d.column,
    entry: d.entryName ?? null,
    message: d.message,
  };
}

/** A path relative to where the command ran, with `/` on every platform: how `--json` output names files. */
export function relativePosix(file: string, cwd = process.cwd()): string {
  return (path.relative(cwd, file) || file).split(path.sep).join("/");
}

/** Prints a command's `--json` result on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
