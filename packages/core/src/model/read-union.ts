import type * as ts from "typescript";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";

/**
 * Unions: `undefined` is dropped (optionality is the property's business), `true | false`
 * is `boolean` again, and a union of one member is that member.
 */
export function readUnion(ctx: ReaderContext, type: ts.UnionType, site: ts.Node): TypeModel {
  const { TypeFlags } = ctx.ts;
  const members = type.types.filter((t) => !(t.flags & (TypeFlags.Undefined | TypeFlags.Void)));
  const booleans = members.filter((t) => t.flags & TypeFlags.BooleanLiteral);
  const rest = members.filter((t) => !(t.flags & TypeFlags.BooleanLiteral));
  const models: TypeModel[] = [];
  if (booleans.length === 2) models.push({ kind: "boolean" });
  else for (const b of booleans) models.push(readType(ctx, b, site));
  for (const member of rest) models.push(readType(ctx, member, site));
  if (models.length === 1) return models[0]!;
  return { kind: "union", members: models };
}
