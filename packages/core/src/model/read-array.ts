import type * as ts from "typescript";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";
import { elementTypeNode, type TypeNodeView } from "./view-type-node.js";

/** `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`: `items`. */
export function readArray(ctx: ReaderContext, type: ts.TypeReference, site: ts.Node, view: TypeNodeView): TypeModel {
  const [element] = ctx.checker.getTypeArguments(type);
  if (!element) return { kind: "array", items: { kind: "any" } };
  return { kind: "array", items: readType(ctx, element, site, elementTypeNode(ctx, view.node)) };
}
