import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { checkTags } from "./check-tags.js";
import { KNOWN_TAGS, suggestTag } from "./known-tags.js";
import { reportDetachedDoc } from "./report-detached-doc.js";
import { type DocInfo, hasTag, readDoc } from "./read-jsdoc.js";
import { findExportNames } from "./find-export-names.js";

export type DeclarationKind = "tool" | "prompt" | "resource";

/** A declaration carrying `@tool`, `@prompt` or `@resource`, with what is needed to call it. */
export interface FoundDeclaration {
  kind: DeclarationKind;
  /** The node holding the JSDoc (function, variable declaration, method, class property). */
  node: ts.FunctionDeclaration | ts.VariableDeclaration | ts.MethodDeclaration | ts.PropertyDeclaration;
  /** Where diagnostics about the whole entry point: its name. */
  nameNode: ts.Node;
  /** The function-like node whose signature is read. */
  signatureNode: ts.SignatureDeclaration;
  /** The identifier users wrote: function, const or method name. */
  identifier: string;
  /** The export name (the function, const, or toolset class; `default` for a default export). */
  exportName: string;
  doc: DocInfo;
  sourceFile: ts.SourceFile;
  /** Set for members of an `@toolset` class. */
  toolset?: { className: string; node: ts.ClassDeclaration; doc: DocInfo; static: boolean };
  /** No implementation in JavaScript (`declare function`, a declaration file). */
  ambient: boolean;
}

const KIND_TAGS: readonly DeclarationKind[] = ["tool", "prompt", "resource"];

/**
 * Finds every tagged declaration of a source file, in source order: exported function
 * declarations, exported `const` arrow functions and function expressions, members of
 * exported `@toolset` classes, and `declare function`s. A tag anywhere else is a diagnostic.
 */
export function findDeclarations(tsm: typeof ts, checker: ts.TypeChecker, sourceFile: ts.SourceFile, diagnostics: DiagnosticBag): FoundDeclaration[] {
  const exportNames = findExportNames(tsm, checker, sourceFile);
  const exportNameOf = (node: ts.Node, name: ts.Identifier | undefined): string | undefined => {
    if (hasModifier(tsm, node, tsm.SyntaxKind.ExportKeyword)) return hasModifier(tsm, node, tsm.SyntaxKind.DefaultKeyword) ? "default" : name?.text;
    const symbol = name && checker.getSymbolAtLocation(name);
    return symbol && exportNames.get(symbol);
  };
  const found: FoundDeclaration[] = [];
  for (const statement of sourceFile.statements) {
    if (tsm.isFunctionDeclaration(statement)) {
      const doc = readDoc(tsm, statement);
      const kind = entryKind(tsm, statement, doc, diagnostics);
      if (!kind) continue;
      if (!statement.name) {
        diagnostics.report(statement, DiagnosticCode.TagOnWrongDeclaration, `@${kind} needs a named function: give this default export a name.`);
        continue;
      }
      if (isOverloaded(tsm, checker, statement)) {
        diagnostics.report(statement.name, DiagnosticCode.OverloadedEntry, `'${statement.name.text}' is overloaded; a ${kind} has exactly one signature. Remove the overloads, or expose each as its own function.`);
        continue;
      }
      const exportName = exportNameOf(statement, statement.name);
      if (!requireExported(statement.name, exportName, diagnostics)) continue;
      const ambient = !statement.body || hasModifier(tsm, statement, tsm.SyntaxKind.DeclareKeyword) || sourceFile.isDeclarationFile;
      found.push({ kind, node: statement, nameNode: statement.name, signatureNode: statement, identifier: statement.name.text, exportName: exportName!, doc, sourceFile, ambient });
    } else if (tsm.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const doc = readDoc(tsm, declaration);
        const kind = entryKind(tsm, declaration, doc, diagnostics);
        if (!kind) continue;
        if (!tsm.isIdentifier(declaration.name)) {
          diagnostics.report(declaration.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} needs a function bound to a plain name, not a destructuring pattern.`);
          continue;
        }
        const init = declaration.initializer && skipParentheses(tsm, declaration.initializer);
        if (!init || !(tsm.isArrowFunction(init) || tsm.isFunctionExpression(init))) {
          diagnostics.report(declaration.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} needs a function: initialize '${declaration.name.text}' with an arrow function or function expression.`);
          continue;
        }
        // A type of several signatures, declared or asserted (`= (…) => … as Overloads`), is what callers see (the generated module's types take its last): no one signature is the tool.
        if (checker.getTypeAtLocation(declaration.name).getCallSignatures().length > 1) {
          diagnostics.report(declaration.name, DiagnosticCode.OverloadedEntry, `'${declaration.name.text}' has an overloaded type; a ${kind} has exactly one signature. Remove the type annotation or assertion, or expose each signature as its own function.`);
          continue;
        }
        const exportName = exportNameOf(statement, declaration.name);
        if (!requireExported(declaration.name, exportName, diagnostics)) continue;
        found.push({ kind, node: declaration, nameNode: declaration.name, signatureNode: init, identifier: declaration.name.text, exportName: exportName!, doc, sourceFile, ambient: false });
      }
    } else if (tsm.isClassDeclaration(statement)) {
      found.push(...findToolsetMembers(tsm, statement, sourceFile, diagnostics, exportNameOf(statement, statement.name)));
    } else {
      reportStrayKindTags(tsm, statement, diagnostics);
      if (tsm.isModuleDeclaration(statement)) reportTagsInNamespace(tsm, statement, diagnostics);
    }
  }
  reportNestedKindTags(tsm, sourceFile, diagnostics);
  return found;
}

/**
 * A kind tag in a doc comment inside a declaration (an object literal's method, a nested
 * function, a constructor, a static block) declares nothing: said, not dropped without a word.
 * Tags are looked for in the text, so a file without one outside the leading comments of its
 * statements and class members (which the walk above read) costs one search.
 */
function reportNestedKindTags(tsm: typeof ts, sourceFile: ts.SourceFile, diagnostics: DiagnosticBag): void {
  const matches = [...sourceFile.text.matchAll(NESTED_KIND_TAG)];
  if (matches.length === 0) return;
  const read: Array<[number, number]> = [];
  for (const statement of sourceFile.statements) {
    // A namespace's own statements are read by `reportTagsInNamespace`.
    read.push([statement.getFullStart(), tsm.isModuleDeclaration(statement) ? statement.getEnd() : statement.getStart(sourceFile)]);
    if (tsm.isClassDeclaration(statement)) for (const member of statement.members) if (tsm.isMethodDeclaration(member) || tsm.isPropertyDeclaration(member) || tsm.isAccessor(member)) read.push([member.getFullStart(), member.getStart(sourceFile)]);
  }
  for (const match of matches) {
    const at = match.index!;
    if (read.some(([from, to]) => at >= from && at < to) || !inDocComment(tsm, sourceFile, at)) continue;
    diagnostics.reportRange(sourceFile, at, match[0].length, DiagnosticCode.TagOnWrongDeclaration, `${match[0]} inside a declaration (an object literal, a function's body, a constructor) declares nothing: it belongs on an exported function, an exported const arrow function, or a method of a @toolset class.`);
  }
}

const NESTED_KIND_TAG = /(?<=[\s*])@(?:tool|prompt|resource)(?![\w-])/g;

/** Whether `at` is inside a doc comment (`/** … *\/`), not a string or code: in the leading comments of the innermost node around it. */
function inDocComment(tsm: typeof ts, sourceFile: ts.SourceFile, at: number): boolean {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child: ts.Node | undefined = tsm.forEachChild(node, (c) => (c.getFullStart() <= at && at < c.getEnd() ? c : undefined));
    if (!child) return false;
    if (at < child.getStart(sourceFile)) return (tsm.getLeadingCommentRanges(sourceFile.text, child.getFullStart()) ?? []).some((range) => range.pos <= at && at < range.end && sourceFile.text.startsWith("/**", range.pos));
    node = child;
  }
}

function findToolsetMembers(tsm: typeof ts, cls: ts.ClassDeclaration, sourceFile: ts.SourceFile, diagnostics: DiagnosticBag, exportName: string | undefined): FoundDeclaration[] {
  const classDoc = readDoc(tsm, cls);
  const isToolset = hasTag(classDoc, "toolset");
  const className = cls.name?.text ?? "default";
  if (isToolset) checkTags(classDoc, "toolset", diagnostics);
  else {
    reportStrayKindTags(tsm, cls, diagnostics, classDoc);
    reportMisspeltTag(classDoc, ["toolset"], diagnostics);
  }
  const members: FoundDeclaration[] = [];
  for (const member of cls.members) {
    if (tsm.isGetAccessorDeclaration(member) || tsm.isSetAccessorDeclaration(member)) {
      reportStrayKindTags(tsm, member, diagnostics);
      continue;
    }
    if (tsm.isConstructorDeclaration(member)) {
      if (isToolset) checkConstructor(tsm, member, className, diagnostics);
      continue;
    }
    if (!tsm.isMethodDeclaration(member) && !tsm.isPropertyDeclaration(member)) continue;
    const doc = readDoc(tsm, member);
    const kind = entryKind(tsm, member, doc, diagnostics);
    if (!kind) {
      if (isToolset && doc.tags.length === 0 && doc.description === "") reportDetachedDoc(tsm, member, diagnostics);
      continue;
    }
    if (!isToolset) {
      diagnostics.report(member.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} on a class member needs its class '${className}' to be tagged @toolset.`);
      continue;
    }
    if (!tsm.isIdentifier(member.name) || hasModifier(tsm, member, tsm.SyntaxKind.PrivateKeyword) || hasModifier(tsm, member, tsm.SyntaxKind.ProtectedKeyword)) {
      diagnostics.report(member.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} needs a public member with a plain name; the registry calls it from outside the class.`);
      continue;
    }
    let signatureNode: ts.SignatureDeclaration | undefined;
    if (tsm.isMethodDeclaration(member)) signatureNode = member;
    else {
      const init = member.initializer && skipParentheses(tsm, member.initializer);
      if (init && (tsm.isArrowFunction(init) || tsm.isFunctionExpression(init))) signatureNode = init;
    }
    if (!signatureNode) {
      diagnostics.report(member.name, DiagnosticCode.TagOnWrongDeclaration, `@${kind} needs a method, or a property initialized with an arrow function.`);
      continue;
    }
    if (tsm.isMethodDeclaration(member) && !member.body) {
      diagnostics.report(member.name, DiagnosticCode.OverloadedEntry, `'${member.name.text}' has no body (an overload or abstract method); a ${kind} needs one implemented signature.`);
      continue;
    }
    members.push({
      kind,
      node: member,
      nameNode: member.name,
      signatureNode,
      identifier: member.name.text,
      exportName: exportName ?? className,
      doc,
      sourceFile,
      toolset: { className, node: cls, doc: classDoc, static: hasModifier(tsm, member, tsm.SyntaxKind.StaticKeyword) },
      ambient: false,
    });
  }
  if (isToolset && members.length > 0 && !requireExported(cls.name ?? cls, exportName, diagnostics)) return [];
  return members;
}

/**
 * `@tol` where `@tool` was meant: without the tag the declaration is silently no entry (or the
 * class no toolset), so a near miss of one is worth a warning even where tags are not checked.
 */
function reportMisspeltTag(doc: DocInfo, meant: readonly string[], diagnostics: DiagnosticBag): void {
  for (const tag of doc.tags) {
    if (KNOWN_TAGS.has(tag.name)) continue;
    const suggestion = suggestTag(tag.name);
    if (suggestion && meant.includes(suggestion)) diagnostics.report(tag.node, DiagnosticCode.UnknownTag, `Unknown tag @${tag.name}; did you mean @${suggestion}? Without it, this is no ${suggestion}.`, "warning");
  }
}

/**
 * The runtime makes a toolset with `new Toolset()` unless the application passes a
 * `toolsetFactory`; `toolgen call` and `serve` cannot. A required constructor parameter would
 * then be `undefined` in every call: worth a warning where the class is declared.
 */
function checkConstructor(tsm: typeof ts, constructor: ts.ConstructorDeclaration, className: string, diagnostics: DiagnosticBag): void {
  const required = constructor.parameters.filter((p) => !p.questionToken && !p.initializer && !p.dotDotDotToken);
  if (required.length === 0 || !constructor.body) return;
  diagnostics.report(
    required[0]!,
    DiagnosticCode.ToolsetConstructor,
    `The runtime creates '${className}' with no arguments, so '${required[0]!.name.getText()}' would be undefined; give it a default, or create the toolset in the application with the registry's toolsetFactory option (toolgen call and serve have none).`,
    "warning",
  );
}

/**
 * A function in a namespace (or `declare module`, `declare global`) is no export of the module
 * the registry imports by name: its `@tool` is said, not dropped without a word.
 */
function reportTagsInNamespace(tsm: typeof ts, namespace: ts.ModuleDeclaration, diagnostics: DiagnosticBag): void {
  let body = namespace.body;
  while (body && tsm.isModuleDeclaration(body)) body = body.body; // namespace A.B { … }
  if (!body || !tsm.isModuleBlock(body)) return;
  const where = `namespace '${namespace.name.getText()}'`;
  for (const statement of body.statements) {
    if (tsm.isModuleDeclaration(statement)) reportTagsInNamespace(tsm, statement, diagnostics);
    const nodes: readonly ts.Node[] = tsm.isVariableStatement(statement) ? statement.declarationList.declarations : tsm.isClassDeclaration(statement) ? [statement, ...statement.members] : [statement];
    for (const node of nodes) {
      for (const tag of readDoc(tsm, node).tags) {
        if ((KIND_TAGS as readonly string[]).includes(tag.name) || tag.name === "toolset") {
          diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, `@${tag.name} inside ${where}: toolgen takes what a module exports itself. Move the declaration out of the namespace and export it from the module.`);
        }
      }
    }
  }
}

/** `@tool` on an interface, a type, an enum, an accessor… */
function reportStrayKindTags(tsm: typeof ts, node: ts.Node, diagnostics: DiagnosticBag, doc = readDoc(tsm, node)): void {
  for (const tag of doc.tags) {
    if ((KIND_TAGS as readonly string[]).includes(tag.name)) {
      diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, `@${tag.name} belongs on an exported function, an exported const arrow function, or a method of a @toolset class.`);
    } else if (tag.name === "toolset" && !tsm.isClassDeclaration(node)) {
      diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, `@toolset belongs on an exported class.`);
    }
  }
}

function entryKind(tsm: typeof ts, node: ts.Node, doc: DocInfo, diagnostics: DiagnosticBag): DeclarationKind | undefined {
  const kinds = KIND_TAGS.filter((k) => hasTag(doc, k));
  if (kinds.length === 0) reportMisspeltTag(doc, KIND_TAGS, diagnostics);
  if (kinds.length > 1) {
    diagnostics.report(nameOf(tsm, node), DiagnosticCode.ConflictingKinds, `A declaration is one of @tool, @prompt or @resource; this one has ${kinds.map((k) => "@" + k).join(" and ")}. Split it into separate functions.`);
  }
  return kinds[0];
}

function isOverloaded(tsm: typeof ts, checker: ts.TypeChecker, fn: ts.FunctionDeclaration): boolean {
  const symbol = fn.name && checker.getSymbolAtLocation(fn.name);
  return (symbol?.declarations ?? []).filter((d) => tsm.isFunctionDeclaration(d)).length > 1;
}

function requireExported(at: ts.Node, exportName: string | undefined, diagnostics: DiagnosticBag): boolean {
  if (exportName !== undefined) return true;
  diagnostics.report(at, DiagnosticCode.NotExported, `'${at.getText()}' must be exported so the generated registry can import it; add 'export'.`);
  return false;
}

function hasModifier(tsm: typeof ts, node: ts.Node, kind: ts.SyntaxKind): boolean {
  return tsm.canHaveModifiers(node) && (tsm.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function nameOf(tsm: typeof ts, node: ts.Node): ts.Node {
  return (tsm.isFunctionDeclaration(node) || tsm.isClassDeclaration(node) || tsm.isMethodDeclaration(node) || tsm.isPropertyDeclaration(node) || tsm.isVariableDeclaration(node)) && node.name ? node.name : node;
}

function skipParentheses(tsm: typeof ts, expression: ts.Expression): ts.Expression {
  let e = expression;
  while (tsm.isParenthesizedExpression(e) || tsm.isAsExpression(e) || tsm.isSatisfiesExpression(e)) e = e.expression;
  return e;
}
