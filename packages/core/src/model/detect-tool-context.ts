import type * as ts from "typescript";
import { isMarkedInterface } from "./marker-interface.js";
import type { AnalysisState } from "./reader-context.js";

/**
 * The runtime's context, recognised by identity: its declaration carries `@toolgenContext`
 * (a user type that happens to be called `ToolContext` does not).
 */
export function isToolContext(state: AnalysisState, type: ts.Type): boolean {
  return isMarkedInterface(state, type, "toolgenContext", state.toolContext);
}

/**
 * The context type a parameter type involves, if any: the context itself, a union or
 * intersection with it, an interface extending it, or a utility type over it
 * (`Pick<ToolContext, "signal">`).
 */
export function findToolContext(state: AnalysisState, type: ts.Type, depth = 0): ts.Type | undefined {
  if (depth > 4) return undefined;
  if (isToolContext(state, type)) return type;
  const { ts: tsm, checker } = state;
  const inner: ts.Type[] = [];
  if (type.flags & (tsm.TypeFlags.Union | tsm.TypeFlags.Intersection)) inner.push(...(type as ts.UnionOrIntersectionType).types);
  inner.push(...(type.aliasTypeArguments ?? []));
  if (type.flags & tsm.TypeFlags.Object) {
    const objectFlags = (type as ts.ObjectType).objectFlags;
    const declared = objectFlags & tsm.ObjectFlags.Reference ? (type as ts.TypeReference).target : type;
    if ((declared as ts.ObjectType).objectFlags & tsm.ObjectFlags.ClassOrInterface) inner.push(...checker.getBaseTypes(declared as ts.InterfaceType));
  }
  for (const t of inner) {
    const found = findToolContext(state, t, depth + 1);
    if (found) return found;
  }
  return undefined;
}
