import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";

/** `any`/`unknown`: any JSON value, an error in a strict build (it tells the model nothing). */
export function readAnyOrUnknown(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  if (ctx.strict && ctx.direction === "input") {
    ctx.diagnostics.report(
      site,
      DiagnosticCode.AnyOrUnknown,
      `'${ctx.checker.typeToString(type)}' gives the model no schema to follow; use a concrete type, or set "strict": false to accept any JSON value here.`,
    );
  }
  return { kind: "any" };
}
