import type * as ts from "typescript";
import { isMarkedInterface } from "./marker-interface.js";
import type { AnalysisState } from "./reader-context.js";

/** One of the runtime's content blocks (`ImageContent`, …), recognised by its `@toolgenContent` tag, not by name. */
export function isContentBlock(state: AnalysisState, type: ts.Type): boolean {
  return isMarkedInterface(state, type, "toolgenContent", state.contentBlock);
}

/** Content blocks: a block, a union of blocks (`Content`), or an array of them. */
export function isContentResult(state: AnalysisState, type: ts.Type): boolean {
  const { checker, ts: tsm } = state;
  const blocks = (t: ts.Type) => (t.flags & tsm.TypeFlags.Union ? (t as ts.UnionType).types.every((m) => isContentBlock(state, m)) : isContentBlock(state, t));
  if (blocks(type)) return true;
  const item = checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0] : undefined;
  return item !== undefined && blocks(item);
}
