import type * as ts from "typescript";
import { checkTags } from "../source/check-tags.js";
import { reportDetachedDoc } from "../source/report-detached-doc.js";
import type { TagPlace } from "../source/known-tags.js";
import { readDoc } from "../source/read-jsdoc.js";
import { NO_ANNOTATIONS, readAnnotations, type ReadAnnotations } from "./read-annotations.js";
import type { AnalysisState } from "./reader-context.js";

/**
 * The annotations a declaration's doc comment gives: a property's, or a type's (alias,
 * interface, class, enum, enum member), which apply wherever the type is used. TypeScript's
 * lib never counts; in installed packages, generic aliases (utility types) do not either.
 * Read, and checked for unknown tags, once per declaration.
 */
export function readDeclarationAnnotations(state: AnalysisState, declaration: ts.Node, place: Extract<TagPlace, "property" | "type">): ReadAnnotations {
  const cached = state.declarationAnnotations.get(declaration);
  if (cached) return cached;
  let read = NO_ANNOTATIONS;
  const sourceFile = declaration.getSourceFile();
  const external = state.isExternalLibrary(sourceFile);
  const utility = state.ts.isTypeAliasDeclaration(declaration) && declaration.typeParameters !== undefined;
  if (!state.isDefaultLibrary(sourceFile) && !(external && utility)) {
    const doc = readDoc(state.ts, declaration);
    if (!external) {
      checkTags(doc, place, state.diagnostics);
      if (doc.tags.length === 0 && doc.description === "") reportDetachedDoc(state.ts, declaration, state.diagnostics);
    }
    read = readAnnotations(doc, state.diagnostics);
  }
  state.declarationAnnotations.set(declaration, read);
  return read;
}

/** The declaration whose doc describes a type: its alias, or its interface, class or enum. */
export function describingDeclaration(state: AnalysisState, type: ts.Type): ts.Node | undefined {
  const { ts: tsm } = state;
  const alias = type.aliasSymbol?.declarations?.find(tsm.isTypeAliasDeclaration);
  if (alias) return alias;
  // An enum type carries its enum as its alias symbol.
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol) return undefined;
  const describable = tsm.SymbolFlags.Interface | tsm.SymbolFlags.Class | tsm.SymbolFlags.Enum | tsm.SymbolFlags.EnumMember;
  if (!(symbol.flags & describable)) return undefined;
  const declaration = symbol.declarations?.find((d) => tsm.isInterfaceDeclaration(d) || tsm.isClassDeclaration(d) || tsm.isEnumDeclaration(d) || tsm.isEnumMember(d));
  // An enum of one member is that member's type to the checker: the enum's doc describes it.
  if (declaration && tsm.isEnumMember(declaration) && declaration.parent.members.length === 1) return declaration.parent;
  return declaration;
}
