import type * as ts from "typescript";
import { readAnyOrUnknown } from "./read-any.js";
import { readIntersection } from "./read-intersection.js";
import { readObjectLike } from "./read-object-like.js";
import { readLiteral, readPrimitive } from "./read-primitive.js";
import { readTemplateLiteral } from "./read-template.js";
import { readTypeParameter } from "./read-type-parameter.js";
import { readUnion } from "./read-union.js";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";
import type { TypeNodeView } from "./view-type-node.js";

type Reader = (ctx: ReaderContext, type: ts.Type, site: ts.Node, view: TypeNodeView) => TypeModel;

/**
 * One reader per construct, chosen by the checker's type flags, first match wins. Each
 * reader is its own small file; this table is the only place that knows them all.
 */
function readers(tsm: typeof ts): ReadonlyArray<[flags: number, reader: Reader]> {
  const F = tsm.TypeFlags;
  return [
    [F.Any | F.Unknown, readAnyOrUnknown],
    [F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.EnumLiteral, (ctx, type, site, view) => (type.flags & F.Union ? readUnion(ctx, type as ts.UnionType, site, view) : readLiteral(ctx, type))],
    [F.String | F.Number | F.Boolean | F.Null | F.Enum, (ctx, type) => readPrimitive(ctx, type)],
    [F.TemplateLiteral, (ctx, type, site) => readTemplateLiteral(ctx, type as ts.TemplateLiteralType, site)],
    [F.Union, (ctx, type, site, view) => readUnion(ctx, type as ts.UnionType, site, view)],
    [F.Intersection, (ctx, type, site, view) => readIntersection(ctx, type as ts.IntersectionType, site, view)],
    [F.TypeParameter, readTypeParameter],
    [F.Object | F.NonPrimitive, readObjectLike],
    [F.BigInt | F.BigIntLiteral, (ctx, type, site) => reportUnsupported(ctx, type, site, "JSON has no bigint", "use a number, or a string with @pattern ^-?\\d+$")],
    [F.ESSymbol | F.UniqueESSymbol, (ctx, type, site) => reportUnsupported(ctx, type, site, "symbols are not data", "use a string or a literal union")],
    [F.Never, (ctx, type, site) => reportUnsupported(ctx, type, site, "no value has type never", "check the type (an impossible intersection, or Omit of every key?)")],
    [F.Undefined | F.Void, (ctx, type, site) => reportUnsupported(ctx, type, site, "JSON has no undefined", "make the property optional instead")],
    [F.StringMapping, (ctx, type, site) => reportUnsupported(ctx, type, site, "intrinsic string mappings have no pattern", "use string with @pattern")],
    // Deferred: `keyof T`, `T[K]`, `T extends X ? A : B` with T a type parameter have values only where T is given.
    [F.Index | F.IndexedAccess | F.Conditional | F.Substitution, (ctx, type, site) => reportUnsupported(ctx, type, site, "it depends on a type parameter, whose values are known only where the function is called", "write the type it stands for (a union of the keys, the property's type)")],
  ];
}

const tables = new WeakMap<typeof ts, ReturnType<typeof readers>>();

export function readConstruct(ctx: ReaderContext, type: ts.Type, site: ts.Node, view: TypeNodeView): TypeModel {
  let table = tables.get(ctx.ts);
  if (!table) tables.set(ctx.ts, (table = readers(ctx.ts)));
  for (const [flags, reader] of table) if (type.flags & flags) return reader(ctx, type, site, view);
  return reportUnsupported(ctx, type, site, "toolgen does not know this kind of type", "use a JSON-compatible type (string, number, boolean, null, arrays, plain objects, Date)");
}
