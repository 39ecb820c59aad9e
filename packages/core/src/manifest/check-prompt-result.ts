import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { isContentBlock } from "../model/detect-content.js";
import type { AnalysisState } from "../model/reader-context.js";
import type { FoundDeclaration } from "../source/find-declarations.js";
import { awaitedType } from "./read-output.js";

const MESSAGE_SHAPE = '{ role: "user" | "assistant", content: string | { type: "text", text: string } | a content block }';

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
  const returned = awaitedType(state, declared);
  if (isPromptResult(state, returned)) return;
  state.diagnostics.report(
    found.signatureNode.type ?? found.nameNode,
    DiagnosticCode.PromptResult,
    `A prompt returns a string or a list of messages (${MESSAGE_SHAPE}, a content block being one of @toolgen/runtime's: ImageContent, AudioContent, …); '${checker.typeToString(returned)}' is neither. Return the prompt's text, or its messages.`,
  );
}

function isPromptResult(state: AnalysisState, type: ts.Type): boolean {
  const { checker, ts: tsm } = state;
  return everyMember(tsm, type, (t) => {
    if (isUntold(tsm, t) || isText(tsm, t)) return true;
    // A list, or a tuple of messages: each element type is read.
    const items = checker.isArrayType(t) || checker.isTupleType(t) ? checker.getTypeArguments(t as ts.TypeReference) : [];
    return items.length > 0 && items.every((item) => everyMember(tsm, item, (m) => isUntold(tsm, m) || isMessage(state, m)));
  });
}

function isMessage(state: AnalysisState, type: ts.Type): boolean {
  const { ts: tsm } = state;
  const role = propertyType(state, type, "role");
  const content = propertyType(state, type, "content");
  if (!role || !content) return false;
  const isRole = (t: ts.Type) => isUntold(tsm, t) || (t.flags & tsm.TypeFlags.String) !== 0 || (t.isStringLiteral() && (t.value === "user" || t.value === "assistant"));
  const isContent = (t: ts.Type) => {
    if (isUntold(tsm, t) || isText(tsm, t) || isContentBlock(state, t)) return true;
    // A text block: `{ type: "text", text }`; the runtime refuses one without its type, or of another.
    const kind = propertyType(state, t, "type");
    const text = propertyType(state, t, "text");
    const isTextKind = (k: ts.Type) => isUntold(tsm, k) || (k.flags & tsm.TypeFlags.String) !== 0 || (k.isStringLiteral() && k.value === "text");
    return kind !== undefined && everyMember(tsm, kind, isTextKind) && text !== undefined && isText(tsm, text);
  };
  return everyMember(tsm, role, isRole) && everyMember(tsm, content, isContent);
}

function propertyType(state: AnalysisState, type: ts.Type, name: string): ts.Type | undefined {
  const symbol = state.checker.getPropertyOfType(type, name);
  return symbol && state.checker.getNonNullableType(state.checker.getTypeOfSymbol(symbol));
}

/** `test` holds for each member of a union, or for the type itself. */
function everyMember(tsm: typeof ts, type: ts.Type, test: (member: ts.Type) => boolean): boolean {
  return type.flags & tsm.TypeFlags.Union ? (type as ts.UnionType).types.every(test) : test(type);
}

function isText(tsm: typeof ts, type: ts.Type): boolean {
  return (type.flags & tsm.TypeFlags.StringLike) !== 0;
}

/** Types that say nothing about the value: the runtime checks it. */
function isUntold(tsm: typeof ts, type: ts.Type): boolean {
  return (type.flags & (tsm.TypeFlags.Any | tsm.TypeFlags.Unknown | tsm.TypeFlags.TypeParameter | tsm.TypeFlags.Never)) !== 0;
}
