import type * as ts from "typescript";
import type { JsonSchema } from "@toolgen/runtime";
import { isContentResult } from "../model/detect-content.js";
import { admitsUndefined } from "../model/read-property.js";
import { readType } from "../model/read-type.js";
import type { TypeModel } from "../model/type-model.js";
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
  const returned = checker.getAwaitedType(declared) ?? declared;
  const F = tsm.TypeFlags;
  if (returned.flags & (F.Void | F.Undefined | F.Any | F.Unknown | F.Never)) return undefined;
  if (isContentResult(state, returned)) return "content";
  const ctx = createReaderContext(state, "output");
  const site = found.signatureNode.type ?? found.nameNode;
  const returnNode = found.signatureNode.type && awaitedNode(tsm, found.signatureNode.type);
  let model = readType(ctx, returned, site, returnNode);
  // `T | undefined`: the result may be absent, which JSON (and MCP's { result }) says as null.
  if (admitsUndefined(ctx, returned) && !admitsNull(model)) model = { kind: "union", members: [model, { kind: "null" }] };
  return formatRootSchema(resolveRootObject(model, ctx.definitions) ?? resolveRootReference(model, ctx.definitions), ctx.definitions);
}

function admitsNull(model: TypeModel): boolean {
  return model.kind === "null" || model.kind === "any" || (model.kind === "union" && model.members.some((m) => m.kind === "null"));
}

/** `Promise<T>` written as the return type: the node of `T`. */
function awaitedNode(tsm: typeof ts, node: ts.TypeNode): ts.TypeNode {
  if (tsm.isTypeReferenceNode(node) && tsm.isIdentifier(node.typeName) && node.typeName.text === "Promise" && node.typeArguments?.length === 1) return node.typeArguments[0]!;
  return node;
}
