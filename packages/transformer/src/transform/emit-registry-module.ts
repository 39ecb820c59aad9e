import * as path from "node:path";
import type * as ts from "typescript";

let emittingFresh = false;

/** True while toolgen emits its own registry program: the plugin must then do nothing. */
export function isEmittingRegistryModule(): boolean {
  return emittingFresh;
}

/**
 * Emits the registry module from its new text: the program was created before toolgen
 * rewrote the file, so the compiler holds its old text (or none). A second program that
 * shares every other source file with the first (nothing is re-parsed) writes the
 * JavaScript, declarations and maps exactly as tsc would. It writes through its own host, not
 * the compiler's `writeFile`: an incremental builder's callback tracks signatures of the files
 * it knows, and this text is not one of them yet (the next build's program reads it from disk).
 */
export function emitRegistryModule(tsm: typeof ts, program: ts.Program, registryPath: string, text: string, cancellationToken: ts.CancellationToken | undefined, emitOnlyDts: boolean | undefined): void {
  const options = program.getCompilerOptions();
  const host = tsm.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  // Every other file is the program's own (parsed and bound already, so nothing is re-read).
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    path.resolve(fileName) === path.resolve(registryPath)
      ? tsm.createSourceFile(fileName, text, languageVersion)
      : (program.getSourceFile(fileName) ?? readSourceFile(fileName, languageVersion, onError, shouldCreate));
  const rootNames = program.getRootFileNames().some((f) => path.resolve(f) === path.resolve(registryPath)) ? program.getRootFileNames() : [...program.getRootFileNames(), registryPath];
  emittingFresh = true;
  try {
    const fresh = tsm.createProgram({ rootNames, options, host, oldProgram: program });
    const sourceFile = fresh.getSourceFile(registryPath);
    if (sourceFile) fresh.emit(sourceFile, undefined, cancellationToken, emitOnlyDts);
  } finally {
    emittingFresh = false;
  }
}
