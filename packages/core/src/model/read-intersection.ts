import type * as ts from "typescript";
import { readObject } from "./read-object.js";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";
import type { TypeNodeView } from "./view-type-node.js";

/**
 * `A & B` of objects is one object with both property sets (the checker merges them);
 * `string & { __brand: "Id" }`, a branded primitive, is the primitive.
 */
export function readIntersection(ctx: ReaderContext, type: ts.IntersectionType, site: ts.Node, view: TypeNodeView): TypeModel {
  const F = ctx.ts.TypeFlags;
  const primitive = type.types.find((t) => t.flags & (F.StringLike | F.NumberLike | F.BooleanLike));
  if (primitive) return readType(ctx, primitive, site);
  if (type.types.some((t) => ctx.checker.isArrayType(t) || ctx.checker.isTupleType(t))) {
    return reportUnsupported(ctx, type, site, "an intersection with an array or tuple has no JSON Schema form", "write the one array or tuple type you mean");
  }
  if (type.types.some((t) => t.getCallSignatures().length > 0 || t.getConstructSignatures().length > 0)) {
    return reportUnsupported(ctx, type, site, "functions are not data", "pass data the tool can act on instead");
  }
  return readObject(ctx, type, site, view);
}
