import type * as ts from "typescript";
import { type ReaderContext, resolveSymbol } from "./reader-context.js";

/**
 * What the source says about a type, beyond what the checker keeps: the checker forgets
 * that `port: Port` went through `type Port = number`, so constraint tags on aliases, the
 * written order of union members and nested alias uses are read from the type *node*.
 */
export interface TypeNodeView {
  /** Type aliases the node went through, outermost (closest to the use site) first. */
  aliases: ts.TypeAliasDeclaration[];
  /** The structural node after the aliases (`X[]`, `[A, B]`, `A | B`, `Page<User>`, `{…}`). */
  node?: ts.TypeNode;
  /** Type parameters bound to the type argument nodes written at this use. */
  bindings: ReadonlyMap<ts.Symbol, ts.TypeNode>;
}

/**
 * Follows a type node through parentheses, type-parameter bindings and alias references.
 * Without a node, a type that still carries its alias (`Level`) starts at the alias.
 */
export function viewTypeNode(ctx: ReaderContext, type: ts.Type, typeNode: ts.TypeNode | undefined): TypeNodeView {
  const { ts: tsm } = ctx;
  const aliases: ts.TypeAliasDeclaration[] = [];
  let bindings = ctx.typeArgumentNodes;
  let node = typeNode ? substitute(ctx, typeNode, bindings) : undefined;
  if (node && !nodeFits(ctx, node, type)) node = undefined;
  if (!node) {
    const own = type.aliasSymbol?.declarations?.find(tsm.isTypeAliasDeclaration);
    if (!own || own.typeParameters) return { aliases, bindings };
    aliases.push(own);
    return { aliases, node: own.type, bindings: new Map() };
  }
  for (let guard = 0; guard < 32 && node; guard++) {
    const reference = referenceOf(ctx, node);
    if (!reference) break;
    const symbol = resolveSymbol(ctx, reference.typeName);
    const declaration = symbol?.declarations?.find((d) => tsm.isTypeAliasDeclaration(d) || tsm.isInterfaceDeclaration(d) || tsm.isClassDeclaration(d));
    if (!declaration) break;
    if (reference.typeArguments) bindings = bind(ctx, reference, bindings);
    if (!tsm.isTypeAliasDeclaration(declaration) || aliases.includes(declaration)) break;
    aliases.push(declaration);
    node = substitute(ctx, declaration.type, bindings);
  }
  // The members of an intersection (`Pair<Slug> & { c?: number }`) are read through their own
  // declarations: their type parameters are bound to what is written here too.
  if (node && tsm.isIntersectionTypeNode(node)) {
    for (const member of node.types) {
      const written = substitute(ctx, member, bindings);
      if (tsm.isTypeReferenceNode(written) && written.typeArguments) bindings = bind(ctx, written, bindings);
    }
  }
  return { aliases, node, bindings };
}

/**
 * `bindings` plus the type parameters of the declaration `reference` names, bound to the nodes
 * written for them, and so on inside them: in `Partial<Pair<Slug>>` the properties `Partial`
 * maps are `Pair`'s, declared `a: T`, so `Pair`'s `T` is bound to `Slug` as well as `Partial`'s
 * to `Pair<Slug>` (a parameter bound already keeps its node: the outer use is the one read).
 */
function bind(ctx: ReaderContext, reference: Reference, bindings: ReadonlyMap<ts.Symbol, ts.TypeNode>, depth = 0): ReadonlyMap<ts.Symbol, ts.TypeNode> {
  const { ts: tsm } = ctx;
  const declaration = resolveSymbol(ctx, reference.typeName)?.declarations?.find((d) => tsm.isTypeAliasDeclaration(d) || tsm.isInterfaceDeclaration(d) || tsm.isClassDeclaration(d));
  const parameters = (declaration as ts.TypeAliasDeclaration | ts.InterfaceDeclaration | ts.ClassDeclaration | undefined)?.typeParameters;
  if (!parameters || !reference.typeArguments || depth > 8) return bindings;
  let next: ReadonlyMap<ts.Symbol, ts.TypeNode> = new Map(bindings);
  parameters.forEach((p, i) => {
    const written = reference.typeArguments![i] ?? p.default;
    const parameterSymbol = resolveSymbol(ctx, p.name);
    if (!written || !parameterSymbol) return;
    const argument = substitute(ctx, written, bindings);
    if (depth === 0 || !next.has(parameterSymbol)) next = new Map(next).set(parameterSymbol, argument);
    if (tsm.isTypeReferenceNode(argument) && argument.typeArguments) next = bind(ctx, argument, next, depth + 1);
  });
  return next;
}

/** A name written for a declared type, with its type arguments: `Label<T>`, or `import("./types.js").Label<T>`. */
type Reference = Pick<ts.TypeReferenceNode, "typeName" | "typeArguments">;

function referenceOf(ctx: ReaderContext, node: ts.TypeNode): Reference | undefined {
  const { ts: tsm } = ctx;
  if (tsm.isTypeReferenceNode(node)) return node;
  // `typeof import("…")` names a module's value, not a declared type.
  if (tsm.isImportTypeNode(node) && node.qualifier && !node.isTypeOf) return { typeName: node.qualifier, typeArguments: node.typeArguments };
  return undefined;
}

/** Strips parentheses and replaces a bound type parameter by the node written for it. */
export function substitute(ctx: ReaderContext, typeNode: ts.TypeNode, bindings: ReadonlyMap<ts.Symbol, ts.TypeNode>): ts.TypeNode {
  const { ts: tsm } = ctx;
  let node = typeNode;
  for (let guard = 0; guard < 32; guard++) {
    if (tsm.isParenthesizedTypeNode(node)) {
      node = node.type;
      continue;
    }
    if (tsm.isIndexedAccessTypeNode(node)) {
      const member = indexedNode(ctx, substitute(ctx, node.objectType, bindings), node.indexType);
      if (member) {
        node = member;
        continue;
      }
    }
    if (tsm.isTypeReferenceNode(node) && !node.typeArguments && tsm.isIdentifier(node.typeName) && bindings.size > 0) {
      const symbol = resolveSymbol(ctx, node.typeName);
      const bound = symbol && bindings.get(symbol);
      if (bound && bound !== node) {
        node = bound;
        continue;
      }
    }
    break;
  }
  return node;
}

/**
 * The node written for `Q["s"]` (the declaration of `s` in `Q`, an interface, class or
 * alias of an object type written without type arguments) and for `Slug[][number]`, so the
 * aliases it names (`s: Slug`) keep their tags; undefined for any other indexed access.
 */
function indexedNode(ctx: ReaderContext, object: ts.TypeNode, index: ts.TypeNode): ts.TypeNode | undefined {
  const { ts: tsm } = ctx;
  if (index.kind === tsm.SyntaxKind.NumberKeyword) return elementTypeNode(ctx, object);
  if (!tsm.isLiteralTypeNode(index) || !tsm.isStringLiteral(index.literal)) return undefined;
  const declarations = tsm.isTypeReferenceNode(object) && !object.typeArguments ? (resolveSymbol(ctx, object.typeName)?.declarations ?? []) : [];
  const bodies = tsm.isTypeLiteralNode(object)
    ? [object.members]
    : declarations.flatMap((d) => (tsm.isInterfaceDeclaration(d) || tsm.isClassDeclaration(d) ? [d.members] : tsm.isTypeAliasDeclaration(d) && tsm.isTypeLiteralNode(d.type) ? [d.type.members] : []));
  for (const members of bodies) {
    const found = memberType(tsm, members, index.literal.text);
    if (found) return found;
  }
  return undefined;
}

function memberType(tsm: typeof ts, members: ts.NodeArray<ts.ClassElement | ts.TypeElement>, key: string): ts.TypeNode | undefined {
  for (const member of members) {
    if ((tsm.isPropertySignature(member) || tsm.isPropertyDeclaration(member)) && member.type && (tsm.isIdentifier(member.name) || tsm.isStringLiteral(member.name)) && member.name.text === key) return member.type;
  }
  return undefined;
}

/**
 * Whether a node still describes the type being read. A property reached through a mapped
 * type keeps the declaration of the property it was mapped from, whose node may describe a
 * different type: such a node is ignored.
 */
export function nodeFits(ctx: ReaderContext, node: ts.TypeNode, type: ts.Type): boolean {
  const { ts: tsm, checker } = ctx;
  if (tsm.isArrayTypeNode(node) || (tsm.isTypeOperatorNode(node) && node.operator === tsm.SyntaxKind.ReadonlyKeyword)) {
    return checker.isArrayType(type) || checker.isTupleType(type);
  }
  if (tsm.isTupleTypeNode(node)) return checker.isTupleType(type);
  if (tsm.isUnionTypeNode(node)) return (type.flags & tsm.TypeFlags.Union) !== 0 || (type.flags & tsm.TypeFlags.Boolean) !== 0;
  if (tsm.isTypeReferenceNode(node) && node.typeArguments) {
    const symbol = resolveSymbol(ctx, node.typeName);
    if (symbol && (symbol === type.aliasSymbol || symbol === type.getSymbol())) return true;
  }
  const written = checker.getTypeFromTypeNode(node);
  return written === type || checker.getNonNullableType(written) === checker.getNonNullableType(type);
}

/** The element node of `X[]`, `readonly X[]`, `Array<X>`, `ReadonlyArray<X>`. */
export function elementTypeNode(ctx: ReaderContext, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const { ts: tsm } = ctx;
  if (!node) return undefined;
  if (tsm.isTypeOperatorNode(node) && node.operator === tsm.SyntaxKind.ReadonlyKeyword) return elementTypeNode(ctx, substitute(ctx, node.type, ctx.typeArgumentNodes));
  if (tsm.isArrayTypeNode(node)) return node.elementType;
  if (tsm.isTypeReferenceNode(node) && tsm.isIdentifier(node.typeName) && /^(Readonly)?Array$/.test(node.typeName.text)) return node.typeArguments?.[0];
  return undefined;
}

/** The element nodes of a tuple node, unwrapped from names, `?` and `...`. */
export function tupleElementNodes(ctx: ReaderContext, node: ts.TypeNode | undefined): (ts.TypeNode | undefined)[] {
  const { ts: tsm } = ctx;
  let tuple = node;
  if (tuple && tsm.isTypeOperatorNode(tuple) && tuple.operator === tsm.SyntaxKind.ReadonlyKeyword) tuple = substitute(ctx, tuple.type, ctx.typeArgumentNodes);
  if (!tuple || !tsm.isTupleTypeNode(tuple)) return [];
  return tuple.elements.map((element) => {
    let e: ts.TypeNode = element;
    if (tsm.isNamedTupleMember(e)) e = e.type;
    if (tsm.isOptionalTypeNode(e)) e = e.type;
    if (tsm.isRestTypeNode(e)) return elementTypeNode(ctx, substitute(ctx, e.type, ctx.typeArgumentNodes));
    return e;
  });
}

/** A member of a written union, with the type it denotes. */
export interface WrittenMember {
  node: ts.TypeNode;
  type: ts.Type;
}

/** The written members of a union node, each with the type it denotes. */
export function unionMemberNodes(ctx: ReaderContext, node: ts.TypeNode | undefined): WrittenMember[] {
  const { ts: tsm, checker } = ctx;
  if (!node || !tsm.isUnionTypeNode(node)) return [];
  return node.types.map((member) => {
    const resolved = substitute(ctx, member, ctx.typeArgumentNodes);
    return { node: resolved, type: checker.getTypeFromTypeNode(resolved) };
  });
}
