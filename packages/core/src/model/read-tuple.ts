import type * as ts from "typescript";
import { readType } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TupleElement, TypeModel } from "./type-model.js";
import { tupleElementNodes, type TypeNodeView } from "./view-type-node.js";

/**
 * Tuples: `prefixItems`, optional elements lower `minItems`, a trailing rest element becomes
 * `items`. A rest element followed by others has no JSON Schema form.
 */
export function readTuple(ctx: ReaderContext, type: ts.TypeReference, site: ts.Node, view: TypeNodeView): TypeModel {
  const { ElementFlags } = ctx.ts;
  const target = type.target as ts.TupleType;
  const args = ctx.checker.getTypeArguments(type).slice(0, target.elementFlags.length);
  const nodes = tupleElementNodes(ctx, view.node);
  const elements: TupleElement[] = [];
  let rest: TypeModel | undefined;
  for (let i = 0; i < args.length; i++) {
    const flags = target.elementFlags[i] ?? ElementFlags.Required;
    if (rest) return reportUnsupported(ctx, type, site, "elements after a rest element", "put the rest element last, or use an object");
    const node = nodes.length === args.length ? nodes[i] : undefined;
    if (flags & ElementFlags.Variable) rest = readType(ctx, args[i]!, site, node);
    else elements.push({ type: readType(ctx, args[i]!, site, node), optional: (flags & ElementFlags.Optional) !== 0 });
  }
  return rest ? { kind: "tuple", elements, rest } : { kind: "tuple", elements };
}
