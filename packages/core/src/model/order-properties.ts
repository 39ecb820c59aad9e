import type * as ts from "typescript";
import { orderUnionMembers } from "./order-union-members.js";
import type { ReaderContext } from "./reader-context.js";
import { substitute, viewTypeNode } from "./view-type-node.js";

/**
 * Properties in a stable order. Interfaces, type literals and classes list them in declaration
 * order already; an interface or class that extends another lists the inherited ones first
 * (the checker lists its own first). A mapped type (`Pick`, `Partial`, `Record<"a" | "b", V>`) lists them in the
 * order of its key union, which follows internal type ids; it is reordered by the declarations
 * the properties came from, else by the written key union, else by name.
 */
export function orderProperties(ctx: ReaderContext, type: ts.Type, node: ts.TypeNode | undefined): ts.Symbol[] {
  const symbols = ctx.checker.getPropertiesOfType(type);
  const order = nameOrder(ctx, type, node, 0);
  if (!order) return symbols;
  const rank = new Map(order.map((name, i) => [name, i]));
  return [...symbols].sort((a, b) => (rank.get(a.getName()) ?? Infinity) - (rank.get(b.getName()) ?? Infinity) || compare(a.getName(), b.getName()));
}

/** The property names of a type in stable order, or undefined when the checker's order is stable. */
function nameOrder(ctx: ReaderContext, type: ts.Type, node: ts.TypeNode | undefined, depth: number): string[] | undefined {
  const { ts: tsm } = ctx;
  if (depth > 8) return undefined;
  if (type.flags & tsm.TypeFlags.Intersection) {
    const parts = (type as ts.IntersectionType).types.map((t) => nameOrder(ctx, t, undefined, depth + 1));
    if (parts.every((p) => p === undefined)) return undefined;
    const names: string[] = [];
    (type as ts.IntersectionType).types.forEach((t, i) => {
      for (const name of parts[i] ?? ctx.checker.getPropertiesOfType(t).map((s) => s.getName())) if (!names.includes(name)) names.push(name);
    });
    return names;
  }
  if (!(type.flags & tsm.TypeFlags.Object)) return undefined;
  const bases = baseTypesOf(ctx, type);
  if (bases.length > 0) {
    // `interface B extends A`: A's properties first, as the declarations read.
    const names: string[] = [];
    for (const base of bases) for (const name of nameOrder(ctx, base, undefined, depth + 1) ?? ctx.checker.getPropertiesOfType(base).map((s) => s.getName())) if (!names.includes(name)) names.push(name);
    for (const symbol of ctx.checker.getPropertiesOfType(type)) if (!names.includes(symbol.getName())) names.push(symbol.getName());
    return names;
  }
  if (!((type as ts.ObjectType).objectFlags & tsm.ObjectFlags.Mapped)) return undefined;
  const symbols = ctx.checker.getPropertiesOfType(type);
  const keyOrder = writtenKeyOrder(ctx, node);
  const keyed = symbols.map((symbol) => {
    const declaration = symbol.declarations?.[0];
    const written = keyOrder.get(symbol.getName());
    const key = declaration
      ? `0:${declaration.getSourceFile().fileName}:${String(declaration.pos).padStart(10, "0")}`
      : written !== undefined
        ? `1:${String(written).padStart(6, "0")}`
        : `2:${symbol.getName()}`;
    return { name: symbol.getName(), key };
  });
  keyed.sort((a, b) => compare(a.key, b.key));
  return keyed.map((k) => k.name);
}

function baseTypesOf(ctx: ReaderContext, type: ts.Type): readonly ts.BaseType[] {
  const { ts: tsm } = ctx;
  const objectFlags = (type as ts.ObjectType).objectFlags;
  const declared = objectFlags & tsm.ObjectFlags.Reference ? (type as ts.TypeReference).target : type;
  if (!((declared as ts.ObjectType).objectFlags & tsm.ObjectFlags.ClassOrInterface)) return [];
  if (declared !== type) return []; // A generic instance: keep the checker's order (its bases are uninstantiated).
  return ctx.checker.getBaseTypes(declared as ts.InterfaceType);
}

/** `{ [P in K]: … }` with K written as a literal union (`Record<"a" | "b", V>`): key → position. */
function writtenKeyOrder(ctx: ReaderContext, node: ts.TypeNode | undefined): Map<string, number> {
  const order = new Map<string, number>();
  if (!node || !ctx.ts.isMappedTypeNode(node) || !node.typeParameter.constraint) return order;
  const constraintNode = substitute(ctx, node.typeParameter.constraint, ctx.typeArgumentNodes);
  const constraint = ctx.checker.getTypeFromTypeNode(constraintNode);
  const members = constraint.flags & ctx.ts.TypeFlags.Union ? (constraint as ts.UnionType).types : [constraint];
  const ordered = orderUnionMembers(ctx, members, viewTypeNode(ctx, constraint, constraintNode).node);
  for (const member of ordered) {
    if (member.flags & (ctx.ts.TypeFlags.StringLiteral | ctx.ts.TypeFlags.NumberLiteral)) order.set(String((member as ts.LiteralType).value), order.size);
  }
  return order;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
