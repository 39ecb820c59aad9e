import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { applyAnnotations } from "./apply-annotations.js";
import { readDeclarationAnnotations } from "./read-declaration-annotations.js";
import { readType } from "./read-type.js";
import { isUserDeclaration, type ReaderContext } from "./reader-context.js";
import type { PropertyModel } from "./type-model.js";

/**
 * The declaration of the property a mapped type's `as` clause renamed (`{ [K in keyof T as
 * \`get_${K}\`]: T[K] }`): the checker links the renamed property to no declaration, only to
 * the property it came from (its internal `syntheticOrigin`), whose doc and constraints it keeps.
 */
function remappedFrom(symbol: ts.Symbol): ts.Declaration | undefined {
  const origin = (symbol as { links?: { syntheticOrigin?: ts.Symbol } }).links?.syntheticOrigin;
  return origin?.valueDeclaration ?? origin?.declarations?.[0];
}

/**
 * One property: its type (with the node it was declared with), its doc (description,
 * constraints, `@alias`, `@hidden`) and whether the model may leave it out (`?`, or a type
 * that admits `undefined`). Returns undefined for a `@hidden` property, and for one that must
 * be absent.
 */
export function readProperty(ctx: ReaderContext, symbol: ts.Symbol, site: ts.Node, fallbackNode?: ts.TypeNode): PropertyModel | undefined {
  const { ts: tsm, checker } = ctx;
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0] ?? remappedFrom(symbol);
  const at = declaration && isUserDeclaration(ctx, declaration) ? declaration : site;
  const type = checker.getTypeOfSymbol(symbol);
  const optional = (symbol.flags & tsm.SymbolFlags.Optional) !== 0 || admitsUndefined(ctx, type);
  // `b?: never` (or `?: undefined`): the key must be absent, as it is from a closed object
  // that leaves it out — the idiom of a union whose members exclude each other's keys.
  if (optional && type.flags & (tsm.TypeFlags.Never | tsm.TypeFlags.Undefined | tsm.TypeFlags.Void)) return undefined;
  const read = declaration ? readDeclarationAnnotations(ctx, declaration, "property") : undefined;
  if (read?.hidden) {
    if (!optional) {
      ctx.diagnostics.report(read.tags.get("hidden") ?? at, DiagnosticCode.HiddenRequiredProperty, `'${symbol.getName()}' is @hidden but required; make it optional ('${symbol.getName()}?:') so the model may leave it out.`);
    }
    return undefined;
  }
  const declaredNode = declaration && (tsm.isPropertySignature(declaration) || tsm.isPropertyDeclaration(declaration) || tsm.isParameter(declaration)) ? declaration.type : undefined;
  // Reported at the user's node, a dependency's property is named in the message.
  const outside = declaration !== undefined && at === site;
  if (outside) ctx.outside.push(symbol.getName());
  let model;
  try {
    model = readType(ctx, type, at, declaredNode ?? fallbackNode);
  } finally {
    if (outside) ctx.outside.pop();
  }
  if (read) model = applyAnnotations(ctx, model, read);
  // `@alias` names an argument the model sends; a result is the object the function returns, under its own names.
  const name = (ctx.direction === "input" ? read?.alias : undefined) ?? symbol.getName();
  return { name, ...(name !== symbol.getName() ? { tsName: symbol.getName() } : {}), type: model, optional };
}

export function admitsUndefined(ctx: ReaderContext, type: ts.Type): boolean {
  const F = ctx.ts.TypeFlags;
  if (type.flags & (F.Undefined | F.Void)) return true;
  return (type.flags & F.Union) !== 0 && (type as ts.UnionType).types.some((t) => t.flags & (F.Undefined | F.Void));
}
