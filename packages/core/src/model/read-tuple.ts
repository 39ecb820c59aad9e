import type * as ts from "typescript";
import { absentAsNull } from "./absent-as-null.js";
import { admitsUndefined } from "./read-property.js";
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
    const optional = (flags & ElementFlags.Optional) !== 0;
    let element = readType(ctx, args[i]!, site, node);
    // In a result, an element left `undefined` (`[1, undefined, true]`) is written `null`.
    if (ctx.direction === "output" && (optional || admitsUndefined(ctx, args[i]!))) element = absentAsNull(element);
    if (flags & ElementFlags.Variable) rest = element;
    else elements.push({ type: element, optional });
  }
  return rest ? { kind: "tuple", elements, rest } : { kind: "tuple", elements };
}
