import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { outsidePath, type ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";

/** `any`/`unknown`: any JSON value, an error in a strict build (it tells the model nothing). */
export function readAnyOrUnknown(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel {
  // The checker's error type (written `any`): a name it could not resolve, such as an import of
  // a module it cannot find. Not a choice of `any`: an error in any build, which names it.
  if ((type as { intrinsicName?: string }).intrinsicName === "error") {
    const unresolved = unresolvedNode(ctx, ctx.ts.isTypeNode(site) ? site : (site as { type?: ts.Node }).type);
    const written = unresolved?.getText();
    const what = written && written.length <= 60 ? `'${written}'` : "This type";
    // At the name itself (`Adress` in `from: Adress`), where tsc reports it too.
    ctx.diagnostics.report(unresolved ?? site, DiagnosticCode.UnsupportedType, `${what} could not be resolved (a name or an import TypeScript cannot find; \`tsc --noEmit\` says which), so there is no schema to write; fix the import, or build the package it comes from first.`);
    return { kind: "any" };
  }
  if (ctx.strict && ctx.direction === "input") {
    ctx.diagnostics.report(
      site,
      DiagnosticCode.AnyOrUnknown,
      `'${ctx.checker.typeToString(type)}'${outsidePath(ctx)} gives the model no schema to follow; use a concrete type, or set "strict": false in toolgen's configuration ("toolgen" in package.json, or toolgen.config.json; not the tsconfig's) to accept any JSON value here.`,
    );
  }
  return { kind: "any" };
}

/** The name in a type node that the checker could not resolve (`Bar` in `Bar[] | null`), else the node. */
function unresolvedNode(ctx: ReaderContext, node: ts.Node | undefined): ts.Node | undefined {
  if (!node) return undefined;
  const isError = (n: ts.Node) => ctx.ts.isTypeReferenceNode(n) && (ctx.checker.getTypeFromTypeNode(n) as { intrinsicName?: string }).intrinsicName === "error";
  const find = (n: ts.Node): ts.Node | undefined => (isError(n) ? n : ctx.ts.forEachChild(n, find));
  return find(node) ?? node;
}
