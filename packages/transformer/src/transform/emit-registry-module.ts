import * as path from "node:path";
import type * as ts from "typescript";

let emittingFresh = false;

/** True while toolgen emits the registry module through a program of its own: the plugin must then do nothing. */
export function isEmittingRegistryModule(): boolean {
  return emittingFresh;
}

/** The registry module's new text, and what toolgen wrote for it so far (by `emitOnlyDts`). */
export interface StaleRegistry {
  path: string;
  text: string;
  /** The JavaScript and declarations toolgen rendered with the text, written as they are where the options allow. */
  compiled?: { readonly javascript: string; readonly declarations: string; packageType?: string | undefined };
  written?: Map<boolean, WrittenFile[]>;
}

interface WrittenFile {
  fileName: string;
  text: string;
  writeByteOrderMark: boolean;
}

/** The program's common source directory (internal in TypeScript 5.x and 6.x, present on every program). */
type ProgramInternals = ts.Program & { getCommonSourceDirectory?: () => string };

/**
 * Emits the registry module from its new text: the program was created before toolgen
 * rewrote the file, so the compiler holds its old text (or none). The module needs no type
 * information to be emitted — every export is explicitly typed, and it is `@ts-nocheck` — so
 * it is transpiled on its own, as `ts.transpileModule` and `ts.transpileDeclaration` do, with
 * the program's compiler options: a program of this one file, no module resolution, no
 * default library, no type check, JavaScript and declarations (and their maps) from one parse.
 * Unlike `ts.transpileModule`, the source file is read with the module format the program
 * would give it (an ES module in a `"type": "module"` package under `node16`/`nodenext`), and
 * the output paths are the compiler's own, from the project's common source directory.
 *
 * A second program over the whole project remains the fallback: for `outFile` bundles, for
 * declarations with a TypeScript before 5.5 (no `isolatedDeclarations`), and if the
 * declarations cannot be emitted without type information.
 *
 * Outputs go through toolgen's own compiler host, not the compiler's `writeFile`: an
 * incremental builder's callback tracks signatures of the files it knows, and this text is
 * not one of them yet (the next build's program reads it from disk).
 */
export function emitRegistryModule(tsm: typeof ts, program: ts.Program, registry: StaleRegistry, cancellationToken: ts.CancellationToken | undefined, emitOnlyDts: boolean | undefined): void {
  const options = program.getCompilerOptions();
  if (options.noEmit) return;
  // A builder emits file by file: toolgen writes the outputs at its first emit call, and again
  // after the call that emitted the old text. The second time, the same files are written again.
  const key = !!emitOnlyDts;
  const host = tsm.createCompilerHost(options);
  const again = registry.written?.get(key);
  if (again) {
    for (const file of again) host.writeFile(file.fileName, file.text, file.writeByteOrderMark);
    return;
  }
  const written: WrittenFile[] = [];
  const writeFile: ts.WriteFileCallback = (fileName, text, writeByteOrderMark) => {
    written.push({ fileName, text, writeByteOrderMark });
    host.writeFile(fileName, text, writeByteOrderMark);
  };
  if (!writeCompiled(tsm, program, registry, writeFile, emitOnlyDts)) emitFresh(tsm, program, registry.path, registry.text, writeFile, cancellationToken, emitOnlyDts);
  (registry.written ??= new Map()).set(key, written);
}

/**
 * Writes the JavaScript and declarations toolgen rendered along with the module, when they are
 * what the compiler would produce in substance: an ES module (ES2015 or later) at the
 * compiler's own output paths, with no source maps or declaration maps asked for (those need
 * the compiler) and no `outFile`. Compiling a module of thousands of tools is most of what
 * the transformer would otherwise add to a build. Returns false when the compiler must do it.
 */
function writeCompiled(tsm: typeof ts, program: ts.Program, registry: StaleRegistry, writeFile: ts.WriteFileCallback, emitOnlyDts: boolean | undefined): boolean {
  const options = program.getCompilerOptions();
  const compiled = registry.compiled;
  if (!compiled || !canWriteCompiled(tsm, options, registry)) return false;
  const declarations = !!(options.declaration || options.composite);
  const parsed = { options: { ...options, rootDir: rootDirOf(program, registry.path) }, fileNames: [registry.path], errors: [] } as ts.ParsedCommandLine;
  const outputs = tsm.getOutputFileNames(parsed, registry.path, !tsm.sys.useCaseSensitiveFileNames);
  const jsFile = outputs.find((f) => /\.[cm]?js$/.test(f));
  const dtsFile = outputs.find((f) => /\.d\.[cm]?ts$/.test(f));
  const newLine = options.newLine === tsm.NewLineKind.CarriageReturnLineFeed ? (text: string) => text.replace(/\n/g, "\r\n") : (text: string) => text;
  const bom = !!options.emitBOM;
  if (!emitOnlyDts && !options.emitDeclarationOnly && jsFile) writeFile(jsFile, newLine(compiled.javascript), bom);
  if (declarations && dtsFile) writeFile(dtsFile, newLine(compiled.declarations), bom);
  return true;
}

/** Whether toolgen's rendered JavaScript and declarations can stand for the compiler's output (see `writeCompiled`). */
export function canWriteCompiled(tsm: typeof ts, options: ts.CompilerOptions, registry: StaleRegistry): boolean {
  if (!registry.compiled || options.outFile || options.sourceMap || options.inlineSourceMap) return false;
  if ((options.declaration || options.composite) && options.declarationMap) return false;
  if ((options.target ?? tsm.ScriptTarget.ES5) < tsm.ScriptTarget.ES2015) return false;
  return emitsEsModule(tsm, options, registry.path, registry.compiled.packageType);
}

/** Whether the compiler would write the module as an ES module (by extension, `module`, and package.json `type`). */
function emitsEsModule(tsm: typeof ts, options: ts.CompilerOptions, registryPath: string, packageType: string | undefined): boolean {
  if (/\.mts$/.test(registryPath)) return true;
  if (/\.cts$/.test(registryPath)) return false;
  const kind = options.module ?? (options.target !== undefined && options.target >= tsm.ScriptTarget.ES2015 ? tsm.ModuleKind.ES2015 : tsm.ModuleKind.CommonJS);
  const K = tsm.ModuleKind as unknown as Record<string, number | undefined>;
  const nodeKinds = [K.Node16, K.Node18, K.Node20, K.NodeNext].filter((k): k is number => k !== undefined);
  if (nodeKinds.includes(kind)) return packageType === "module";
  return [K.ES2015, K.ES2020, K.ES2022, K.ESNext, K.Preserve].includes(kind);
}

function emitFresh(tsm: typeof ts, program: ts.Program, registryPath: string, text: string, writeFile: ts.WriteFileCallback, cancellationToken: ts.CancellationToken | undefined, emitOnlyDts: boolean | undefined): void {
  const options = program.getCompilerOptions();
  const declarations = !!(options.declaration || options.composite);
  if (options.outFile || (declarations && typeof tsm.transpileDeclaration !== "function")) {
    emitThroughProgram(tsm, program, registryPath, text, writeFile, cancellationToken, emitOnlyDts);
    return;
  }
  if (!declarations && (emitOnlyDts || options.emitDeclarationOnly)) return;
  const declarationsBlocked = transpileRegistryModule(tsm, program, registryPath, text, writeFile, cancellationToken, emitOnlyDts);
  if (declarationsBlocked) emitThroughProgram(tsm, program, registryPath, text, writeFile, cancellationToken, true);
}

/** Emits the module as a program of its own file; returns true when its declarations need type information (nothing written for them). */
function transpileRegistryModule(tsm: typeof ts, program: ts.Program, registryPath: string, text: string, writeFile: ts.WriteFileCallback, cancellationToken: ts.CancellationToken | undefined, emitOnlyDts: boolean | undefined): boolean {
  const options = program.getCompilerOptions();
  const declarations = !!(options.declaration || options.composite);
  const emitOptions: ts.CompilerOptions = {
    ...options,
    // Output paths as the project's: relative to its common source directory, which
    // (without `rootDir`) TypeScript 5.x computes from all the program's files.
    rootDir: rootDirOf(program, registryPath),
    noResolve: true,
    noLib: true,
    lib: undefined,
    types: [],
    noCheck: true,
    noEmitOnError: false,
    declaration: declarations,
    composite: false,
    incremental: false,
    tsBuildInfoFile: undefined,
    // This program is toolgen's own: no ts-patch plugin runs in it.
    plugins: undefined,
  };
  if (!options.verbatimModuleSyntax) emitOptions.isolatedModules = true;
  if (declarations) emitOptions.isolatedDeclarations = true;
  const host = tsm.createCompilerHost(emitOptions);
  // The program passes the options the file is read with (its module format from package.json).
  host.getSourceFile = (fileName, languageVersionOrOptions) => (isSameFile(fileName, registryPath) ? tsm.createSourceFile(fileName, text, languageVersionOrOptions) : undefined);
  emittingFresh = true;
  try {
    const transpiler = tsm.createProgram({ rootNames: [registryPath], options: emitOptions, host });
    const sourceFile = transpiler.getSourceFile(registryPath);
    if (!sourceFile) return declarations;
    const result = transpiler.emit(sourceFile, writeFile, cancellationToken, emitOnlyDts);
    return declarations && result.diagnostics.some((d) => d.category === tsm.DiagnosticCategory.Error);
  } finally {
    emittingFresh = false;
  }
}

/** `rootDir` as the program has it, else the common source directory of its files and the registry module. */
function rootDirOf(program: ts.Program, registryPath: string): string | undefined {
  const options = program.getCompilerOptions();
  if (options.rootDir) return options.rootDir;
  const common = (program as ProgramInternals).getCommonSourceDirectory?.();
  if (!common) return undefined;
  let dir = path.resolve(common);
  const registryDir = path.dirname(path.resolve(registryPath));
  while (path.relative(dir, registryDir).startsWith("..") && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

function isSameFile(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}

/**
 * The fallback: a second program that shares every other source file with the first
 * (nothing is re-parsed) writes the JavaScript, declarations and maps exactly as tsc would.
 */
function emitThroughProgram(tsm: typeof ts, program: ts.Program, registryPath: string, text: string, writeFile: ts.WriteFileCallback, cancellationToken: ts.CancellationToken | undefined, emitOnlyDts: boolean | undefined): void {
  const options = program.getCompilerOptions();
  const host = tsm.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  // Every other file is the program's own (parsed and bound already, so nothing is re-read).
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    isSameFile(fileName, registryPath)
      ? tsm.createSourceFile(fileName, text, languageVersion)
      : (program.getSourceFile(fileName) ?? readSourceFile(fileName, languageVersion, onError, shouldCreate));
  const rootNames = program.getRootFileNames().some((f) => isSameFile(f, registryPath)) ? program.getRootFileNames() : [...program.getRootFileNames(), registryPath];
  emittingFresh = true;
  try {
    const fresh = tsm.createProgram({ rootNames, options, host, oldProgram: program });
    const sourceFile = fresh.getSourceFile(registryPath);
    if (sourceFile) fresh.emit(sourceFile, writeFile, cancellationToken, emitOnlyDts);
  } finally {
    emittingFresh = false;
  }
}
