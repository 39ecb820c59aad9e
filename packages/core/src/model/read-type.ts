import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { readDoc } from "../source/read-jsdoc.js";
import { aliasChain, mergeAnnotations, readAnnotations } from "./read-annotations.js";
import { readObjectType } from "./read-object.js";
import { readTemplateLiteral } from "./read-template.js";
import { readUnion } from "./read-union.js";
import type { ReaderContext } from "./reader-context.js";
import type { Annotations, TypeModel } from "./type-model.js";

/**
 * Reads a checker type into the type model. `site` is where a diagnostic points when the
 * type cannot be represented; `typeNode`, when known, lets constraint tags on a type alias
 * (`type Port = number` with `@integer`) apply, since the checker forgets primitive aliases.
 */
export function readType(ctx: ReaderContext, type: ts.Type, site: ts.Node, typeNode?: ts.TypeNode): TypeModel {
  const fromAliases = readAliasAnnotations(ctx, type, typeNode);
  const model = readBareType(ctx, type, site);
  if (!fromAliases) return model;
  return applyAliasAnnotations(model, fromAliases);
}

function readBareType(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  const { ts: tsm } = ctx;
  const f = type.flags;
  if (f & tsm.TypeFlags.EnumLiteral && !(f & tsm.TypeFlags.Union)) return readLiteral(ctx, type);
  if (f & (tsm.TypeFlags.StringLiteral | tsm.TypeFlags.NumberLiteral | tsm.TypeFlags.BooleanLiteral)) return readLiteral(ctx, type);
  if (f & tsm.TypeFlags.String) return { kind: "string" };
  if (f & tsm.TypeFlags.Number) return { kind: "number", integer: false };
  if (f & tsm.TypeFlags.Boolean) return { kind: "boolean" };
  if (f & tsm.TypeFlags.Null) return { kind: "null" };
  if (f & tsm.TypeFlags.TemplateLiteral) return readTemplateLiteral(ctx, type as ts.TemplateLiteralType, site);
  if (f & tsm.TypeFlags.Union) return readUnion(ctx, type as ts.UnionType, site);
  if (f & (tsm.TypeFlags.Any | tsm.TypeFlags.Unknown)) {
    if (ctx.strict) {
      ctx.diagnostics.report(
        site,
        DiagnosticCode.AnyOrUnknown,
        `'${ctx.checker.typeToString(type)}' gives the model no schema to follow; use a concrete type, or set "strict": false to accept any JSON value here.`,
      );
    }
    return { kind: "any" };
  }
  if (f & tsm.TypeFlags.Intersection) return readIntersection(ctx, type as ts.IntersectionType, site);
  if (f & tsm.TypeFlags.Object) return readObjectType(ctx, type as ts.ObjectType, site);
  return unsupported(ctx, type, site);
}

function readLiteral(ctx: ReaderContext, type: ts.Type): TypeModel {
  if (type.flags & ctx.ts.TypeFlags.BooleanLiteral) {
    return { kind: "literal", value: ctx.checker.typeToString(type) === "true" };
  }
  return { kind: "literal", value: (type as ts.LiteralType).value as string | number };
}

/**
 * `A & B` of objects is one object with both property sets (the checker merges them);
 * `string & { __brand: "Id" }` (a branded primitive) is the primitive.
 */
function readIntersection(ctx: ReaderContext, type: ts.IntersectionType, site: ts.Node): TypeModel {
  const primitive = type.types.find((t) => t.flags & (ctx.ts.TypeFlags.StringLike | ctx.ts.TypeFlags.NumberLike | ctx.ts.TypeFlags.BooleanLike));
  if (primitive) return readBareType(ctx, primitive, site);
  return readObjectType(ctx, type, site);
}

export function unsupported(ctx: ReaderContext, type: ts.Type, site: ts.Node, why?: string): TypeModel {
  const shown = ctx.checker.typeToString(type);
  ctx.diagnostics.report(
    site,
    DiagnosticCode.UnsupportedType,
    `'${shown}' cannot be carried in JSON${why ? ` (${why})` : ""}; use a JSON-compatible type (string, number, boolean, null, arrays, plain objects, Date).`,
  );
  return { kind: "any" };
}

/** Constraint tags on the type aliases a type was declared through, outermost last (it wins). */
function readAliasAnnotations(ctx: ReaderContext, type: ts.Type, typeNode: ts.TypeNode | undefined) {
  const declarations = aliasChain(ctx, typeNode);
  if (declarations.length === 0 && type.aliasSymbol?.declarations) {
    const declaration = type.aliasSymbol.declarations.find(ctx.ts.isTypeAliasDeclaration);
    if (declaration) declarations.push(declaration);
  }
  if (declarations.length === 0) return undefined;
  let integer = false;
  const layers: (Annotations | undefined)[] = [];
  for (const declaration of [...declarations].reverse()) {
    const read = readAnnotations(ctx, readDoc(ctx.ts, declaration), { description: true });
    integer ||= read.integer;
    layers.push(read.annotations);
  }
  return { integer, annotations: mergeAnnotations(...layers) };
}

export function applyAliasAnnotations(model: TypeModel, extra: { integer: boolean; annotations?: Annotations }): TypeModel {
  const withInteger = extra.integer && model.kind === "number" ? { ...model, integer: true } : model;
  // The use site (property, parameter, closer alias) wins over what the type itself carries.
  const annotations = mergeAnnotations(model.annotations, extra.annotations);
  return annotations ? { ...withInteger, annotations } : withInteger;
}
