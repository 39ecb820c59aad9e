import type * as ts from "typescript";
import { readType } from "./read-type.js";
import { isUserDeclaration, type ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";

/** A type parameter of a generic tool (`<T extends string>(x: T)`): every value of its constraint. */
export function readTypeParameter(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  const constraint = ctx.checker.getBaseConstraintOfType(type);
  if (!constraint || constraint === type || constraint.flags & (ctx.ts.TypeFlags.Unknown | ctx.ts.TypeFlags.Any)) {
    return reportUnsupported(ctx, type, site, "a type parameter without a constraint has no schema", "give it a constraint (T extends …) or use a concrete type");
  }
  const declaration = type.getSymbol()?.declarations?.find(ctx.ts.isTypeParameterDeclaration);
  // A problem of the constraint (`T extends {}`) is reported at it, where it is written.
  const at = declaration?.constraint && isUserDeclaration(ctx, declaration) ? declaration.constraint : site;
  return readType(ctx, constraint, at, declaration?.constraint);
}
