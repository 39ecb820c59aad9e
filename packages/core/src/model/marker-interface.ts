import type * as ts from "typescript";
import { mayHaveTag } from "../source/may-have-tag.js";
import { hasTag, readDoc } from "../source/read-jsdoc.js";
import type { AnalysisState } from "./reader-context.js";

/**
 * Whether a type is one of the runtime's marked interfaces: one of its declarations carries the
 * marker tag (`@toolgenContext`, `@toolgenContent`), so a user type that happens to share the
 * name is not. The runtime's are interfaces: nothing else needs its doc read for this. Answered
 * once per type (`cache`).
 */
export function isMarkedInterface(state: AnalysisState, type: ts.Type, tag: "toolgenContext" | "toolgenContent", cache: Map<ts.Type, boolean>): boolean {
  const cached = cache.get(type);
  if (cached !== undefined) return cached;
  const symbol = type.getSymbol();
  const result =
    symbol !== undefined &&
    (symbol.flags & state.ts.SymbolFlags.Interface) !== 0 &&
    (symbol.declarations ?? []).some((d) => mayHaveTag(d, `@${tag}`) && hasTag(readDoc(state.ts, d), tag));
  cache.set(type, result);
  return result;
}
