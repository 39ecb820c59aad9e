import * as path from "node:path";
import type * as ts from "typescript";
import { MANIFEST_FORMAT_VERSION, type Manifest } from "@toolgen/runtime";
import { collapseRepeats } from "./diagnostics/collapse-repeats.js";
import { DiagnosticBag, type Diagnostic, sortDiagnostics } from "./diagnostics/diagnostic.js";
import { DiagnosticCode } from "./diagnostics/codes.js";
import { buildEntry, type BuiltEntry, type EntryOptions } from "./manifest/build-entry.js";
import { lintEntries } from "./lint/lint-entries.js";
import type { LintConfig } from "./lint/lint-rules.js";
import { checkEntries } from "./manifest/check-entries.js";
import { orderEntryKeys } from "./manifest/order-entry-keys.js";
import type { AnalysisState } from "./model/reader-context.js";
import { findDeclarations } from "./source/find-declarations.js";
import { NAMING_STYLES, type NamingStyle } from "./source/naming.js";
import { requireStrictNulls } from "./source/require-strict-nulls.js";

export interface AnalyzeOptions {
  /**
   * The TypeScript that made the program (its enums differ between versions), imported either
   * way: `import ts from "typescript"` in an ES module gives the namespace without the
   * `default` that `import * as ts` has there.
   */
  ts: Omit<typeof ts, "default">;
  /** Absolute folder of the package's `package.json`; manifest paths are relative to it. */
  packageRoot: string;
  packageName: string;
  packageVersion?: string;
  /** Package-relative path of the compiled generated registry module, when there is one. */
  registryModule?: string;
  /** Sources `tsc` compiles with the program's from now on (the generated registry module): they move TypeScript 5's common source folder. */
  alsoCompiled?: readonly string[];
  naming?: NamingStyle;
  /** `unknown`/`any` in a schema is an error (default true). */
  strict?: boolean;
  /** Run the lint rules (docs/contracts.md#lint) with this configuration; without it, none run. */
  lint?: LintConfig;
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
  // The namespace either way it was imported (see `AnalyzeOptions.ts`); nothing here reads its `default`.
  const tsm = options.ts as typeof ts;
  const checker = program.getTypeChecker();
  const diagnostics = new DiagnosticBag();
  // Per file, not per entry (or per comparison of the sort below): ten tools share a file.
  const outputPath = perFile(createOutputMapper(program, options.packageRoot, options.alsoCompiled));
  const relativeSource = perFile((fileName: string) => toPosix(path.relative(options.packageRoot, fileName)));
  const state: AnalysisState = {
    ts: tsm,
    checker,
    diagnostics,
    strict: options.strict ?? true,
    isDefaultLibrary: (sf) => program.isSourceFileDefaultLibrary(sf),
    isExternalLibrary: (sf) => program.isSourceFileFromExternalLibrary(sf),
    declarationAnnotations: new Map(),
    toolContext: new Map(),
    contentBlock: new Map(),
    symbols: new Map(),
    canonicalKeys: new Map(),
    patternOrigins: new Map(),
  };

  const roots = new Set(program.getRootFileNames());
  const sourceFiles = program
    .getSourceFiles()
    .filter((sf) => !program.isSourceFileFromExternalLibrary(sf) && !program.isSourceFileDefaultLibrary(sf))
    .filter((sf) => !sf.isDeclarationFile || roots.has(sf.fileName))
    // A file outside the package that the program reached only through an import (a `paths`
    // alias to a sibling package's sources) is a dependency: its entries are its own package's.
    .filter((sf) => roots.has(sf.fileName) || !relativeSource(sf.fileName).startsWith("../"))
    .sort((a, b) => compare(relativeSource(a.fileName), relativeSource(b.fileName)));

  let naming = options.naming ?? "snake_case";
  if (!(NAMING_STYLES as readonly string[]).includes(naming)) {
    // Callers pass configuration through (plugin options): say so at the first file, build on.
    if (sourceFiles[0]) diagnostics.report(sourceFiles[0], DiagnosticCode.InvalidConfig, `The "naming" option must be one of ${NAMING_STYLES.map((s) => `"${s}"`).join(", ")}; got ${JSON.stringify(naming)}. Using "snake_case".`);
    naming = "snake_case";
  }
  const entryOptions: EntryOptions = { naming, relativeSource, relativeOutput: outputPath };

  const entries: BuiltEntry[] = [];
  for (const sourceFile of sourceFiles) {
    const found = guard(diagnostics, sourceFile, () => findDeclarations(tsm, checker, sourceFile, diagnostics)) ?? [];
    for (const declaration of found) {
      diagnostics.entry = declaration.nameNode;
      const before = diagnostics.items.length;
      const built = guard(diagnostics, declaration.nameNode, () => buildEntry(state, declaration, entryOptions));
      diagnostics.entry = undefined;
      if (!built) continue;
      entries.push(built);
      // What its analysis found is about this entry (`--json` names it).
      for (const found of diagnostics.items.slice(before)) found.entryName ??= built.entry.name;
    }
  }
  if (entries[0]) requireStrictNulls(tsm, program, entries[0].declaration.nameNode, diagnostics);
  guard(diagnostics, sourceFiles[0], () => checkEntries(entries, diagnostics));
  // Lint is about tools that build: with errors to fix first, its findings would be noise.
  if (options.lint && !diagnostics.hasErrors) guard(diagnostics, sourceFiles[0], () => lintEntries(state, entries, options.lint!));
  for (const built of entries) built.entry = orderEntryKeys(built.entry);

  const manifest: Manifest = {
    formatVersion: MANIFEST_FORMAT_VERSION,
    package: { name: options.packageName, ...(options.packageVersion ? { version: options.packageVersion } : {}) },
    ...(options.registryModule ? { registryModule: options.registryModule } : {}),
    entries: entries.map((e) => e.entry),
  };
  return { manifest, diagnostics: collapseRepeats(sortDiagnostics(diagnostics.items)), entries };
}

/**
 * Runs one piece of per-declaration work. An exception there is a bug in toolgen, never the
 * user's fault: it becomes an internal diagnostic at the declaration and the analysis goes on.
 */
function guard<T>(diagnostics: DiagnosticBag, at: ts.Node | undefined, work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (at) {
      diagnostics.report(at, DiagnosticCode.InternalError, `toolgen failed while analyzing this declaration (${reason}); it was left out. This is a bug in toolgen: please report it with this code.`);
    }
    return undefined;
  }
}

/**
 * Maps a source file to its compiled JavaScript, relative to the package root, the way
 * `tsc` places it: `outDir` + the path below `rootDir` (or, without one, TypeScript 5's
 * common source folder — of the program's files and `alsoCompiled`, the generated modules
 * `tsc` compiles with them from then on).
 */
export function createOutputMapper(program: ts.Program, packageRoot: string, alsoCompiled: readonly string[] = []): (fileName: string) => string {
  const options = program.getCompilerOptions();
  const rootDir = options.rootDir ?? commonSourceDirectory(program, alsoCompiled);
  const outDir = options.outDir;
  // `"jsx": "preserve"` (JsxEmit.Preserve) leaves JSX as it is, in a `.jsx` file.
  const preservesJsx = options.jsx === JSX_PRESERVE;
  return (fileName) => {
    const relative = path.relative(rootDir, fileName);
    const target = outDir ? path.join(outDir, relative) : fileName;
    return toPosix(path.relative(packageRoot, jsFileName(target, preservesJsx)));
  };
}

const JSX_PRESERVE = 1;

/** The folder holding every root file of the program (declaration files aside), and `also`. */
export function commonSourceDirectory(program: ts.Program, also: readonly string[] = []): string {
  const files = [...program.getRootFileNames(), ...also].filter((f) => !/\.d\.[cm]?ts$/.test(f));
  if (files.length === 0) return program.getCurrentDirectory();
  let common = path.dirname(files[0]!);
  for (const file of files) while (!(path.dirname(file) + path.sep).startsWith(common.endsWith(path.sep) ? common : common + path.sep)) common = path.dirname(common);
  return common;
}

function jsFileName(fileName: string, preservesJsx: boolean): string {
  if (preservesJsx && fileName.endsWith(".tsx")) return fileName.replace(/\.tsx$/, ".jsx");
  return fileName.replace(/\.d\.([cm]?)ts$/, ".$1js").replace(/\.([cm]?)tsx?$/, ".$1js");
}

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

function perFile(pathOf: (fileName: string) => string): (fileName: string) => string {
  const paths = new Map<string, string>();
  return (fileName) => {
    let found = paths.get(fileName);
    if (found === undefined) paths.set(fileName, (found = pathOf(fileName)));
    return found;
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
