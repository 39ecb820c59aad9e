import type * as ts from "typescript";
import type { AnalysisState } from "../model/reader-context.js";
import type { FoundDeclaration } from "../source/find-declarations.js";
import { awaitedType, readOutput } from "./read-output.js";

/** An `ArrayBuffer` or a view of one (a typed array, a `DataView`, Node's `Buffer`): the runtime sends it as a `blob`. */
const BYTES = /^(?:ArrayBuffer|SharedArrayBuffer|DataView|Buffer|(?:Big)?(?:Int|Uint)(?:8|16|32|64)(?:Clamped)?Array|Float(?:16|32|64)Array)$/;

/**
 * A resource returns text, bytes or a value JSON carries. Where its (awaited) return type holds
 * no bytes, it is read as a tool's result is, for the diagnostics alone — a function, a bigint,
 * a `Map` would be an error or a silent `{}` on every read; the manifest keeps no schema of it.
 */
export function checkResourceResult(state: AnalysisState, found: FoundDeclaration): void {
  const signature = state.checker.getSignatureFromDeclaration(found.signatureNode);
  if (!signature) return;
  const returned = awaitedType(state, state.checker.getReturnTypeOfSignature(signature));
  const members = returned.flags & state.ts.TypeFlags.Union ? (returned as ts.UnionType).types : [returned];
  if (members.some((member) => BYTES.test((member.aliasSymbol ?? member.getSymbol())?.getName() ?? ""))) return;
  readOutput(state, found);
}
