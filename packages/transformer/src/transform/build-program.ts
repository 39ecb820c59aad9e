import * as path from "node:path";
import type * as ts from "typescript";
import { ConfigError, parsePluginOptions } from "../project/config.js";
import { importEndingProblem } from "../project/import-ending.js";
import { forgetBuildInfoIfFailed } from "../project/forget-build-info.js";
import { ensureManifestReference } from "../project/manifest-reference.js";
import { chunkDirectory, commonSourceDirectory } from "@toolgen/core";
import { type BuildPlan, planBuild, type RegistryModuleCache } from "../project/plan-build.js";
import { createProjectInfo, pluginsFile, type ProjectInfo } from "../project/project-info.js";
import { registryModuleOutsideRootDir } from "../project/registry-module-place.js";
import { writePlan } from "../project/write-outputs.js";
import type { StaleRegistry } from "./emit-registry-module.js";
import { toGlobalTsDiagnostic, toTsDiagnostic } from "./to-ts-diagnostic.js";

/**
 * What toolgen did for one program: its diagnostics, and the generated modules (the registry
 * module and its chunks) split by whether the program holds their new text.
 */
export interface ProgramBuild {
  diagnostics: ts.Diagnostic[];
  /** Generated modules whose text the program does not hold (new, or changed by this build). */
  staleRegistry: StaleRegistry[];
  /** Generated modules the program holds as they are now, with the JavaScript and declarations toolgen rendered for them. */
  currentRegistry: StaleRegistry[];
  /** Generated modules of a build that failed: their outputs stay as the last build wrote them. */
  keptRegistry?: string[];
}

/**
 * The registry module last rendered for each tsconfig, kept across programs: under
 * `tspc --watch` most edits change no entry (and the compilation the rewritten module itself
 * triggers never does), so it is not rendered again.
 */
const renderedModules = new Map<string, RegistryModuleCache>();

/**
 * TS6053, "File '…' not found", for a source file of the program (not an `extends` of the
 * tsconfig, which is a configuration error): not a reason to write nothing. The file is not in
 * the program, so the outputs describe the program without it. Under `tspc --watch` deleting a
 * source gives exactly one compile with this error (the watcher still lists the file), and the
 * next compile emits nothing, so the transformer never runs again: refusing here left the
 * deleted file's tools in the manifest and the registry module importing it.
 */
const FILE_NOT_FOUND = 6053;

/**
 * Analyzes the whole program (never only the files being emitted, so the manifest always
 * describes all of it), then writes the manifest, the registry module and the package.json
 * reference exactly as `toolgen build` does. On errors, or under `noEmit`, writes nothing.
 */
export function buildProgram(tsm: typeof ts, program: ts.Program, pluginEntry: Record<string, unknown>): ProgramBuild {
  const options = program.getCompilerOptions();
  const tsconfigPath = typeof options.configFilePath === "string" ? options.configFilePath : path.join(program.getCurrentDirectory(), "tsconfig.json");
  let info: ProjectInfo;
  let plan: BuildPlan;
  try {
    const extended = ((options.configFile as ts.TsConfigSourceFile | undefined)?.extendedSourceFiles ?? []).map((file) => path.resolve(file));
    const pluginsFrom = pluginsFile(tsm, tsconfigPath, extended);
    info = createProjectInfo(tsconfigPath, options, parsePluginOptions(pluginEntry, path.relative(program.getCurrentDirectory(), pluginsFrom).split(path.sep).join("/") || pluginsFrom));
    // ts-patch runs each entry (handing it its options without `transform`): a second would
    // write its outputs over the first's, or be ignored.
    const listed = ((options.plugins ?? []) as Array<{ transform?: unknown }>).filter((entry) => /@toolgen[\\/]transformer\b/.test(String(entry.transform))).length;
    if (listed > 1) throw new ConfigError(`@toolgen/transformer is listed ${listed} times in the tsconfig's "plugins"; a program has one manifest and one registry module: keep one entry.`);
    assertLayoutHolds(tsm, program, tsconfigPath, info.registryModulePath);
    let cache = renderedModules.get(tsconfigPath);
    if (!cache) renderedModules.set(tsconfigPath, (cache = {}));
    plan = planBuild(tsm, info, program, cache);
  } catch (error) {
    // Never a crash of the user's build: a configuration mistake or a toolgen bug is one tsc error.
    const message = error instanceof ConfigError ? error.message : `internal error, please report it: ${error instanceof Error ? error.message : String(error)}`;
    // The incremental builder caches it against a file it emits: once fixed, the next build must analyze again.
    forgetBuildInfoIfFailed(tsm, options, true);
    return { diagnostics: [toGlobalTsDiagnostic(tsm, message)], staleRegistry: [], currentRegistry: [] };
  }
  // What tsc refuses before type checking (syntax, options), which tsc reports itself. The
  // analysis of a file that does not parse describes something else than the code, so its
  // findings there are left out, and all of them when the tsconfig or options are refused
  // (as the CLI does); and nothing is written.
  const missingRoot = program.getRootFileNames().some((file) => program.getSourceFile(file) === undefined);
  const isError = (d: ts.Diagnostic) => d.category === tsm.DiagnosticCategory.Error;
  const projectRefused = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics().filter((d) => !(d.code === FILE_NOT_FOUND && missingRoot))].some(isError);
  const unparsed = new Set(program.getSyntacticDiagnostics().filter(isError).map((d) => d.file?.fileName));
  const found = projectRefused ? [] : plan.diagnostics.filter((d) => !unparsed.has(d.file));
  // Warnings are printed, not handed to tsc: tsc fails a build on any diagnostic it reports,
  // and a warning (a missing description, an unknown tag) must not fail it.
  printWarnings(tsm, program, found.filter((d) => d.severity === "warning").map((d) => toTsDiagnostic(tsm, program, d)));
  const diagnostics = found.filter((d) => d.severity === "error").map((d) => toTsDiagnostic(tsm, program, d));
  const build: ProgramBuild = { diagnostics, staleRegistry: [], currentRegistry: [] };
  // `noEmit` (a type-check run): report, write nothing.
  if (options.noEmit) return build;
  // Under `noEmitOnError`, tsc writes nothing when it finds an error, and nor does toolgen: a
  // manifest of code tsc did not emit. (tsc asks for the same diagnostics first; they are cached.)
  const failed = plan.diagnostics.some((d) => d.severity === "error") || projectRefused || unparsed.size > 0 || (!!options.noEmitOnError && tsm.getPreEmitDiagnostics(program).some(isError));
  forgetBuildInfoIfFailed(tsm, options, failed);
  if (failed) return { ...build, keptRegistry: generatedModulesOf(program, info.registryModulePath) };
  const ending = importEndingProblem(info);
  if (ending) tsm.sys.write(`toolgen: warning: ${ending}${tsm.sys.newLine}`);
  try {
    writePlan(plan);
    const reference = ensureManifestReference(info);
    if (reference !== undefined) tsm.sys.write(`toolgen: added "toolgen": { "manifest": "${reference}" } to ${path.relative(program.getCurrentDirectory(), info.packageJsonPath).split(path.sep).join("/")}${tsm.sys.newLine}`);
  } catch (error) {
    // A file in the way, or one that cannot be written: one tsc error, never a crash.
    if (!(error instanceof ConfigError)) throw error;
    forgetBuildInfoIfFailed(tsm, options, true);
    return { ...build, diagnostics: [...diagnostics, toGlobalTsDiagnostic(tsm, error.message)] };
  }
  const packageType = typeof info.packageJson.type === "string" ? info.packageJson.type : undefined;
  const [, registry] = plan.files;
  const modules = [{ path: registry.path, rendered: plan.registryModule }, ...plan.registryModule.chunks.map((chunk) => ({ path: chunk.path, rendered: chunk }))];
  for (const { path: file, rendered } of modules) {
    // Read through, not copied: the JavaScript and declarations are rendered on first read,
    // and only an emit that can write them as they are reads them (see `writeCompiled`).
    const compiled = {
      get javascript() {
        return rendered.javascript;
      },
      get declarations() {
        return rendered.declarations;
      },
      packageType,
    };
    const module: StaleRegistry = { path: file, text: rendered.typescript, compiled };
    (program.getSourceFile(file)?.text === module.text ? build.currentRegistry : build.staleRegistry).push(module);
  }
  // The registry module holds the types an application names; its chunks, none.
  const checkedAgainstOld = build.staleRegistry.some((module) => module.path === registry.path) ? importersWithErrors(tsm, program, registry.path) : [];
  if (checkedAgainstOld.length > 0) {
    const shown = (file: string) => path.relative(program.getCurrentDirectory(), file).split(path.sep).join("/");
    tsm.sys.write(`toolgen: this build rewrote the registry module ${shown(registry.path)} after tsc had type-checked ${checkedAgainstOld.map(shown).join(", ")} against its old text${program.getSourceFile(registry.path) ? "" : " (against none, on a first build)"}: build again to check ${checkedAgainstOld.length === 1 ? "it" : "them"} against the new one.${tsm.sys.newLine}`);
  }
  return build;
}

/** The registry module and its chunks, as the program holds them. */
function generatedModulesOf(program: ts.Program, registryModulePath: string): string[] {
  const registry = path.resolve(registryModulePath);
  const chunks = path.resolve(chunkDirectory(registryModulePath)) + path.sep;
  return program
    .getSourceFiles()
    .map((file) => path.resolve(file.fileName))
    .filter((file) => file === registry || file.startsWith(chunks));
}

/**
 * The program's files that have type errors and import the registry module, or a file that
 * re-exports it (`export type { ToolInputs } from "./tools.generated.js"`), for
 * whom tsc checked the module as it was before this build rewrote it. Imports are read from
 * the files' text (a module specifier ending in the file's name); the diagnostics are the
 * ones tsc computed before emitting.
 */
function importersWithErrors(tsm: typeof ts, program: ts.Program, registryModule: string): string[] {
  const files = program.getSourceFiles().filter((file) => !file.isDeclarationFile && path.resolve(file.fileName) !== path.resolve(registryModule));
  const nameOf = (file: string) => path.basename(file).replace(/\.[cm]?[jt]sx?$/, "");
  const names = new Set([nameOf(registryModule)]);
  let importing = specifierOf(names);
  // Re-exporters (`export … from`), one level at a time, until none is new.
  const reexports = (file: ts.SourceFile) => file.statements.some((statement) => tsm.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined);
  for (let grew = true; grew; importing = specifierOf(names)) {
    grew = false;
    for (const file of files) {
      if (names.has(nameOf(file.fileName)) || !reexports(file) || !importing.test(file.text)) continue;
      names.add(nameOf(file.fileName));
      grew = true;
    }
  }
  return files.filter((file) => importing.test(file.text) && program.getSemanticDiagnostics(file).some((d) => d.category === tsm.DiagnosticCategory.Error)).map((file) => file.fileName);
}

/** A module specifier in quotes whose last segment is one of `names`, with or without an extension: `"./tools.generated.js"`. */
function specifierOf(names: ReadonlySet<string>): RegExp {
  const alternatives = [...names].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return new RegExp(`["'](?:[^"'\\n]*/)?(?:${alternatives})(?:\\.[cm]?[jt]sx?)?["']`);
}

/**
 * The registry module must compile where the tools' JavaScript is. Outside `rootDir` it
 * cannot (tsc refuses such a source, TS6059): refused. With an output folder and without
 * `rootDir`, TypeScript 5 writes the JavaScript below the folder common to the sources; a
 * registry module this build adds outside that folder (`src/tools.generated.ts` beside
 * `src/tools/…`) widens it for every build after, so this build's JavaScript would be where
 * the next one's is not, and the outputs would describe neither: refused, asking for the
 * `rootDir` TypeScript 6 asks for too. Without an output folder nothing moves. TypeScript 6
 * places the JavaScript below the tsconfig's folder, whatever the sources, and refuses the
 * layout itself (TS5011): nothing moves there, and nothing is said twice.
 */
function assertLayoutHolds(tsm: typeof ts, program: ts.Program, tsconfigPath: string, registryModulePath: string): void {
  const compilerOptions = program.getCompilerOptions();
  const { rootDir, outDir, declarationDir, outFile } = compilerOptions;
  const outside = registryModuleOutsideRootDir({ compilerOptions, registryModulePath }, program.getCurrentDirectory());
  if (outside) throw new ConfigError(outside);
  if (rootDir !== undefined || Number(tsm.versionMajorMinor.split(".")[0]) >= 6) return;
  const shown = (file: string) => path.relative(program.getCurrentDirectory(), file).split(path.sep).join("/") || ".";
  // Without an output folder each file's JavaScript sits beside its source, wherever the common folder is.
  const placedBelowCommonFolder = outDir !== undefined || declarationDir !== undefined || outFile !== undefined;
  if (!placedBelowCommonFolder || program.getSourceFile(registryModulePath)) return;
  const now = commonSourceDirectory(program);
  const next = commonSourceDirectory(program, [registryModulePath]);
  if (now === next) return;
  throw new ConfigError(
    `without "rootDir", TypeScript writes the JavaScript below the folder common to the sources (${shown(now)}), and the registry module this build adds (${shown(registryModulePath)}) widens it to ${shown(next)} from the next build on, which moves the JavaScript. Set "rootDir": "${path.relative(path.dirname(tsconfigPath), next).split(path.sep).join("/") || "."}" in the tsconfig (TypeScript 6 asks for it too).`,
  );
}

/** Warnings as tsc prints diagnostics (to stdout; with colours and code frames when `pretty`, by default on a terminal). */
function printWarnings(tsm: typeof ts, program: ts.Program, warnings: readonly ts.Diagnostic[]): void {
  if (warnings.length === 0) return;
  const host: ts.FormatDiagnosticsHost = { getCurrentDirectory: () => program.getCurrentDirectory(), getCanonicalFileName: (fileName) => fileName, getNewLine: () => tsm.sys.newLine };
  const pretty = program.getCompilerOptions().pretty ?? tsm.sys.writeOutputIsTTY?.() ?? false;
  tsm.sys.write(pretty ? tsm.formatDiagnosticsWithColorAndContext(warnings, host) + tsm.sys.newLine : tsm.formatDiagnostics(warnings, host));
}
