import type * as ts from "typescript";
import { checkUnionConversions } from "./check-union-conversions.js";
import { orderUnionMembers } from "./order-union-members.js";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";
import { unionMemberNodes, type TypeNodeView } from "./view-type-node.js";

/**
 * Unions, in written order: `undefined` is dropped (optionality is the property's business),
 * `true | false` is `boolean` again, and a union of one member is that member. Members keep
 * the node they were written as, so `Port | null` still sees `Port`'s constraints.
 */
export function readUnion(ctx: ReaderContext, type: ts.UnionType, site: ts.Node, view: TypeNodeView): TypeModel {
  const F = ctx.ts.TypeFlags;
  const members = type.types.filter((t) => !(t.flags & (F.Undefined | F.Void)));
  if (members.length === 0) return reportUnsupported(ctx, type, site, "JSON has no undefined", "make the property optional instead");
  const nodes = new Map<ts.Type, ts.TypeNode[]>();
  const writtenMembers = unionMemberNodes(ctx, view.node);
  for (const written of writtenMembers) nodes.set(written.type, [...(nodes.get(written.type) ?? []), written.node]);
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
    const model = readWrittenAlike(ctx, member, site, nodes.get(member) ?? []);
    models.push(...(model.kind === "union" && !model.annotations ? model.members : [model]));
  }
  if (models.length === 1) return models[0]!;
  if (ctx.direction === "input") checkUnionConversions(ctx, models, site);
  return { kind: "union", members: models };
}

/**
 * A type as each node that was written for it reads: `Small | Big`, two aliases of `number`
 * with their own constraints, is one type to the checker but two to the author. Each way
 * of writing it is a member (once, where two read alike); one node, or none, reads it once.
 */
export function readWrittenAlike(ctx: ReaderContext, type: ts.Type, site: ts.Node, written: readonly ts.TypeNode[]): TypeModel {
  if (written.length <= 1) return readType(ctx, type, site, written[0]);
  const models = new Map<string, TypeModel>();
  for (const node of written) {
    const model = readType(ctx, type, site, node);
    models.set(JSON.stringify(model), model);
  }
  return models.size === 1 ? [...models.values()][0]! : { kind: "union", members: [...models.values()] };
}
