import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { detachedDocComment } from "./jsdoc-blocks.js";

/**
 * Warns about a doc comment written after code on the same line, before a declaration that
 * has none: TypeScript attaches it to nothing, so its description, constraints or `@tool` would
 * otherwise vanish without a word.
 */
export function reportDetachedDoc(tsm: typeof ts, declaration: ts.Node, diagnostics: DiagnosticBag): void {
  const comment = detachedDocComment(tsm, declaration);
  if (!comment) return;
  diagnostics.reportRange(
    declaration.getSourceFile(),
    comment.pos,
    comment.end - comment.pos,
    DiagnosticCode.DetachedDocComment,
    "This doc comment documents nothing: TypeScript attaches a doc comment only when it starts its own line. Move it onto a line of its own, before the declaration.",
    "warning",
  );
}
