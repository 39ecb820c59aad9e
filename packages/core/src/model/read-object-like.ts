import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { isToolContext } from "./detect-tool-context.js";
import { readAnyOrUnknown } from "./read-any.js";
import { readArray } from "./read-array.js";
import { readBuiltin } from "./read-builtin.js";
import { readObject } from "./read-object.js";
import { readTuple } from "./read-tuple.js";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";
import type { TypeNodeView } from "./view-type-node.js";

/**
 * What `JSON.stringify` writes for a value with a `toJSON` method (`Money` with `toJSON():
 * string`): its return type, as for a result the tool returns — not the object's properties.
 */
function toJsonResult(ctx: ReaderContext, type: ts.Type, site: ts.Node): ts.Type | undefined {
  const method = type.getProperty("toJSON");
  if (!method) return undefined;
  const [signature] = ctx.checker.getTypeOfSymbolAtLocation(method, site).getCallSignatures();
  return signature && ctx.checker.getReturnTypeOfSignature(signature);
}

/** Object types: the runtime's context, built-ins (`Date`, `Map`…), tuples, arrays, functions, plain objects. */
export function readObjectLike(ctx: ReaderContext, type: ts.Type, site: ts.Node, view: TypeNodeView): TypeModel {
  const { checker } = ctx;
  if (type.flags & ctx.ts.TypeFlags.NonPrimitive) {
    // `object`: some object, nothing known about it.
    readAnyOrUnknown(ctx, type, site);
    return { kind: "object", properties: [], additional: { kind: "any" } };
  }
  if (isToolContext(ctx, type)) {
    ctx.diagnostics.report(site, DiagnosticCode.UnsuppliableContext, `The runtime injects a ToolContext only as a parameter of its own; here it would have to come from the model. Take it as a separate parameter.`);
    return { kind: "any" };
  }
  const builtin = readBuiltin(ctx, type, site);
  if (builtin) return builtin;
  const serialized = ctx.direction === "output" ? toJsonResult(ctx, type, site) : undefined;
  if (serialized) return readType(ctx, serialized, site);
  if (checker.isTupleType(type)) return readTuple(ctx, type as ts.TypeReference, site, view);
  if (checker.isArrayType(type)) return readArray(ctx, type as ts.TypeReference, site, view);
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
    return reportUnsupported(ctx, type, site, "functions are not data", "pass data the tool can act on instead");
  }
  return readObject(ctx, type, site, view);
}
