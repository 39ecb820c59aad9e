import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { orderProperties } from "./order-properties.js";
import { readIndexSignatures } from "./read-index-signatures.js";
import { readProperty } from "./read-property.js";
import { isUserDeclaration, type ReaderContext } from "./reader-context.js";
import type { PropertyModel, TypeModel } from "./type-model.js";
import { substitute, type TypeNodeView } from "./view-type-node.js";

/**
 * Interfaces, type literals, classes, mapped and intersected objects: their data properties
 * and index signatures. A class with methods is not plain data (the tool would get an object
 * without them), which is a diagnostic for arguments and silently skipped for results, unless
 * a result has nothing but methods (it would reach the model as {}).
 */
export function readObject(ctx: ReaderContext, type: ts.Type, site: ts.Node, view: TypeNodeView): TypeModel {
  const { ts: tsm } = ctx;
  const data: ts.Symbol[] = [];
  const methods: ts.Symbol[] = [];
  for (const symbol of orderProperties(ctx, type, view.node)) (isBehaviour(tsm, symbol) ? methods : data).push(symbol);
  const methodNames = () => {
    const names = methods.map((m) => ctx.checker.symbolToString(m));
    return names.length > 6 ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more` : names.join(", ");
  };
  // `{}`, an empty interface or class: TypeScript takes any value but null and undefined for it,
  // a string as well, where a closed object without properties would take only `{}`.
  if (data.length === 0 && methods.length === 0 && ctx.checker.getIndexInfosOfType(type).length === 0) {
    const name = ctx.checker.typeToString(type);
    const what = name === "{}" ? "'{}'" : `'${name}' has no properties, so it`;
    ctx.diagnostics.report(site, DiagnosticCode.UnsupportedType, `${what} admits any value but null and undefined, a string as well; use Record<string, never> for an empty object, object for any JSON object, or an interface with the data fields.`);
    return { kind: "object", properties: [] };
  }
  if (methods.length > 0 && ctx.direction === "input") {
    ctx.diagnostics.report(
      site,
      DiagnosticCode.UnsupportedType,
      `'${ctx.checker.typeToString(type)}' has methods (${methodNames()}); a model sends plain JSON, so the tool would get an object without them. Use an interface with the data fields.`,
    );
  }
  // A result of nothing but behaviour (a generator, an iterator, a class of getters) reaches the model as {}.
  if (methods.length > 0 && data.length === 0 && ctx.direction === "output" && ctx.checker.getIndexInfosOfType(type).length === 0) {
    ctx.diagnostics.report(
      site,
      DiagnosticCode.UnsupportedType,
      `'${ctx.checker.typeToString(type)}' has only methods (${methodNames()}), which JSON.stringify writes as {}; return the data itself (collect a generator's values into an array).`,
    );
  }
  // A mapped type's properties have no declaration of their own; its template node may fit them.
  const mappedValueNode = view.node && tsm.isMappedTypeNode(view.node) && view.node.type ? substitute(ctx, view.node.type, ctx.typeArgumentNodes) : undefined;
  const properties: PropertyModel[] = [];
  const restricted: string[] = [];
  const taken = new Map<string, string>();
  for (const symbol of data) {
    const escaped = String(symbol.escapedName);
    if (escaped.startsWith("__@") || escaped.startsWith("__#")) {
      if (ctx.direction === "input") ctx.diagnostics.report(site, DiagnosticCode.UnsupportedType, `'${ctx.checker.typeToString(type)}' has a symbol or private-named key; JSON keys are strings.`);
      continue;
    }
    if (ctx.direction === "input" && isRestricted(tsm, symbol)) {
      restricted.push(symbol.getName());
      continue;
    }
    const property = readProperty(ctx, symbol, site, mappedValueNode);
    if (!property) continue;
    if (property.name === "__proto__") {
      // Code that copies the object (`copy[key] = value`, defaults, conversions) would set its prototype instead.
      ctx.diagnostics.report(symbol.valueDeclaration ?? site, DiagnosticCode.UnsupportedType, `A property named '__proto__' is the object's prototype to JavaScript code that copies it; rename it (or give it another @alias).`);
      continue;
    }
    const clash = taken.get(property.name);
    if (clash !== undefined) {
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0] ?? site;
      ctx.diagnostics.report(declaration, DiagnosticCode.AliasCollision, `'${property.tsName ?? property.name}' is exposed as '${property.name}', which '${clash}' already uses; pick another @alias.`);
      continue;
    }
    taken.set(property.name, property.tsName ?? property.name);
    properties.push(property);
  }
  if (restricted.length > 0) {
    // TypeScript compares a class with such members by its declaration: only an instance is one.
    ctx.diagnostics.report(site, DiagnosticCode.UnsupportedType, `'${ctx.checker.typeToString(type)}' has private or protected members (${restricted.join(", ")}), so only an instance of the class is one, never the plain object a model sends. Use an interface with the data fields.`);
  }
  if (ctx.direction === "input") reportIndexConflicts(ctx, type, data, site);
  const indexNode = mappedValueNode;
  return { kind: "object", properties, ...readIndexSignatures(ctx, type, site, indexNode) };
}

/**
 * `{ name: string } & Record<string, number>`: TypeScript takes the intersection, which an
 * interface could not declare (TS2411), but no value is one — `name` must be a string and a
 * number. Every property must fit the string index signature's value type.
 */
function reportIndexConflicts(ctx: ReaderContext, type: ts.Type, data: readonly ts.Symbol[], site: ts.Node): void {
  const checker = ctx.checker as ts.TypeChecker & { isTypeAssignableTo?: (source: ts.Type, target: ts.Type) => boolean };
  const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ctx.ts.TypeFlags.String);
  if (!index || typeof checker.isTypeAssignableTo !== "function") return;
  for (const symbol of data) {
    const propertyType = checker.getTypeOfSymbol(symbol);
    const optional = (symbol.flags & ctx.ts.SymbolFlags.Optional) !== 0;
    if (checker.isTypeAssignableTo(propertyType, index.type) || (optional && checker.isTypeAssignableTo(checker.getNonNullableType(propertyType), index.type))) continue;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    ctx.diagnostics.report(
      declaration && isUserDeclaration(ctx, declaration) ? declaration : site,
      DiagnosticCode.UnsupportedType,
      `'${symbol.getName()}' is ${checker.typeToString(propertyType)}, which the index signature's ${checker.typeToString(index.type)} does not take: TypeScript allows '${checker.typeToString(type)}', but no value is one. Make the index signature's value type take it too.`,
    );
  }
}

/**
 * Methods, accessors of classes (they live on the prototype) and setters without a getter:
 * behaviour, not data. A property of an intersection is a synthetic symbol: its declarations tell.
 */
function isBehaviour(tsm: typeof ts, symbol: ts.Symbol): boolean {
  if (symbol.flags & tsm.SymbolFlags.Method) return true;
  // A property symbol of the type's own declarations holds only property declarations (a method
  // of the same name would be another symbol); an intersection's synthetic one may merge methods.
  if (symbol.flags & tsm.SymbolFlags.Property && !(symbol.flags & tsm.SymbolFlags.Transient)) return false;
  const declarations = symbol.declarations ?? [];
  if (declarations.length > 0 && declarations.every((d) => tsm.isMethodDeclaration(d) || tsm.isMethodSignature(d))) return true;
  if (!(symbol.flags & tsm.SymbolFlags.Accessor)) return false;
  // A setter alone is never read: `JSON.stringify` gets undefined from it and writes nothing.
  if (!(symbol.flags & tsm.SymbolFlags.GetAccessor)) return true;
  return declarations.some((d) => tsm.isClassLike(d.parent));
}

/** A class member declared `private` or `protected` (a parameter property too). */
function isRestricted(tsm: typeof ts, symbol: ts.Symbol): boolean {
  const declaration = symbol.valueDeclaration;
  if (!declaration || !(tsm.isPropertyDeclaration(declaration) || tsm.isParameter(declaration))) return false;
  return (tsm.getCombinedModifierFlags(declaration) & (tsm.ModifierFlags.Private | tsm.ModifierFlags.Protected)) !== 0;
}
