import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { readSymbolDoc } from "../source/read-jsdoc.js";
import { readAnnotations } from "./read-annotations.js";
import { applyAliasAnnotations, readType, unsupported } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import type { PropertyModel, TupleElement, TypeModel } from "./type-model.js";

/** Built-in classes that are not JSON: named so the diagnostic can say what to do instead. */
const NOT_JSON: Record<string, string> = {
  Map: "use Record<string, V> or an array of [key, value] tuples",
  Set: "use an array (with @uniqueItems)",
  WeakMap: "not serializable",
  WeakSet: "not serializable",
  Promise: "await it before it reaches a tool boundary",
  RegExp: "use a string with @format regex",
  Function: "functions are not data",
  Symbol: "symbols are not data",
  BigInt: "use a number or a string",
  Uint8Array: "use a base64 string",
  Buffer: "use a base64 string",
  ArrayBuffer: "use a base64 string",
  Error: "use an object type with the fields you need",
};

export function readObjectType(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  const { checker } = ctx;
  const symbolName = type.getSymbol()?.getName();
  if (symbolName === "Date" && isLibType(ctx, type)) return { kind: "date" };
  if (symbolName && symbolName in NOT_JSON && isLibType(ctx, type)) return unsupported(ctx, type, site, NOT_JSON[symbolName]);
  if (checker.isTupleType(type)) return readTuple(ctx, type as ts.TypeReference, site);
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return { kind: "array", items: element ? readType(ctx, element, site) : { kind: "any" } };
  }
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
    return unsupported(ctx, type, site, "a function");
  }
  return readNamedObject(ctx, type, site);
}

/**
 * Objects with a name may be recursive. While one is read it sits in `inProgress`; meeting it
 * again yields a `$ref`, and the finished type is then written once under `$defs`.
 */
function readNamedObject(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  const existing = ctx.inProgress.get(type);
  if (existing) {
    existing.recursive = true;
    return { kind: "ref", name: existing.name };
  }
  const defined = ctx.definitions.find((d) => ctx.usedNames.get(d.name) === type);
  if (defined) return { kind: "ref", name: defined.name };

  const entry = { name: definitionName(ctx, type), recursive: false };
  ctx.inProgress.set(type, entry);
  const model = readPlainObject(ctx, type, site);
  ctx.inProgress.delete(type);
  if (!entry.recursive) return model;
  ctx.usedNames.set(entry.name, type);
  ctx.definitions.push({ name: entry.name, type: model });
  return { kind: "ref", name: entry.name };
}

/** The TypeScript name with its type arguments (`Page_User`), made unique when two types share it. */
function definitionName(ctx: ReaderContext, type: ts.Type): string {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const base = symbol && !symbol.getName().startsWith("__") ? symbol.getName() : "Object";
  const args = type.aliasTypeArguments ?? (type as ts.TypeReference).typeArguments ?? [];
  const suffix = args.map((a) => ctx.checker.typeToString(a).replace(/[^A-Za-z0-9]+/g, "_")).join("_");
  const name = suffix ? `${base}_${suffix}` : base;
  let candidate = name;
  for (let n = 2; ctx.usedNames.has(candidate) && ctx.usedNames.get(candidate) !== type; n++) candidate = `${name}_${n}`;
  return candidate;
}

function readPlainObject(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  const { checker, ts: tsm } = ctx;
  const properties: PropertyModel[] = [];
  const seenNames = new Map<string, string>();
  for (const symbol of checker.getPropertiesOfType(type)) {
    const property = readProperty(ctx, symbol, site);
    if (!property) continue;
    const clash = seenNames.get(property.name);
    if (clash !== undefined) {
      ctx.diagnostics.report(
        propertySite(ctx, symbol, site),
        DiagnosticCode.AliasCollision,
        `'${property.tsName ?? property.name}' is exposed as '${property.name}', which '${clash}' already uses; pick another @alias.`,
      );
      continue;
    }
    seenNames.set(property.name, property.tsName ?? property.name);
    properties.push(property);
  }
  const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & (tsm.TypeFlags.String | tsm.TypeFlags.Number));
  const model: TypeModel = { kind: "object", properties };
  if (index) model.additional = readType(ctx, index.type, site);
  return model;
}

function readProperty(ctx: ReaderContext, symbol: ts.Symbol, site: ts.Node): PropertyModel | undefined {
  const { checker, ts: tsm } = ctx;
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  const at = propertySite(ctx, symbol, site);
  if (declaration && (tsm.isMethodDeclaration(declaration) || tsm.isMethodSignature(declaration))) {
    // Methods on a class instance: the value is not plain data.
    unsupported(ctx, checker.getTypeOfSymbol(symbol), at, `'${symbol.getName()}' is a method; a class with methods is not plain data`);
    return undefined;
  }
  const optional = (symbol.flags & tsm.SymbolFlags.Optional) !== 0;
  const read = readAnnotations(ctx, readSymbolDoc(tsm, symbol), { description: true });
  if (read.hidden) {
    if (!optional) {
      ctx.diagnostics.report(at, DiagnosticCode.HiddenRequiredProperty, `'${symbol.getName()}' is @hidden but required; make it optional so the model may leave it out.`);
    }
    return undefined;
  }
  const typeNode = declaration && (tsm.isPropertySignature(declaration) || tsm.isPropertyDeclaration(declaration)) ? declaration.type : undefined;
  let type = readType(ctx, checker.getTypeOfSymbol(symbol), at, typeNode);
  type = applyAliasAnnotations(type, read);
  const name = read.alias ?? symbol.getName();
  return { name, ...(read.alias ? { tsName: symbol.getName() } : {}), type, optional };
}

function propertySite(ctx: ReaderContext, symbol: ts.Symbol, site: ts.Node): ts.Node {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  // Point at the property when it is in the user's code, else at the tool.
  return declaration && !declaration.getSourceFile().isDeclarationFile ? declaration : site;
}

function readTuple(ctx: ReaderContext, type: ts.TypeReference, site: ts.Node): TypeModel {
  const target = type.target as ts.TupleType;
  const args = ctx.checker.getTypeArguments(type);
  const elements: TupleElement[] = [];
  let rest: TypeModel | undefined;
  args.forEach((arg, i) => {
    const flags = target.elementFlags[i] ?? ctx.ts.ElementFlags.Required;
    if (flags & ctx.ts.ElementFlags.Variable) rest = readType(ctx, arg, site);
    else elements.push({ type: readType(ctx, arg, site), optional: (flags & ctx.ts.ElementFlags.Optional) !== 0 });
  });
  return rest ? { kind: "tuple", elements, rest } : { kind: "tuple", elements };
}

/** True when the type is declared only in TypeScript's lib files or `@types/node`. */
function isLibType(ctx: ReaderContext, type: ts.Type): boolean {
  const declarations = type.getSymbol()?.declarations ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getSourceFile().isDeclarationFile);
}
