import type * as ts from "typescript";
import { checkUnionConversions } from "./check-union-conversions.js";
import { orderUnionMembers } from "./order-union-members.js";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";
import { unionMemberNodes, type TypeNodeView, type WrittenMember } from "./view-type-node.js";

/**
 * Unions, in written order: `undefined` is dropped (optionality is the property's business),
 * `true | false` is `boolean` again, and a union of one member is that member. Members keep
 * the node they were written as, so `Port | null` still sees `Port`'s constraints.
 */
export function readUnion(ctx: ReaderContext, type: ts.UnionType, site: ts.Node, view: TypeNodeView): TypeModel {
  const F = ctx.ts.TypeFlags;
  const members = type.types.filter((t) => !(t.flags & (F.Undefined | F.Void)));
  if (members.length === 0) return reportUnsupported(ctx, type, site, "JSON has no undefined", "make the property optional instead");
  const writtenMembers = unionMemberNodes(ctx, view.node);
  const ordered = orderUnionMembers(ctx, members, view.node, writtenMembers);
  const hasBoth = ordered.filter((t) => t.flags & F.BooleanLiteral).length === 2;

  const models: TypeModel[] = [];
  let booleanWritten = false;
  for (const member of ordered) {
    if (hasBoth && member.flags & F.BooleanLiteral) {
      if (!booleanWritten) models.push({ kind: "boolean" });
      booleanWritten = true;
      continue;
    }
    const model = readWrittenAlike(ctx, member, site, writtenFor(ctx, member, writtenMembers));
    models.push(...(model.kind === "union" && !model.annotations ? model.members : [model]));
  }
  if (models.length === 1) return models[0]!;
  if (ctx.direction === "input") checkUnionConversions(ctx, models, site);
  return { kind: "union", members: models };
}

/**
 * The nodes written for a member of a union the checker reduced: those of the member itself,
 * and those of literals it absorbed (`"none"` in `Lower | "none"`, which is `string`).
 */
export function writtenFor(ctx: ReaderContext, type: ts.Type, written: readonly WrittenMember[]): WrittenMember[] {
  const own = written.filter((w) => w.type === type);
  if (own.length === 0) return [];
  const absorbed = written.filter((w) => w.type !== type && w.type.flags & ctx.ts.TypeFlags.Literal && ctx.checker.getBaseTypeOfLiteralType(w.type) === type);
  return [...own, ...absorbed];
}

/**
 * A type as each node that was written for it reads: `Small | Big`, two aliases of `number`
 * with their own constraints, is one type to the checker but two to the author; so is
 * `Lower | "none"`. Each way of writing it is a member (once, where two read alike), unless
 * one is the plain type, which admits all the others; one node, or none, reads it once.
 */
export function readWrittenAlike(ctx: ReaderContext, type: ts.Type, site: ts.Node, written: readonly WrittenMember[]): TypeModel {
  if (written.length <= 1) return readType(ctx, type, site, written[0]?.node);
  const plain = readType(ctx, type, site);
  const plainKey = JSON.stringify(plain);
  const models = new Map<string, TypeModel>();
  for (const member of written) {
    const model = readType(ctx, member.type, site, member.node);
    const key = JSON.stringify(model);
    if (key === plainKey) return plain;
    models.set(key, model);
  }
  return models.size === 1 ? [...models.values()][0]! : { kind: "union", members: [...models.values()] };
}
