import type * as ts from "typescript";
import type { JsonSchema } from "@toolgen/runtime";
import { readType } from "../model/read-type.js";
import { type AnalysisState, createReaderContext } from "../model/reader-context.js";
import { resolveRootObject } from "../model/resolve-root.js";
import { formatRootSchema } from "../schema/format-schema.js";
import type { FoundDeclaration } from "../source/find-declarations.js";

/**
 * The output schema of a tool, when its (awaited) return type is an object. Every return
 * type is read, so a `Map` result (which serializes to `{}`) is still a diagnostic; methods
 * of a returned class are left out silently (`JSON.stringify` skips them too).
 */
export function readOutput(state: AnalysisState, found: FoundDeclaration): JsonSchema | undefined {
  const { checker, ts: tsm } = state;
  const signature = checker.getSignatureFromDeclaration(found.signatureNode);
  if (!signature) return undefined;
  const declared = checker.getReturnTypeOfSignature(signature);
  const returned = checker.getAwaitedType(declared) ?? declared;
  const F = tsm.TypeFlags;
  if (returned.flags & (F.Void | F.Undefined | F.Any | F.Unknown | F.Never)) return undefined;
  const ctx = createReaderContext(state, "output");
  const site = found.signatureNode.type ?? found.nameNode;
  const returnNode = found.signatureNode.type && awaitedNode(tsm, found.signatureNode.type);
  const model = readType(ctx, returned, site, returnNode);
  const root = resolveRootObject(model, ctx.definitions);
  return root ? formatRootSchema(root, ctx.definitions) : undefined;
}

/** `Promise<T>` written as the return type: the node of `T`. */
function awaitedNode(tsm: typeof ts, node: ts.TypeNode): ts.TypeNode {
  if (tsm.isTypeReferenceNode(node) && tsm.isIdentifier(node.typeName) && node.typeName.text === "Promise" && node.typeArguments?.length === 1) return node.typeArguments[0]!;
  return node;
}
