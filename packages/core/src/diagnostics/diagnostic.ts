import type * as ts from "typescript";
import type { DiagnosticCode } from "./codes.js";

export type Severity = "error" | "warning";

/** A problem found in user code: always with a place, never thrown. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Absolute path of the source file, as the program knows it. */
  file: string;
  /** 0-based offset of the node's first token and its length, for code frames. */
  start: number;
  length: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** Collects diagnostics while the analyzer walks the program. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  report(node: ts.Node, code: DiagnosticCode, message: string, severity: Severity = "error"): void {
    const sourceFile = node.getSourceFile();
    const start = node.getStart(sourceFile);
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(start);
    this.items.push({
      code,
      severity,
      message,
      file: sourceFile.fileName,
      start,
      length: Math.max(0, node.getEnd() - start),
      line: line + 1,
      column: character + 1,
    });
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }
}

/** Diagnostics in file, then position order, so output is deterministic. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
  );
}
