import type * as ts from "typescript";
import type { ReaderContext } from "./reader-context.js";
import { unionMemberNodes, viewTypeNode, type WrittenMember } from "./view-type-node.js";

/**
 * Union members in the order the user wrote them. The checker orders a union by internal
 * type ids, which depend on what was checked first (so `tsc` with a transformer and the CLI
 * could disagree). Members found in the written union (following nested aliases) keep that
 * order; the rest follow in a canonical order: enum members by declaration, literals by
 * value, named types by their declaration's place. `writtenMembers` are the union's members as written
 * at `node`, when the caller has them already.
 */
export function orderUnionMembers(ctx: ReaderContext, members: readonly ts.Type[], node: ts.TypeNode | undefined, writtenMembers = unionMemberNodes(ctx, node)): ts.Type[] {
  const written = new Map<ts.Type, number>();
  collectWrittenOrder(ctx, writtenMembers, written, 0);
  // Inside a generic declaration the written `ListNode<T>` is not the instance `ListNode<string>`:
  // such members are matched by their declaration instead.
  const bySymbol = new Map<ts.Symbol, number>();
  for (const [type, rank] of written) {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (symbol && !bySymbol.has(symbol)) bySymbol.set(symbol, rank);
  }
  const rankOf = (type: ts.Type) => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    return written.get(type) ?? (symbol && bySymbol.get(symbol)) ?? Infinity;
  };
  const keyed = members.map((type) => ({ type, rank: rankOf(type), key: "" }));
  // Canonical keys cost a type-to-string: only members the written union does not place need one.
  const unplaced = keyed.filter((k) => k.rank === Infinity);
  if (unplaced.length > 1) for (const k of unplaced) k.key = canonicalKey(ctx, k.type);
  keyed.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.type);
}

/** Ranks the types of a written union's members (`unionMemberNodes`), nested unions followed 16 deep. */
function collectWrittenOrder(ctx: ReaderContext, writtenMembers: readonly WrittenMember[], order: Map<ts.Type, number>, depth: number): void {
  for (const member of writtenMembers) {
    if (member.type.flags & ctx.ts.TypeFlags.Union && !(member.type.flags & ctx.ts.TypeFlags.Boolean)) {
      const nested = viewTypeNode(ctx, member.type, member.node);
      if (depth < 16) collectWrittenOrder(ctx, unionMemberNodes(ctx, nested.node), order, depth + 1);
      const rest = (member.type as ts.UnionType).types.filter((t) => !order.has(t));
      const keys = new Map(rest.length > 1 ? rest.map((t) => [t, canonicalKey(ctx, t)]) : []);
      for (const t of [...rest].sort((a, b) => compareKeys(keys.get(a) ?? "", keys.get(b) ?? ""))) order.set(t, order.size);
      continue;
    }
    if (member.type.flags & ctx.ts.TypeFlags.Boolean) {
      for (const t of (member.type as ts.UnionType).types ?? []) if (!order.has(t)) order.set(t, order.size);
      continue;
    }
    if (!order.has(member.type)) order.set(member.type, order.size);
  }
}

/** A sort key that does not depend on checking order (computed once per type). */
export function canonicalKey(ctx: ReaderContext, type: ts.Type): string {
  let key = ctx.canonicalKeys.get(type);
  if (key === undefined) ctx.canonicalKeys.set(type, (key = computeCanonicalKey(ctx, type)));
  return key;
}

function computeCanonicalKey(ctx: ReaderContext, type: ts.Type): string {
  const { ts: tsm } = ctx;
  const f = type.flags;
  if (f & tsm.TypeFlags.EnumLiteral) {
    const declaration = type.getSymbol()?.valueDeclaration;
    if (declaration) return `1:${declarationKey(ctx, declaration)}`;
  }
  if (f & tsm.TypeFlags.BooleanLiteral) return `2:${ctx.checker.typeToString(type) === "false" ? 0 : 1}`;
  if (f & tsm.TypeFlags.NumberLiteral) return `3:${String((type as ts.NumberLiteralType).value).padStart(24, " ")}`;
  if (f & tsm.TypeFlags.StringLiteral) return `4:${(type as ts.StringLiteralType).value}`;
  if (f & (tsm.TypeFlags.String | tsm.TypeFlags.Number | tsm.TypeFlags.Boolean | tsm.TypeFlags.Null)) return `0:${f}`;
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  // Instances of one generic share a declaration: their type arguments tell them apart.
  const generic = (type.aliasTypeArguments?.length ?? 0) > 0 || ((type as ts.ObjectType).objectFlags & tsm.ObjectFlags.Reference) !== 0;
  if (declaration) return `5:${declarationKey(ctx, declaration)}${generic ? `:${ctx.checker.typeToString(type)}` : ""}`;
  return `6:${ctx.checker.typeToString(type)}`;
}

/** A file's place that does not depend on where the project or TypeScript is installed. */
function declarationKey(ctx: ReaderContext, declaration: ts.Node): string {
  const sourceFile = declaration.getSourceFile();
  const name = sourceFile.fileName;
  const file = ctx.isDefaultLibrary(sourceFile)
    ? `0${name.slice(name.lastIndexOf("/") + 1)}`
    : ctx.isExternalLibrary(sourceFile)
      ? `1${name.slice(name.lastIndexOf("node_modules/") + 13)}`
      : `2${name}`;
  return `${file}:${String(declaration.pos).padStart(10, "0")}`;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
