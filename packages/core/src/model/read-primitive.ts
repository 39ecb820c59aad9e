import type * as ts from "typescript";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";

/** `string`, `number`, `boolean`, `null` (and a numeric enum with computed members: a number). */
export function readPrimitive(ctx: ReaderContext, type: ts.Type): TypeModel {
  const F = ctx.ts.TypeFlags;
  if (type.flags & F.String) return { kind: "string" };
  if (type.flags & (F.Number | F.Enum)) return { kind: "number", integer: false };
  if (type.flags & F.Boolean) return { kind: "boolean" };
  return { kind: "null" };
}

/** A literal type or one member of a TypeScript enum: a `const`. */
export function readLiteral(ctx: ReaderContext, type: ts.Type): TypeModel {
  if (type.flags & ctx.ts.TypeFlags.BooleanLiteral) return { kind: "literal", value: ctx.checker.typeToString(type) === "true" };
  return { kind: "literal", value: (type as ts.LiteralType).value as string | number };
}
