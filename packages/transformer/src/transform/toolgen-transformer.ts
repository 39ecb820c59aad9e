import * as path from "node:path";
import type * as ts from "typescript";
import { buildProgram, type ProgramBuild } from "./build-program.js";
import { canWriteCompiled, emitRegistryModule, isEmittingRegistryModule } from "./emit-registry-module.js";
import { wrapThisEmit } from "./wrap-emit.js";

/** The third argument ts-patch (3.x and 4.x) gives a source transformer. */
export interface TransformerExtras {
  /** The TypeScript that made the program: its `SyntaxKind` numbers are the ones to compare with. */
  ts: typeof ts;
  addDiagnostic(diagnostic: ts.Diagnostic): number;
}

const builds = new WeakMap<ts.Program, ProgramBuild & { emitted: { done: boolean }; entry: Record<string, unknown> | undefined }>();

/** ts-patch hands an entry's options afresh at each emit: the same entry has the same options. */
const isSameEntry = (a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * The ts-patch entry (`{ "transform": "@toolgen/transformer" }`). ts-patch calls it at every
 * emit, with the whole program: the first call per program analyzes and writes the outputs;
 * diagnostics go to tsc, so `tspc` fails on analyzer errors at their source positions. The
 * JavaScript of the user's own files is left exactly as tsc emits it.
 */
export default function toolgenTransformer(program: ts.Program, pluginEntry: Record<string, unknown> | undefined, extras: TransformerExtras): ts.TransformerFactory<ts.SourceFile> {
  const identity: ts.TransformerFactory<ts.SourceFile> = () => (sourceFile) => sourceFile;
  if (isEmittingRegistryModule()) return identity;
  if (typeof extras?.ts?.createProgram !== "function") {
    // Called as another kind of plugin, with no channel for a diagnostic: one line, as tsc
    // prints a configuration error, and the compile stops (a throw printed the plugin's stack).
    process.stderr.write('error TS999000: toolgen: @toolgen/transformer is a source transformer: use { "transform": "@toolgen/transformer" } without "transformProgram" or "type".\n');
    process.exit(1);
  }
  const tsm = extras.ts;
  let build = builds.get(program);
  const isFirstEmit = build === undefined;
  // Another entry of the plugin (refused by the first, which reports it): nothing of its own.
  if (build && !isSameEntry(build.entry, pluginEntry)) return identity;
  if (!build) {
    build = { ...buildProgram(tsm, program, pluginEntry ?? {}), emitted: { done: false }, entry: pluginEntry };
    builds.set(program, build);
  }
  // The program holds the generated modules' current text (every build after the first): the
  // compiler would compile thousands of tools' generated code again. Where toolgen's rendered
  // JavaScript can stand for it, the compiler gets an empty module and the rendered outputs
  // are written after its emit.
  const options = program.getCompilerOptions();
  const emptied = build.currentRegistry.filter((current) => canWriteCompiled(tsm, options, current));
  if (!wrapThisEmit(tsm, program, { ...build, emptiedRegistry: emptied })) {
    // A ts-patch without `originalEmit`: report through its own channel and write the
    // registry outputs now (a later emit of the old text may overwrite them until the next build).
    if (isFirstEmit) {
      for (const diagnostic of build.diagnostics) extras.addDiagnostic(diagnostic);
      for (const stale of build.staleRegistry) emitRegistryModule(tsm, program, stale, undefined, undefined);
    }
    return identity;
  }
  if (emptied.length === 0) return identity;
  const emptiedPaths = new Set(emptied.map((e) => path.resolve(e.path)));
  return (context) => (sourceFile) => (emptiedPaths.has(path.resolve(sourceFile.fileName)) ? context.factory.updateSourceFile(sourceFile, []) : sourceFile);
}
