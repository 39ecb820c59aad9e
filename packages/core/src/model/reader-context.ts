import type * as ts from "typescript";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Definition } from "./type-model.js";

/**
 * State shared by the readers while one schema (a tool's input or output) is read.
 * `site` is the node diagnostics point at when a type has no declaration of its own.
 */
export interface ReaderContext {
  ts: typeof ts;
  checker: ts.TypeChecker;
  diagnostics: DiagnosticBag;
  /** `unknown`/`any` are errors in a strict build (the default). */
  strict: boolean;
  /** Named types being read right now, by type id: reaching one again means recursion. */
  inProgress: Map<ts.Type, InProgressType>;
  /** Recursive types, written once under `$defs`, in the order they were found. */
  definitions: Definition[];
  /** Definition names already taken, for the collision-free naming scheme. */
  usedNames: Map<string, ts.Type>;
}

export interface InProgressType {
  name: string;
  recursive: boolean;
}

export function createReaderContext(
  tsm: typeof ts,
  checker: ts.TypeChecker,
  diagnostics: DiagnosticBag,
  strict: boolean,
): ReaderContext {
  return { ts: tsm, checker, diagnostics, strict, inProgress: new Map(), definitions: [], usedNames: new Map() };
}

/** Reports at `site` (the closest user node) a problem with a type. */
export type Site = ts.Node;
