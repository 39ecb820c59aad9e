import * as path from "node:path";
import type * as ts from "typescript";
import { emitRegistryModule, type StaleRegistry } from "./emit-registry-module.js";

/** ts-patch (3.x and 4.x) keeps the compiler's own emit here and calls it right after asking plugins for transformers. */
type PatchedProgram = ts.Program & { originalEmit?: ts.Program["emit"] };

export interface AfterEmit {
  diagnostics: readonly ts.Diagnostic[];
  /** Generated modules (the registry module, its chunks) whose new text the program does not hold. */
  staleRegistry: readonly StaleRegistry[];
  /** Generated modules the program holds, emitted empty (see the transformer): their rendered outputs are written after. */
  emptiedRegistry: readonly StaleRegistry[];
  /**
   * Whether the program made an emit call that writes files yet (a builder emits file by file),
   * and one that writes JavaScript: a builder's first call may write a file's declarations alone,
   * after which the registry module's JavaScript is still to write.
   */
  emitted: { done: boolean; javascript?: boolean };
  /** Generated modules of a build that failed, whose existing outputs the compiler must not rewrite (see `keepingOutputsOf`). */
  keptRegistry?: readonly string[];
}

/**
 * `EmitOnly.BuilderSignature`: an incremental builder emitting a file's declarations in memory
 * to compute its signature, before and apart from the emit that writes files.
 */
const BUILDER_SIGNATURE = 2;

/**
 * Wraps ts-patch's `originalEmit` for the emit call that is starting (and only that one):
 * after the compiler wrote its files, add toolgen's diagnostics of the files this call emitted
 * and rewrite the registry module's outputs when the program held an old text. Diagnostics
 * travel with their own file, so an incremental builder caches each one against the file it
 * is about and drops it when that file changes. Returns false when ts-patch keeps no
 * `originalEmit` (an unknown version).
 */
export function wrapThisEmit(tsm: typeof ts, program: ts.Program, after: AfterEmit): boolean {
  const patched = program as PatchedProgram;
  const real = patched.originalEmit;
  if (typeof real !== "function") return false;
  // Wrapped already for this emit call (the plugin listed twice, the same): once is enough.
  if (WRAPPER in real) return true;
  patched.originalEmit = Object.assign(function (this: ts.Program, ...args: Parameters<ts.Program["emit"]>) {
    patched.originalEmit = real;
    if (after.keptRegistry?.length) args[1] = keepingOutputsOf(tsm, this, after.keptRegistry, args[1]);
    const result = real.apply(this, args);
    const [target, , cancellationToken, emitOnly] = args;
    // A signature computed in memory writes nothing: it must not count as the first emit,
    // which then never wrote the registry module's JavaScript (a stale one after a fixed error).
    if ((emitOnly as unknown) === BUILDER_SIGNATURE) return result;
    const emitOnlyDts = !!emitOnly;
    const isFirstEmit = !after.emitted.done;
    // The first that writes JavaScript: a declarations-only call before it wrote none of the registry module's.
    const isFirstJavaScript = !emitOnlyDts && !after.emitted.javascript;
    after.emitted.done = true;
    if (!emitOnlyDts) after.emitted.javascript = true;
    const isTarget = (fileName: string) => target !== undefined && path.resolve(target.fileName) === path.resolve(fileName);
    const own = after.diagnostics.filter((d) => target === undefined || (d.file ? isTarget(d.file.fileName) : isFirstEmit));
    // A stale text was written when this call emitted everything or that file itself; a call
    // for another file writes nothing stale, but the first (the first of JavaScript too) must still write the new outputs.
    for (const registry of after.staleRegistry) {
      if (target === undefined || isTarget(registry.path) || isFirstEmit || isFirstJavaScript) emitRegistryModule(tsm, program, registry, cancellationToken, emitOnlyDts);
    }
    for (const emptied of after.emptiedRegistry) {
      if (target === undefined || isTarget(emptied.path)) emitRegistryModule(tsm, program, emptied, cancellationToken, emitOnlyDts);
    }
    // A new array: a skipped emit returns the compiler's shared empty one.
    return own.length > 0 ? { ...result, diagnostics: [...result.diagnostics, ...own] } : result;
  }, { [WRAPPER]: true });
  return true;
}

const WRAPPER = Symbol("toolgen's emit wrapper");

/**
 * A build that fails writes none of toolgen's outputs; the compiler would still emit the
 * registry module's text it holds, in its own form, where the last build wrote toolgen's
 * (`writeCompiled`): the same module in other bytes, rewritten at each failing build and back
 * at the fix, which restarts whatever watches the output. Its outputs that exist are left as
 * they are; a missing one is written.
 */
function keepingOutputsOf(tsm: typeof ts, program: ts.Program, kept: readonly string[], writeFile: ts.WriteFileCallback | undefined): ts.WriteFileCallback {
  const write = writeFile ?? tsm.createCompilerHost(program.getCompilerOptions()).writeFile;
  const keeps = (file: ts.SourceFile) => kept.includes(path.resolve(file.fileName));
  return (fileName, text, ...rest) => {
    const [, , sourceFiles] = rest;
    if (sourceFiles?.length && sourceFiles.every(keeps) && tsm.sys.fileExists(fileName)) return;
    write(fileName, text, ...rest);
  };
}
