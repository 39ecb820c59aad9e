import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { type DocInfo, hasTag, readDoc } from "./read-jsdoc.js";

export type DeclarationKind = "tool" | "prompt" | "resource";

/** A declaration carrying `@tool`, `@prompt` or `@resource`, with what is needed to call it. */
export interface FoundDeclaration {
  kind: DeclarationKind;
  /** The node holding the JSDoc (function, variable statement's declaration, method). */
  node: ts.FunctionDeclaration | ts.VariableDeclaration | ts.MethodDeclaration;
  /** The function-like node whose signature is read. */
  signatureNode: ts.SignatureDeclaration;
  /** The identifier users wrote: function, const or method name. */
  identifier: string;
  /** The export name (the function, const, or toolset class). */
  exportName: string;
  doc: DocInfo;
  sourceFile: ts.SourceFile;
  /** Set for methods of an `@toolset` class. */
  toolset?: { className: string; node: ts.ClassDeclaration; doc: DocInfo; static: boolean };
  /** `declare function` (no implementation in JavaScript). */
  ambient: boolean;
}

const KIND_TAGS: readonly DeclarationKind[] = ["tool", "prompt", "resource"];

/** Finds every tagged declaration in a source file, in source order. */
export function findDeclarations(tsm: typeof ts, sourceFile: ts.SourceFile, diagnostics: DiagnosticBag): FoundDeclaration[] {
  const found: FoundDeclaration[] = [];
  for (const statement of sourceFile.statements) {
    if (tsm.isFunctionDeclaration(statement) && statement.name) {
      const doc = readDoc(tsm, statement);
      const kind = entryKind(tsm, statement, doc, diagnostics);
      if (!kind) continue;
      if (!requireExported(tsm, statement, statement.name.text, diagnostics)) continue;
      const ambient = !statement.body;
      found.push({ kind, node: statement, signatureNode: statement, identifier: statement.name.text, exportName: statement.name.text, doc, sourceFile, ambient });
    } else if (tsm.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!tsm.isIdentifier(declaration.name)) continue;
        const doc = readDoc(tsm, declaration);
        const kind = entryKind(tsm, declaration, doc, diagnostics);
        if (!kind) continue;
        const init = declaration.initializer && skipParentheses(tsm, declaration.initializer);
        if (!init || !(tsm.isArrowFunction(init) || tsm.isFunctionExpression(init))) {
          diagnostics.report(declaration.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} needs a function: initialize '${declaration.name.text}' with an arrow function or function expression.`);
          continue;
        }
        if (!requireExported(tsm, statement, declaration.name.text, diagnostics, declaration.name)) continue;
        found.push({ kind, node: declaration, signatureNode: init, identifier: declaration.name.text, exportName: declaration.name.text, doc, sourceFile, ambient: false });
      }
    } else if (tsm.isClassDeclaration(statement) && statement.name) {
      found.push(...findToolsetMembers(tsm, statement, sourceFile, diagnostics));
    }
  }
  return found;
}

function findToolsetMembers(tsm: typeof ts, cls: ts.ClassDeclaration, sourceFile: ts.SourceFile, diagnostics: DiagnosticBag): FoundDeclaration[] {
  const classDoc = readDoc(tsm, cls);
  const isToolset = hasTag(classDoc, "toolset");
  const members: FoundDeclaration[] = [];
  for (const member of cls.members) {
    if (!tsm.isMethodDeclaration(member) || !tsm.isIdentifier(member.name)) continue;
    const doc = readDoc(tsm, member);
    const kind = entryKind(tsm, member, doc, diagnostics);
    if (!kind) continue;
    if (!isToolset) {
      diagnostics.report(member.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} on a method needs its class '${cls.name!.text}' to be tagged @toolset.`);
      continue;
    }
    members.push({
      kind,
      node: member,
      signatureNode: member,
      identifier: member.name.text,
      exportName: cls.name!.text,
      doc,
      sourceFile,
      toolset: { className: cls.name!.text, node: cls, doc: classDoc, static: hasModifier(tsm, member, tsm.SyntaxKind.StaticKeyword) },
      ambient: false,
    });
  }
  if (isToolset && members.length > 0) requireExported(tsm, cls, cls.name!.text, diagnostics, cls.name);
  return members;
}

function entryKind(tsm: typeof ts, node: ts.Node, doc: DocInfo, diagnostics: DiagnosticBag): DeclarationKind | undefined {
  const kinds = KIND_TAGS.filter((k) => hasTag(doc, k));
  if (kinds.length > 1) {
    diagnostics.report(nameOf(tsm, node), DiagnosticCode.ConflictingKinds, `A declaration is one of @tool, @prompt or @resource; this one has ${kinds.map((k) => "@" + k).join(" and ")}.`);
  }
  return kinds[0];
}

function requireExported(tsm: typeof ts, node: ts.Node, name: string, diagnostics: DiagnosticBag, at: ts.Node = nameOf(tsm, node)): boolean {
  if (hasModifier(tsm, node, tsm.SyntaxKind.ExportKeyword)) return true;
  diagnostics.report(at, DiagnosticCode.NotExported, `'${name}' must be exported so the generated registry can import it; add 'export'.`);
  return false;
}

function hasModifier(tsm: typeof ts, node: ts.Node, kind: ts.SyntaxKind): boolean {
  return tsm.canHaveModifiers(node) && (tsm.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function nameOf(tsm: typeof ts, node: ts.Node): ts.Node {
  return (tsm.isFunctionDeclaration(node) || tsm.isClassDeclaration(node) || tsm.isMethodDeclaration(node) || tsm.isVariableDeclaration(node)) && node.name ? node.name : node;
}

function skipParentheses(tsm: typeof ts, expression: ts.Expression): ts.Expression {
  let e = expression;
  while (tsm.isParenthesizedExpression(e) || tsm.isAsExpression(e) || tsm.isSatisfiesExpression(e)) e = e.expression;
  return e;
}
