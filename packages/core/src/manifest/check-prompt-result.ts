import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { AnalysisState } from "../model/reader-context.js";
import type { FoundDeclaration } from "../source/find-declarations.js";

const MESSAGE_SHAPE = '{ role: "user" | "assistant", content: string | { type: "text", text: string } }';

/**
 * A prompt returns a string (one message, in its `@role`) or a list of messages. The runtime
 * refuses anything else on every call (`execution_error`); where the (awaited) return type
 * already says so, the build does. Types that cannot be told (`any`, `unknown`, a type
 * parameter) are left to the runtime, and so is a `role` or `content` typed as plain `string`.
 */
export function checkPromptResult(state: AnalysisState, found: FoundDeclaration): void {
  const { checker } = state;
  const signature = checker.getSignatureFromDeclaration(found.signatureNode);
  if (!signature) return;
  const declared = checker.getReturnTypeOfSignature(signature);
  const returned = checker.getAwaitedType(declared) ?? declared;
  if (isPromptResult(state, returned)) return;
  state.diagnostics.report(
    found.signatureNode.type ?? found.nameNode,
    DiagnosticCode.PromptResult,
    `A prompt returns a string or a list of messages (${MESSAGE_SHAPE}); '${checker.typeToString(returned)}' is neither. Return the prompt's text, or its messages.`,
  );
}

function isPromptResult(state: AnalysisState, type: ts.Type): boolean {
  const { checker, ts: tsm } = state;
  if (isUntold(tsm, type) || isText(tsm, type)) return true;
  if (type.flags & tsm.TypeFlags.Union) return (type as ts.UnionType).types.every((t) => isPromptResult(state, t));
  if (!checker.isArrayType(type)) return false;
  const [item] = checker.getTypeArguments(type as ts.TypeReference);
  return item !== undefined && isMessage(state, item);
}

function isMessage(state: AnalysisState, type: ts.Type): boolean {
  const { checker, ts: tsm } = state;
  if (isUntold(tsm, type)) return true;
  if (type.flags & tsm.TypeFlags.Union) return (type as ts.UnionType).types.every((t) => isMessage(state, t));
  const role = checker.getPropertyOfType(type, "role");
  const content = checker.getPropertyOfType(type, "content");
  if (!role || !content) return false;
  return isRole(state, checker.getNonNullableType(checker.getTypeOfSymbol(role))) && isContent(state, checker.getNonNullableType(checker.getTypeOfSymbol(content)));
}

function isRole(state: AnalysisState, type: ts.Type): boolean {
  const { ts: tsm } = state;
  if (isUntold(tsm, type) || type.flags & tsm.TypeFlags.String) return true;
  if (type.flags & tsm.TypeFlags.Union) return (type as ts.UnionType).types.every((t) => isRole(state, t));
  return type.isStringLiteral() && (type.value === "user" || type.value === "assistant");
}

function isContent(state: AnalysisState, type: ts.Type): boolean {
  const { checker, ts: tsm } = state;
  if (isUntold(tsm, type) || isText(tsm, type)) return true;
  if (type.flags & tsm.TypeFlags.Union) return (type as ts.UnionType).types.every((t) => isContent(state, t));
  const text = checker.getPropertyOfType(type, "text");
  return text !== undefined && isText(tsm, checker.getNonNullableType(checker.getTypeOfSymbol(text)));
}

function isText(tsm: typeof ts, type: ts.Type): boolean {
  return (type.flags & tsm.TypeFlags.StringLike) !== 0;
}

/** Types that say nothing about the value: the runtime checks it. */
function isUntold(tsm: typeof ts, type: ts.Type): boolean {
  return (type.flags & (tsm.TypeFlags.Any | tsm.TypeFlags.Unknown | tsm.TypeFlags.TypeParameter | tsm.TypeFlags.Never)) !== 0;
}
