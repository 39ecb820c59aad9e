import * as path from "node:path";
import type * as ts from "typescript";
import type { Diagnostic } from "@toolgen/core";

/**
 * tsc prints `TS<code>` for every diagnostic, so toolgen's `TG2001` becomes code 992001
 * (990000 + the number: clear of TypeScript's own range) and keeps `TG2001` at the start of
 * the message, where a reader and a search look for it.
 */
export const TSC_CODE_OFFSET = 990000;

/**
 * An analyzer diagnostic as a TypeScript diagnostic anchored in the program's source file. One
 * that an entry's analysis found in another file (a shared types file) is anchored at the
 * entry, naming where the problem is: an incremental builder caches a diagnostic against its
 * file until that file is emitted again, and the entry's file is emitted again both when it
 * changes and when the types it uses do; the types file is not when only the entry changes.
 */
export function toTsDiagnostic(tsm: typeof ts, program: ts.Program, d: Diagnostic): ts.Diagnostic {
  const at = d.entry ?? d;
  const where = d.entry ? ` (at ${path.relative(program.getCurrentDirectory(), d.file).split(path.sep).join("/")}:${d.line}:${d.column})` : "";
  return {
    file: program.getSourceFile(at.file),
    start: at.start,
    length: at.length,
    messageText: `${d.rule ? `${d.code} [${d.rule}]` : d.code} ${d.message}${where}`,
    category: d.severity === "error" ? tsm.DiagnosticCategory.Error : tsm.DiagnosticCategory.Warning,
    code: TSC_CODE_OFFSET + Number(d.code.slice(2)),
    source: "toolgen",
  };
}

/** A problem with no source position (configuration), as a global TypeScript error. */
export function toGlobalTsDiagnostic(tsm: typeof ts, message: string): ts.Diagnostic {
  return { file: undefined, start: undefined, length: undefined, messageText: `toolgen: ${message}`, category: tsm.DiagnosticCategory.Error, code: TSC_CODE_OFFSET + 9000, source: "toolgen" };
}
