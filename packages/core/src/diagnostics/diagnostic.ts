import type * as ts from "typescript";
import type { LintCode } from "../lint/lint-rules.js";
import type { DiagnosticCode } from "./codes.js";

export type Severity = "error" | "warning";

/** A problem found in user code: always with a place, never thrown. */
export interface Diagnostic {
  /** toolgen's own (`TG2001`), or the compiler's for a file that does not parse (`TS1005`). */
  code: DiagnosticCode | LintCode | `TS${number}`;
  /** For a lint finding: the rule's name (`parameter-description-missing`) and the entry it is about. */
  rule?: string;
  entryName?: string;
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
  /**
   * The entry whose analysis found the problem, when it is declared in another file (a tool
   * using a type with a `bigint` in a shared types file): the file whose change can fix it.
   */
  entry?: { file: string; start: number; length: number };
}

/** What a diagnostic can be reported at: a node, or a doc tag's place (`TagSite`). */
export type DiagnosticSite = Pick<ts.Node, "pos" | "getSourceFile" | "getStart" | "getEnd">;

/**
 * Collects diagnostics while the analyzer walks the program. A type shared by many tools is
 * read once per tool, so the same problem at the same place is kept once.
 */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  /** The declaration of the entry being analyzed (see `Diagnostic.entry`). */
  entry: ts.Node | undefined;

  report(node: DiagnosticSite, code: DiagnosticCode, message: string, severity: Severity = "error"): void {
    const sourceFile = node.getSourceFile();
    const start = node.pos >= 0 ? node.getStart(sourceFile) : 0;
    this.reportRange(sourceFile, start, Math.max(0, node.getEnd() - start), code, message, severity);
  }

  /** A lint rule's finding: its code and its name. */
  reportLint(node: DiagnosticSite, code: LintCode, rule: string, entryName: string, message: string, severity: Severity): void {
    const sourceFile = node.getSourceFile();
    const start = node.pos >= 0 ? node.getStart(sourceFile) : 0;
    const reported = this.reportRange(sourceFile, start, Math.max(0, node.getEnd() - start), code, message, severity);
    if (reported) Object.assign(reported, { rule, entryName });
  }

  /** Reports at a range inside a node's text (a URI inside a tag, say); the diagnostic, unless it was reported already. */
  reportRange(sourceFile: ts.SourceFile, start: number, length: number, code: DiagnosticCode | LintCode, message: string, severity: Severity = "error"): Diagnostic | undefined {
    const key = `${sourceFile.fileName}\0${start}\0${code}\0${message}`;
    if (this.seen.has(key)) return undefined;
    this.seen.add(key);
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(start);
    const diagnostic: Diagnostic = { code, severity, message, file: sourceFile.fileName, start, length, line: line + 1, column: character + 1 };
    const entryFile = this.entry?.getSourceFile();
    if (this.entry && entryFile && entryFile.fileName !== sourceFile.fileName) {
      const entryStart = this.entry.getStart(entryFile);
      diagnostic.entry = { file: entryFile.fileName, start: entryStart, length: this.entry.getEnd() - entryStart };
    }
    this.items.push(diagnostic);
    return diagnostic;
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }
}

/** Diagnostics in file, then position order, so output is deterministic. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compare(a.file, b.file) || a.start - b.start || compare(a.code, b.code) || compare(a.message, b.message),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
