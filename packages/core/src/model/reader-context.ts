import type * as ts from "typescript";
import type { DiagnosticBag, DiagnosticSite } from "../diagnostics/diagnostic.js";
import type { ReadAnnotations } from "./read-annotations.js";
import type { Definition, TypeModel } from "./type-model.js";

/**
 * What every reader shares across one analysis: which files are TypeScript's own lib, and
 * caches of what does not depend on the schema being read (declaration docs, context checks).
 */
export interface AnalysisState {
  ts: typeof ts;
  checker: ts.TypeChecker;
  diagnostics: DiagnosticBag;
  /** `unknown`/`any` are errors in a strict build (the default). */
  strict: boolean;
  /** TypeScript's lib files: their JSDoc never becomes a description. */
  isDefaultLibrary: (sourceFile: ts.SourceFile) => boolean;
  /** Files of installed packages (`node_modules`). */
  isExternalLibrary: (sourceFile: ts.SourceFile) => boolean;
  /** Annotations of a declaration (property, alias, interface, enum), read once. */
  declarationAnnotations: Map<ts.Node, ReadAnnotations>;
  /** `ToolContext` identity, per type. */
  toolContext: Map<ts.Type, boolean>;
  /** Content block identity (`@toolgenContent`), per type. */
  contentBlock: Map<ts.Type, boolean>;
  /** The symbol a name in a type node resolves to (aliases followed), per node. */
  symbols: Map<ts.Node, ts.Symbol | undefined>;
  /** Sort keys of union members that do not depend on checking order, per type. */
  canonicalKeys: Map<ts.Type, string>;
  /** Where each pattern of the schemas was written, for the backtracking check (`checkPatterns`). */
  patternOrigins: Map<string, PatternOrigin>;
}

/** The `@pattern` tags and template literal types that wrote one pattern. */
export interface PatternOrigin {
  /** Each site, with the `@maxLength` written beside it (to tell apart uses of one pattern under different bounds). */
  sites: Map<DiagnosticSite, number | undefined>;
  /** Written by a template literal type rather than a `@pattern` tag. */
  template: boolean;
  /** An `@allowSlowPattern` accepts it. */
  allowed: boolean;
}

/** The origin record of a pattern, made on first use. */
export function patternOrigin(state: AnalysisState, pattern: string): PatternOrigin {
  let origin = state.patternOrigins.get(pattern);
  if (!origin) state.patternOrigins.set(pattern, (origin = { sites: new Map(), template: false, allowed: false }));
  return origin;
}

/** A default to check against its own schema once the whole schema (and its `$defs`) is read. */
export interface DefaultCheck {
  model: TypeModel;
  value: unknown;
  at: DiagnosticSite;
  /** An `@examples` value rather than a default. */
  example?: true;
  /** Given by an earlier layer (the type's declaration), checked at a constraint added since. */
  inherited?: true;
  /** `value` lists the values the type allows, of which the constraints must leave one. */
  oneOf?: true;
}

/**
 * State of one schema being read (a tool's input or its output). The site of a diagnostic is
 * passed along the readers: the closest node in the user's code.
 */
export interface ReaderContext extends AnalysisState {
  direction: "input" | "output";
  /** Types being read right now: reaching one again means recursion. */
  inProgress: Map<ts.Type, InProgressType>;
  /** Recursive types, written once under `$defs`. */
  definitions: Definition[];
  definedTypes: Map<ts.Type, string>;
  /** Definition names taken (or reserved while their type is read). */
  usedNames: Set<string>;
  depth: number;
  /** The depth limit was reached (and reported) in this schema. */
  tooDeep: boolean;
  /** Type parameter → the type argument node written at the use site (`Page<Port>`: T → Port). */
  typeArgumentNodes: ReadonlyMap<ts.Symbol, ts.TypeNode>;
  defaultChecks: DefaultCheck[];
  /**
   * The properties being read, from the closest node of the user's code down, where their
   * declarations are not the user's (a dependency's type): a diagnostic reported at that node
   * names them (`at 'settings.lookup'`).
   */
  outside: string[];
}

export interface InProgressType {
  /** Set once the type is met again while it is read: it is recursive, and this is its `$defs` name. */
  name?: string;
}

const NO_BINDINGS: ReadonlyMap<ts.Symbol, ts.TypeNode> = new Map();

/**
 * A context for one schema: the analysis state's fields (shared maps, the same checker) plus
 * its own. Copied rather than inherited: optimized code that reads a field through a prototype
 * keeps that prototype, and with it the type checker and the whole program, alive after the
 * analysis, which would stop a build from releasing the program's memory before it renders.
 * Copied field by field (the compiler checks none is missing): V8 spreads an object of this
 * shape about a hundred times slower than it builds the literal.
 */
export function createReaderContext(state: AnalysisState, direction: "input" | "output"): ReaderContext {
  return {
    ts: state.ts,
    checker: state.checker,
    diagnostics: state.diagnostics,
    strict: state.strict,
    isDefaultLibrary: state.isDefaultLibrary,
    isExternalLibrary: state.isExternalLibrary,
    declarationAnnotations: state.declarationAnnotations,
    toolContext: state.toolContext,
    contentBlock: state.contentBlock,
    symbols: state.symbols,
    canonicalKeys: state.canonicalKeys,
    patternOrigins: state.patternOrigins,
    direction,
    inProgress: new Map(),
    definitions: [],
    definedTypes: new Map(),
    usedNames: new Set(),
    depth: 0,
    tooDeep: false,
    typeArgumentNodes: NO_BINDINGS,
    defaultChecks: [],
    outside: [],
  };
}

/** ` at 'a.b'` when the type reported is a property of a type outside the user's code, else nothing. */
export function outsidePath(ctx: ReaderContext): string {
  return ctx.outside.length > 0 ? ` at '${ctx.outside.join(".")}'` : "";
}

/** The symbol a name resolves to, through import aliases; looked up once per node. */
export function resolveSymbol(state: AnalysisState, name: ts.Node): ts.Symbol | undefined {
  if (state.symbols.has(name)) return state.symbols.get(name);
  let symbol = state.checker.getSymbolAtLocation(name);
  if (symbol && symbol.flags & state.ts.SymbolFlags.Alias) symbol = state.checker.getAliasedSymbol(symbol);
  state.symbols.set(name, symbol);
  return symbol;
}

/** True when a declaration sits in the user's own code (not a lib or an installed package). */
export function isUserDeclaration(ctx: AnalysisState, node: ts.Node): boolean {
  const sourceFile = node.getSourceFile();
  return !ctx.isDefaultLibrary(sourceFile) && !ctx.isExternalLibrary(sourceFile);
}
