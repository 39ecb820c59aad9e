import type * as ts from "typescript";
import { applyAnnotations } from "./apply-annotations.js";
import { readConstruct } from "./read-construct.js";
import { describingDeclaration, readDeclarationAnnotations } from "./read-declaration-annotations.js";
import type { InProgressType, ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";
import type { TypeNodeView } from "./view-type-node.js";

/**
 * Recursion and the type's own documentation, around the construct readers. A structured
 * type sits in `inProgress` while it is read; meeting it again yields a `$ref`, and the
 * finished type is then written once under `$defs`, named after the TypeScript type
 * (`Tree`, `Node_string`; `Tree_2` when another type already has the name). Names are
 * given in the order recursions are found, which follows the source: stable.
 */
export function readNamed(ctx: ReaderContext, type: ts.Type, site: ts.Node, view: TypeNodeView): TypeModel {
  if (!(type.flags & (ctx.ts.TypeFlags.Object | ctx.ts.TypeFlags.Union | ctx.ts.TypeFlags.Intersection))) return readDocumented(ctx, type, site, view);
  const current = ctx.inProgress.get(type);
  if (current) {
    // Named when the recursion is found: most types never recur and never need a name.
    current.name ??= reserveName(ctx, type);
    return { kind: "ref", name: current.name };
  }
  const defined = ctx.definedTypes.get(type);
  if (defined) return { kind: "ref", name: defined };

  const entry: InProgressType = {};
  ctx.inProgress.set(type, entry);
  let model: TypeModel;
  try {
    model = readDocumented(ctx, type, site, view);
  } finally {
    ctx.inProgress.delete(type);
  }
  if (entry.name === undefined) return model;
  ctx.definitions.push({ name: entry.name, type: model });
  ctx.definedTypes.set(type, entry.name);
  return { kind: "ref", name: entry.name };
}

function readDocumented(ctx: ReaderContext, type: ts.Type, site: ts.Node, view: TypeNodeView): TypeModel {
  const model = readConstruct(ctx, type, site, view);
  const declaration = describingDeclaration(ctx, type);
  return declaration ? applyAnnotations(ctx, model, readDeclarationAnnotations(ctx, declaration, "type")) : model;
}

/** The TypeScript name with its type arguments, made unique within this schema. */
function reserveName(ctx: ReaderContext, type: ts.Type): string {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const base = symbol && !symbol.getName().startsWith("__") ? symbol.getName() : "Type";
  // `Folder[]` is `Array<Folder>`: `Array_Folder`. A tuple's arguments are its elements: just `Tuple`.
  const args = ctx.checker.isTupleType(type) ? [] : typeArgumentsOf(ctx, type);
  const suffix = args.map((a) => ctx.checker.typeToString(a)).join("_");
  const name = sanitize(suffix ? `${base}_${suffix}` : base);
  let candidate = name;
  for (let n = 2; ctx.usedNames.has(candidate); n++) candidate = `${name}_${n}`;
  ctx.usedNames.add(candidate);
  return candidate;
}

function sanitize(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "") || "Type";
}

function typeArgumentsOf(ctx: ReaderContext, type: ts.Type): readonly ts.Type[] {
  if (type.aliasSymbol) return type.aliasTypeArguments ?? [];
  if (!(type.flags & ctx.ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ctx.ts.ObjectFlags.Reference)) return [];
  const reference = type as ts.TypeReference;
  const count = (reference.target as ts.InterfaceType).typeParameters?.length ?? 0;
  return ctx.checker.getTypeArguments(reference).slice(0, count);
}
