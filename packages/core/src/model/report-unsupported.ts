import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { outsidePath, type ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";

/** Reports a type JSON cannot carry, at the closest user node, and reads it as any value. */
export function reportUnsupported(ctx: ReaderContext, type: ts.Type, site: ts.Node, why: string, instead: string): TypeModel {
  const shown = ctx.checker.typeToString(type);
  ctx.diagnostics.report(site, DiagnosticCode.UnsupportedType, `'${shown}'${outsidePath(ctx)} cannot be carried in JSON (${why}); ${instead}.`);
  return { kind: "any" };
}
