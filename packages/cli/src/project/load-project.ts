import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type { ts } from "ts-morph";
import { canReadDocsOnDemand, chunkDirectory } from "@toolgen/core";
import { relativePosix } from "../output/diagnostic-json.js";
import { ConfigError } from "./config.js";
import { typescriptFor, withOwnDefaults, type Compiler, type Typescript } from "./typescript.js";
import { createProjectInfo, isGeneratedFile, parsePluginOptions, pluginsFile, readTsconfig, type ProjectInfo, type ToolgenConfig } from "@toolgen/transformer/project";

export type { ProjectInfo } from "@toolgen/transformer/project";

type SharedTs = Parameters<typeof readTsconfig>[0];

/** What was read with each project loaded here: its compiler and parsed tsconfig (the program does not parse it again). */
const loaded = new WeakMap<ProjectInfo, { compiler: Compiler; parsed: ts.ParsedCommandLine; extended: string[] }>();

/**
 * Finds the tsconfig, its package and configuration, reading them with `compiler` (by default
 * the TypeScript `typescriptFor` picks for the tsconfig's folder). Throws `ConfigError` with a
 * clear message.
 */
export function loadProjectInfo(tsconfigOption: string | undefined, cwd = process.cwd(), compiler = typescriptFor(tsconfigFolder(tsconfigOption, cwd)), config: ToolgenConfig = {}, configLabel?: string): ProjectInfo {
  const { tsconfigPath, parsed, extended } = readProject(compiler, tsconfigOption, cwd);
  const references = parsed.projectReferences ?? [];
  if (parsed.fileNames.length === 0 && references.length > 0) {
    // A solution tsconfig (`"files": []` and references): building it would write an empty manifest and registry module for no package.
    throw new ConfigError(`${relativePosix(tsconfigPath, cwd)} has no files of its own, only references: pass the tsconfig of a package that has tools with -p (${references.map((r) => relativePosix(r.path, cwd)).join(", ")}).`);
  }
  // A manifest `config` sets (the bundler plugin's options) is named as theirs, not the tsconfig's, when it disagrees with package.json.
  const label = config.manifest !== undefined && configLabel !== undefined ? `${configLabel}:` : undefined;
  const pluginsFrom = relativePosix(pluginsFile(compiler.ts as unknown as SharedTs, tsconfigPath, extended), cwd);
  const info = createProjectInfo(tsconfigPath, parsed.options as Parameters<typeof createProjectInfo>[1], { ...pluginOptionsOf(parsed.options, pluginsFrom), ...config }, label);
  loaded.set(info, { compiler, parsed: parsed as unknown as ts.ParsedCommandLine, extended });
  return info;
}

/** The tsconfig and the configs it extends (absolute paths): what configures the project's compiler. */
export function tsconfigFilesOf(info: ProjectInfo): string[] {
  return [info.tsconfigPath, ...loadedProject(info).extended];
}

/**
 * The options of the transformer's entry in `compilerOptions.plugins`, if the project has one:
 * the same configuration, with the same precedence, as when `tspc` builds it (so `toolgen check`
 * agrees with a `tspc` build).
 */
export function pluginOptionsOf(options: ts.CompilerOptions, tsconfig?: string): ToolgenConfig {
  const entry = transformerEntryOf(options);
  return entry ? parsePluginOptions(entry, tsconfig) : {};
}

/** The transformer's entry in `compilerOptions.plugins`, if the project runs it (`tspc`, a patched `tsc`). */
export function transformerEntryOf(options: ts.CompilerOptions): Record<string, unknown> | undefined {
  const plugins = Array.isArray(options.plugins) ? (options.plugins as unknown as Array<Record<string, unknown>>) : [];
  return plugins.find((p) => typeof p.transform === "string" && /^@toolgen\/transformer(\/|$)/.test(p.transform));
}

/** The TypeScript a project loaded by `loadProjectInfo` was read with, for its program's analysis. */
export function typescriptOf(info: ProjectInfo): Typescript {
  return loadedProject(info).compiler.ts;
}

/**
 * Why the project's own TypeScript cannot compile what toolgen writes and imports (a version
 * before 5.1: `@toolgen/runtime`'s declarations need 5.0, and 5.0 reads doc tags otherwise),
 * if it cannot; toolgen itself reads the project with its bundled TypeScript all the same.
 */
export function unsupportedTypescript(info: ProjectInfo): string | undefined {
  const { compiler } = loadedProject(info);
  const version = compiler.source === "ts-morph" ? compiler.standsFor : undefined;
  const [major, minor] = (version ?? "").split(".").map(Number);
  if (version === undefined || major! > 5 || (major === 5 && minor! >= 1)) return undefined;
  return `this project's TypeScript is ${version}; toolgen needs 5.1 or later (its tsc cannot compile @toolgen/runtime's declarations). Update typescript.`;
}

/**
 * Whether the project runs the transformer: its tsconfig lists it, its TypeScript can run it
 * (7's native `tsc` has no transformer API and ignores `plugins` without a word), and ts-patch,
 * which runs it (`tspc`, or `tsc` after `ts-patch install`), is installed: plain `tsc` ignores
 * the entry too.
 */
export function runsTransformer(info: ProjectInfo): boolean {
  const { compiler, parsed } = loadedProject(info);
  return transformerEntryOf(parsed.options) !== undefined && !isTypescript7(compiler) && ["ts-patch/package.json", "ts-patch"].some((request) => resolvesFrom(path.dirname(info.tsconfigPath), request));
}

function resolvesFrom(dir: string, request: string): boolean {
  try {
    createRequire(path.join(dir, "package.json")).resolve(request);
    return true;
  } catch {
    return false;
  }
}

/** Why the tsconfig's transformer entry does nothing, when the project's TypeScript is 7. */
export function transformerIgnored(info: ProjectInfo): string | undefined {
  const { compiler, parsed } = loadedProject(info);
  if (!transformerEntryOf(parsed.options) || !isTypescript7(compiler)) return undefined;
  return `this project's TypeScript is ${compiler.source === "ts-morph" ? compiler.standsFor : "7"}, whose tsc runs no transformer: the @toolgen/transformer entry in the tsconfig's "plugins" does nothing. Run 'toolgen build' before tsc (as now), or use TypeScript 6 with tspc.`;
}

function isTypescript7(compiler: Compiler): boolean {
  return compiler.source === "ts-morph" && Number(compiler.standsFor?.split(".")[0]) >= 7;
}

/**
 * Whether the compiler reading the project judges its options as the project's own `tsc`
 * would, or more leniently: its own TypeScript, or the bundled 6 for a 7 project (7 refuses
 * what 6 deprecates, and asks for `rootDir` as 6 does). Not for a 5.x project, which 6's
 * rules would hold to deprecations and a `rootDir` its tsc does not ask for.
 */
export function judgesOwnOptions(info: ProjectInfo): boolean {
  const { compiler } = loadedProject(info);
  return compiler.source === "project" || isTypescript7(compiler);
}

/**
 * Creates the TypeScript program as `tsc` does: the tsconfig's root files and a plain compiler
 * host. With the project's own TypeScript, the standard library comes from its `lib` folder on
 * disk; with ts-morph's, from the files ts-morph ships (under the same in-memory folder
 * ts-morph's `Project` uses, so the program is the one a `Project` would make). A `Project`
 * would also parse every file into its own document cache and wrap it, which a one-shot build
 * never uses (at 1,000 tools about 0.4 s of CPU and 13 MiB of peak memory).
 */
export function createProgram(info: ProjectInfo): ts.Program {
  const { compiler, parsed } = loadedProject(info);
  return compiler.ts.createProgram(programOptions(parsed, createProgramHost(info)));
}

/**
 * The programs of a `toolgen watch` session, made as `createProgram` makes one, each on the
 * last: a source file is parsed once and kept until `invalidate` names it, so TypeScript reuses
 * every unchanged file as parsed and bound. The root files are read from the tsconfig again
 * when a file came or went (a new file joins when its `include` selects it); a change to the
 * tsconfig itself makes a new session (`toolgen watch` reloads the project). Doc comments are
 * parsed on demand (`createHost`): a ts-morph `Project` parses every one up front, and
 * TypeScript's JSDoc scanner never returns from some.
 */
export function createWatchPrograms(info: ProjectInfo): { next(): ts.Program; invalidate(files: Iterable<string>): void } {
  const project = loadedProject(info);
  const { compiler } = project;
  let { parsed } = project;
  const host = createProgramHost(info);
  const parsedFiles = new Map<string, ts.SourceFile | undefined>();
  const { getSourceFile } = host;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = path.resolve(fileName);
    if (!parsedFiles.has(key)) parsedFiles.set(key, getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate));
    return parsedFiles.get(key);
  };
  // A file that appeared or went away may be a root file, or what an unchanged file's import
  // resolves to: the next program reads the root files and resolves every import again.
  let filesCameOrWent = false;
  host.hasInvalidatedResolutions = () => filesCameOrWent;
  let last: ts.Program | undefined;
  return {
    next() {
      if (filesCameOrWent) parsed = readProject(compiler, info.tsconfigPath, process.cwd()).parsed as unknown as ts.ParsedCommandLine;
      last = compiler.ts.createProgram({ ...programOptions(parsed, host), ...(last ? { oldProgram: last } : {}) });
      filesCameOrWent = false;
      return last;
    },
    invalidate(files) {
      for (const file of files) {
        const key = path.resolve(file);
        if (!parsedFiles.get(key) || !existsSync(key)) filesCameOrWent = true;
        parsedFiles.delete(key);
      }
    },
  };
}

function createProgramHost(info: ProjectInfo): ts.CompilerHost {
  const { compiler, parsed } = loadedProject(info);
  const host = compiler.source === "project" ? createHost(compiler.ts, parsed.options) : createMemoryLibraryHost(compiler, parsed.options);
  skipGeneratedModules(compiler.ts, host, info);
  return host;
}

function programOptions(parsed: ts.ParsedCommandLine, host: ts.CompilerHost): ts.CreateProgramOptions {
  return {
    rootNames: parsed.fileNames,
    options: parsed.options,
    host,
    configFileParsingDiagnostics: parsed.errors,
    ...(parsed.projectReferences ? { projectReferences: parsed.projectReferences } : {}),
  };
}

/** The tsconfig as `readTsconfig` reads it, with the defaults of the project's own TypeScript (`withOwnDefaults`). */
function readProject(compiler: Compiler, tsconfig: string | undefined, cwd: string): ReturnType<typeof readTsconfig> {
  const read = readTsconfig(compiler.ts as unknown as SharedTs, tsconfig, cwd);
  return { ...read, parsed: { ...read.parsed, options: withOwnDefaults(compiler, read.parsed.options) } };
}

function loadedProject(info: ProjectInfo): { compiler: Compiler; parsed: ts.ParsedCommandLine; extended: string[] } {
  let project = loaded.get(info);
  if (!project) {
    // A project made elsewhere (createProjectInfo): read its tsconfig as loadProjectInfo would.
    const compiler = typescriptFor(path.dirname(info.tsconfigPath));
    const { parsed, extended } = readProject(compiler, info.tsconfigPath, process.cwd());
    project = { compiler, parsed: parsed as unknown as ts.ParsedCommandLine, extended };
    loaded.set(info, project);
  }
  return project;
}

/** The folder of the tsconfig `readTsconfig` will read (it reports a missing one itself). */
function tsconfigFolder(tsconfigOption: string | undefined, cwd: string): string {
  const given = path.resolve(cwd, tsconfigOption ?? "tsconfig.json");
  return existsSync(given) && statSync(given).isDirectory() ? given : path.dirname(given);
}

/**
 * `ts.createCompilerHost`, parsing no doc comment of a `.ts` file up front (those of JavaScript
 * files carry types and are parsed): toolgen reports no type error, so it needs none of them
 * (`tsc` parses those with `@see` or `@link`, for unused-import errors). toolgen then parses
 * only the doc comments of the declarations it reads (`canReadDocsOnDemand`), around a comment
 * TypeScript's JSDoc scanner never returns from (`/** @since v2-*\/`, microsoft/TypeScript#63580).
 * In a well-documented project, parsing every comment up front is most of the parse time and
 * about a fifth of the peak memory.
 */
function createHost(tsm: Typescript, options: ts.CompilerOptions): ts.CompilerHost {
  const host = tsm.createCompilerHost(options);
  if (canReadDocsOnDemand(tsm as unknown as Parameters<typeof canReadDocsOnDemand>[0])) host.jsDocParsingMode = tsm.JSDocParsingMode.ParseForTypeInfo;
  return host;
}

/**
 * Gives the program an empty module for the files toolgen wrote last time (the registry module
 * and its chunks, recognized by their header line), which the tsconfig usually includes and the
 * application imports: the analysis reads none of them, and the registry module of 1,000 tools
 * is 3 MB to parse and bind (0.6 s and 110 MiB of a `toolgen build` or `toolgen check`).
 */
function skipGeneratedModules(tsm: Typescript, host: ts.CompilerHost, info: ProjectInfo): void {
  const registryModule = path.resolve(info.registryModulePath);
  const chunks = path.resolve(chunkDirectory(info.registryModulePath)) + path.sep;
  const { getSourceFile } = host;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const resolved = path.resolve(fileName);
    if ((resolved === registryModule || resolved.startsWith(chunks)) && isGeneratedFile(resolved)) return tsm.createSourceFile(fileName, "export {};\n", languageVersion);
    return getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
  };
}

let libraryTexts: Map<string, string> | undefined;

/** `ts.createCompilerHost`, with the standard library files served from ts-morph's in-memory copy. */
function createMemoryLibraryHost(compiler: Extract<Compiler, { source: "ts-morph" }>, options: ts.CompilerOptions): ts.CompilerHost {
  const { ts: tsm, libFolder: folder } = compiler;
  const texts = (libraryTexts ??= compiler.libraryFiles());
  const host = createHost(tsm, options);
  const { getSourceFile, fileExists, readFile, directoryExists, realpath } = host;
  const inFolder = (dir: string) => folder === dir || folder.startsWith(dir.endsWith("/") ? dir : dir + "/");
  return Object.assign(host, {
    getDefaultLibLocation: () => folder,
    getDefaultLibFileName: (o: ts.CompilerOptions) => `${folder}/${tsm.getDefaultLibFileName(o)}`,
    getSourceFile: (fileName: string, languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions, onError?: (message: string) => void, shouldCreate?: boolean) => {
      const text = texts.get(fileName);
      return text === undefined ? getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate) : tsm.createSourceFile(fileName, text, languageVersion, false);
    },
    fileExists: (fileName: string) => texts.has(fileName) || fileExists.call(host, fileName),
    readFile: (fileName: string) => texts.get(fileName) ?? readFile.call(host, fileName),
    directoryExists: (dir: string) => inFolder(dir) || (directoryExists ? directoryExists.call(host, dir) : true),
    realpath: (p: string) => (texts.has(p) || inFolder(p) ? p : realpath ? realpath.call(host, p) : p),
  });
}
