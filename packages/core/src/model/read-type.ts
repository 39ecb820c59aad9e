import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { applyAnnotations } from "./apply-annotations.js";
import { readNamed } from "./read-named.js";
import { readDeclarationAnnotations } from "./read-declaration-annotations.js";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";
import { readWrittenAlike, writtenFor } from "./read-union.js";
import { substitute, unionMemberNodes, viewTypeNode, type WrittenMember } from "./view-type-node.js";

/** Deeper than any hand-written type; reached only by types that expand without end. */
const MAX_DEPTH = 100;

/**
 * Reads a checker type into the type model. `site` is where a diagnostic points when the
 * type has no declaration of its own in the user's code; `typeNode`, when known, is the
 * node the type was written as at this use.
 *
 * The chain, outside in: a depth guard; constraint tags of the aliases the node went through
 * (`type Port = number`, which the checker forgets); recursion and `$defs` (`read-named.ts`);
 * then the reader of the construct (`read-construct.ts`).
 */
export function readType(ctx: ReaderContext, type: ts.Type, site: ts.Node, typeNode?: ts.TypeNode): TypeModel {
  if (ctx.depth >= MAX_DEPTH) {
    // Reported once per schema: every branch of the expansion would hit the limit again.
    if (!ctx.tooDeep) {
      ctx.tooDeep = true;
      const shown = ctx.checker.typeToString(type);
      ctx.diagnostics.report(site, DiagnosticCode.TypeTooDeep, `This type nests more than ${MAX_DEPTH} levels deep (here at '${shown.length > 60 ? shown.slice(0, 57) + "..." : shown}'): a generic type that instantiates itself with ever new arguments? Give the recursion a fixed type.`);
    }
    return { kind: "any" };
  }
  const view = viewTypeNode(ctx, type, typeNode);
  const savedBindings = ctx.typeArgumentNodes;
  ctx.depth++;
  ctx.typeArgumentNodes = view.bindings;
  try {
    // A union the checker reduced to one type (`Small | Big`, both `number`): read as written.
    const written = type.flags & ctx.ts.TypeFlags.Union ? [] : writtenAsOne(ctx, type, view.node ?? (typeNode && substitute(ctx, typeNode, savedBindings)));
    let model = written.length > 1 ? readWrittenAlike(ctx, type, site, written) : readNamed(ctx, type, site, view);
    const own = type.aliasSymbol?.declarations?.[0];
    // Innermost alias first, so the alias closest to the use site wins.
    for (let i = view.aliases.length - 1; i >= 0; i--) {
      const alias = view.aliases[i]!;
      if (alias === own) continue;
      model = applyAnnotations(ctx, model, readDeclarationAnnotations(ctx, alias, "type"));
    }
    return model;
  } finally {
    ctx.depth--;
    ctx.typeArgumentNodes = savedBindings;
  }
}

/** The nodes of a union node that are all this one type or literals it absorbs (`Small | Big`, `Lower | "none"`), if there are several. */
function writtenAsOne(ctx: ReaderContext, type: ts.Type, node: ts.TypeNode | undefined): WrittenMember[] {
  const members = unionMemberNodes(ctx, node);
  const written = writtenFor(ctx, type, members);
  return members.length > 1 && written.length === members.length ? written : [];
}
