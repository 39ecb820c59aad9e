import type * as ts from "typescript";
import { absentAsNull } from "./absent-as-null.js";
import { admitsUndefined } from "./read-property.js";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";
import { elementTypeNode, type TypeNodeView } from "./view-type-node.js";

/** `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`: `items` (in a result, `(T | undefined)[]` has `null` items). */
export function readArray(ctx: ReaderContext, type: ts.TypeReference, site: ts.Node, view: TypeNodeView): TypeModel {
  const [element] = ctx.checker.getTypeArguments(type);
  if (!element) return { kind: "array", items: { kind: "any" } };
  const items = readType(ctx, element, site, elementTypeNode(ctx, view.node));
  return { kind: "array", items: ctx.direction === "output" && admitsUndefined(ctx, element) ? absentAsNull(items) : items };
}
