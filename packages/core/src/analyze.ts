import * as path from "node:path";
import type * as ts from "typescript";
import { MANIFEST_FORMAT_VERSION, type Manifest } from "@toolgen/runtime";
import { DiagnosticBag, type Diagnostic, sortDiagnostics } from "./diagnostics/diagnostic.js";
import { buildEntry, type BuiltEntry } from "./manifest/build-entry.js";
import { checkEntries } from "./manifest/check-entries.js";
import { orderEntryKeys } from "./manifest/order-entry-keys.js";
import { findDeclarations } from "./source/find-declarations.js";
import type { NamingStyle } from "./source/naming.js";

export interface AnalyzeOptions {
  /** The TypeScript that made the program (its enums differ between versions). */
  ts: typeof ts;
  /** Absolute folder of the package's `package.json`; manifest paths are relative to it. */
  packageRoot: string;
  packageName: string;
  packageVersion?: string;
  /** Package-relative path of the compiled generated registry module, when there is one. */
  registryModule?: string;
  naming?: NamingStyle;
  /** `unknown`/`any` in a schema is an error (default true). */
  strict?: boolean;
}

export interface AnalyzeResult {
  manifest: Manifest;
  diagnostics: Diagnostic[];
  /** Entries with their declarations, in manifest order (for the registry module emitter). */
  entries: BuiltEntry[];
}

/**
 * The analyzer: a program in, the manifest and every diagnostic out. No file system, no
 * process state: the CLI and the transformer call this with their own program and get the
 * same bytes.
 */
export function analyze(program: ts.Program, options: AnalyzeOptions): AnalyzeResult {
  const tsm = options.ts;
  const checker = program.getTypeChecker();
  const diagnostics = new DiagnosticBag();
  const outputPath = createOutputMapper(program, options.packageRoot);
  const relativeSource = (fileName: string) => toPosix(path.relative(options.packageRoot, fileName));

  const sourceFiles = program
    .getSourceFiles()
    .filter((sf) => !program.isSourceFileFromExternalLibrary(sf) && !program.isSourceFileDefaultLibrary(sf))
    .filter((sf) => !sf.isDeclarationFile || program.getRootFileNames().includes(sf.fileName))
    .sort((a, b) => compare(relativeSource(a.fileName), relativeSource(b.fileName)));

  const entries: BuiltEntry[] = [];
  for (const sourceFile of sourceFiles) {
    for (const found of findDeclarations(tsm, sourceFile, diagnostics)) {
      entries.push(
        buildEntry(tsm, checker, found, diagnostics, {
          naming: options.naming ?? "snake_case",
          strict: options.strict ?? true,
          relativeSource,
          relativeOutput: outputPath,
        }),
      );
    }
  }
  checkEntries(tsm, entries, diagnostics);
  for (const built of entries) built.entry = orderEntryKeys(built.entry);

  const manifest: Manifest = {
    formatVersion: MANIFEST_FORMAT_VERSION,
    package: { name: options.packageName, ...(options.packageVersion ? { version: options.packageVersion } : {}) },
    ...(options.registryModule ? { registryModule: options.registryModule } : {}),
    entries: entries.map((e) => e.entry),
  };
  return { manifest, diagnostics: sortDiagnostics(diagnostics.items), entries };
}

/**
 * Maps a source file to its compiled JavaScript, relative to the package root, the way
 * `tsc` places it: `outDir` + the path below `rootDir` (or the common source folder).
 */
export function createOutputMapper(program: ts.Program, packageRoot: string): (fileName: string) => string {
  const options = program.getCompilerOptions();
  const rootDir = options.rootDir ?? commonSourceDirectory(program);
  const outDir = options.outDir;
  return (fileName) => {
    const relative = path.relative(rootDir, fileName);
    const target = outDir ? path.join(outDir, relative) : fileName;
    return toPosix(path.relative(packageRoot, jsFileName(target)));
  };
}

function commonSourceDirectory(program: ts.Program): string {
  const files = program.getRootFileNames().filter((f) => !/\.d\.[cm]?ts$/.test(f));
  if (files.length === 0) return program.getCurrentDirectory();
  let common = path.dirname(files[0]!);
  for (const file of files) while (!(path.dirname(file) + path.sep).startsWith(common.endsWith(path.sep) ? common : common + path.sep)) common = path.dirname(common);
  return common;
}

function jsFileName(fileName: string): string {
  return fileName.replace(/\.d\.([cm]?)ts$/, ".$1js").replace(/\.([cm]?)tsx?$/, ".$1js");
}

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
