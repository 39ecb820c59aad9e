import type * as ts from "typescript";
import type { JsonSchema } from "@toolgen/runtime";
import { absentAsNull } from "../model/absent-as-null.js";
import { isContentResult } from "../model/detect-content.js";
import { admitsUndefined } from "../model/read-property.js";
import { readType } from "../model/read-type.js";
import { type AnalysisState, createReaderContext } from "../model/reader-context.js";
import { resolveRootObject, resolveRootReference } from "../model/resolve-root.js";
import { formatRootSchema } from "../schema/format-schema.js";
import type { FoundDeclaration } from "../source/find-declarations.js";

/**
 * The output schema of a tool: the schema of its (awaited) return type, unless it returns
 * nothing (`void`, `undefined`) or anything (`any`, `unknown`), or content blocks (`"content"`:
 * an image, `Content[]`…, passed on as they are); one that may be absent
 * (`T | undefined`) is `T | null`. An object type is the schema itself; any other type (a
 * string, an array, a union) is written as it is, and the adapters
 * that need an object wrap it as `{ result: T }` (MCP's `structuredContent` must be one).
 * Every return type is read, so a `Map` result (which serializes to `{}`) is still a
 * diagnostic; methods of a returned class are left out silently (`JSON.stringify` skips them).
 */
export function readOutput(state: AnalysisState, found: FoundDeclaration): JsonSchema | "content" | undefined {
  const { checker, ts: tsm } = state;
  const signature = checker.getSignatureFromDeclaration(found.signatureNode);
  if (!signature) return undefined;
  const declared = checker.getReturnTypeOfSignature(signature);
  const returned = awaitedType(state, declared);
  const F = tsm.TypeFlags;
  // The checker's error type is an `any` too: a name it could not resolve, which `readType` reports.
  const unresolved = (returned as { intrinsicName?: string }).intrinsicName === "error";
  if (!unresolved && returned.flags & (F.Void | F.Undefined | F.Any | F.Unknown | F.Never)) return undefined;
  if (isContentResult(state, returned)) return "content";
  const ctx = createReaderContext(state, "output");
  const site = found.signatureNode.type ?? found.nameNode;
  const returnNode = found.signatureNode.type && awaitedNode(tsm, found.signatureNode.type);
  let model = readType(ctx, returned, site, returnNode);
  // `T | undefined`: the result may be absent, which JSON (and MCP's { result }) says as null.
  if (admitsUndefined(ctx, returned)) model = absentAsNull(model);
  return formatRootSchema(resolveRootObject(model, ctx.definitions) ?? resolveRootReference(model, ctx.definitions), ctx.definitions);
}

/**
 * What `await` of the declared return type gives. `Promise<T>` of TypeScript's lib with a `T`
 * that is not itself awaitable is `T`, read directly, and so is any other type that cannot be
 * awaited: the checker's `getAwaitedType` looks up the `then` of each `Promise<T>`
 * instantiation, a tenth of a millisecond per tool, and makes `Awaited<T>` of a type parameter
 * without a constraint, which names no type the user wrote. Anything else (a union of
 * promises, a user's thenable, a type parameter constrained to one) goes to the checker.
 */
export function awaitedType(state: AnalysisState, declared: ts.Type): ts.Type {
  const { checker } = state;
  let type = declared;
  while (isLibPromise(state, type)) {
    const [argument] = checker.getTypeArguments(type as ts.TypeReference);
    if (!argument) break;
    type = argument;
  }
  if (!mayBeAwaitable(state, type)) return type;
  // `T extends Promise<X>`: the checker's `Awaited<T>` names no type; what a caller gets is X.
  const constraint = type.flags & state.ts.TypeFlags.TypeParameter ? checker.getBaseConstraintOfType(type) : undefined;
  if (constraint) return checker.getAwaitedType(constraint) ?? constraint;
  return checker.getAwaitedType(declared) ?? declared;
}

function isLibPromise(state: AnalysisState, type: ts.Type): boolean {
  const { ts: tsm } = state;
  if (!(type.flags & tsm.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & tsm.ObjectFlags.Reference)) return false;
  const symbol = type.getSymbol();
  const declarations = symbol?.declarations;
  return symbol?.getName() === "Promise" && declarations !== undefined && declarations.length > 0 && declarations.every((d) => state.isDefaultLibrary(d.getSourceFile()));
}

/**
 * A type whose values may have a `then` (which `await` calls): any object that has one, a type
 * parameter whose constraint may, or anything not known.
 */
function mayBeAwaitable(state: AnalysisState, type: ts.Type, depth = 0): boolean {
  const F = state.ts.TypeFlags;
  const members = type.flags & F.Union ? (type as ts.UnionType).types : [type];
  const plain = F.StringLike | F.NumberLike | F.BooleanLike | F.BigIntLike | F.Null | F.Undefined | F.Void;
  return members.some((m) => {
    if (m.flags & plain) return false;
    if (m.flags & F.Object) return state.checker.getPropertyOfType(m, "then") !== undefined;
    if (!(m.flags & F.TypeParameter)) return true;
    const constraint = state.checker.getBaseConstraintOfType(m);
    return constraint !== undefined && !(constraint.flags & (F.Unknown | F.Any)) && depth < 8 && mayBeAwaitable(state, constraint, depth + 1);
  });
}

/** `Promise<T>` written as the return type: the node of `T`. */
function awaitedNode(tsm: typeof ts, node: ts.TypeNode): ts.TypeNode {
  if (tsm.isTypeReferenceNode(node) && tsm.isIdentifier(node.typeName) && node.typeName.text === "Promise" && node.typeArguments?.length === 1) return node.typeArguments[0]!;
  return node;
}
