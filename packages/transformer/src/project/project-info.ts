import { existsSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import type * as ts from "typescript";
import { ConfigError, parseConfig, type ToolgenConfig } from "./config.js";
import { shown } from "./shown-path.js";

/** Everything a build needs to know about the package: where it is, its configuration, where outputs go. */
export interface ProjectInfo {
  tsconfigPath: string;
  packageRoot: string;
  packageJsonPath: string;
  packageJson: { name?: string; version?: string; description?: string; toolgen?: unknown; [key: string]: unknown };
  config: ToolgenConfig;
  compilerOptions: ts.CompilerOptions;
  /** Absolute paths. */
  manifestPath: string;
  registryModulePath: string;
}

/**
 * Reads a tsconfig (a file or its folder) with the given TypeScript, then its package.
 * Throws `ConfigError` with a clear message.
 */
export function readProjectInfo(tsm: typeof ts, tsconfigOption: string | undefined, cwd: string): ProjectInfo {
  const { tsconfigPath, parsed } = readTsconfig(tsm, tsconfigOption, cwd);
  return createProjectInfo(tsconfigPath, parsed.options);
}

/** The tsconfig a `-p` option names (a file, or a folder holding tsconfig.json), from `cwd`; default `tsconfig.json`. */
export function tsconfigPathOf(tsconfigOption: string | undefined, cwd: string): string {
  const named = path.resolve(cwd, tsconfigOption ?? "tsconfig.json");
  return statSync(named, { throwIfNoEntry: false })?.isDirectory() ? path.join(named, "tsconfig.json") : named;
}

/** That a tsconfig is not there, `shown` as the user named it; the default one with the folder it was looked for in. */
export function missingTsconfig(tsconfigPath: string, shown: string): string {
  return `Cannot find ${shown}${shown === "tsconfig.json" ? ` in ${path.dirname(tsconfigPath)}` : ""}; pass the project's tsconfig with -p <path>.`;
}

/** The config that sets `compilerOptions.plugins`: the tsconfig, or the nearest config it extends that does (a plugin option's error names it). */
export function pluginsFile(tsm: typeof ts, tsconfigPath: string, extended: readonly string[]): string {
  const sets = (file: string) => (tsm.readConfigFile(file, tsm.sys.readFile).config as { compilerOptions?: { plugins?: unknown } } | undefined)?.compilerOptions?.plugins !== undefined;
  return [tsconfigPath, ...extended].find(sets) ?? tsconfigPath;
}

/**
 * Finds and parses a tsconfig (a file or its folder): its path, the parsed command line
 * (options, root file names) and the configs it extends, for a caller that creates the program itself.
 */
export function readTsconfig(tsm: typeof ts, tsconfigOption: string | undefined, cwd: string): { tsconfigPath: string; parsed: ts.ParsedCommandLine; extended: string[] } {
  const tsconfigPath = tsconfigPathOf(tsconfigOption, cwd);
  // As the user named it: from the working directory.
  const shown = path.relative(cwd, tsconfigPath).split(path.sep).join("/") || tsconfigPath;
  if (!existsSync(tsconfigPath)) throw new ConfigError(missingTsconfig(tsconfigPath, shown));
  if (/\.[cm]?[jt]sx?$/.test(tsconfigPath)) throw new ConfigError(`${shown} is a source file, not a tsconfig; pass the project's tsconfig.json (or its folder) with -p.`);
  if (path.basename(tsconfigPath) === "package.json") throw new ConfigError(`${shown} is the package's package.json, not a tsconfig; pass the project's tsconfig.json (or its folder) with -p.`);
  const read = tsm.readConfigFile(tsconfigPath, tsm.sys.readFile);
  if (read.error) {
    const { file, start } = read.error;
    const at = file && start !== undefined ? file.getLineAndCharacterOfPosition(start) : undefined;
    throw new ConfigError(`${shown}${at ? `:${at.line + 1}:${at.character + 1}` : ""}: ${tsm.flattenDiagnosticMessageText(read.error.messageText, "\n")}`);
  }
  // Parsed from the file's syntax tree, as tsc does, so that an invalid option is placed at its
  // line and column (parsed from a plain object, every finding would sit at 1:1).
  const source = tsm.readJsonConfigFile(tsconfigPath, tsm.sys.readFile);
  const parsed = tsm.parseJsonSourceFileConfigFileContent(source, tsm.sys, path.dirname(tsconfigPath), undefined, tsconfigPath);
  // A config it extends that is no JSON is refused as this one would be (tsc reports it as a syntax error of that file).
  const broken = parsed.errors.find((d) => d.code < 2000 && d.file !== undefined && d.file.fileName !== source.fileName);
  if (broken?.file) {
    const at = broken.file.getLineAndCharacterOfPosition(broken.start ?? 0);
    const file = path.relative(cwd, broken.file.fileName).split(path.sep).join("/") || broken.file.fileName;
    throw new ConfigError(`${file}:${at.line + 1}:${at.character + 1}: ${tsm.flattenDiagnosticMessageText(broken.messageText, "\n")} (extended by ${shown})`);
  }
  // The configs it `extends`, which the parse just read: a watcher follows them too.
  return { tsconfigPath, parsed, extended: (source.extendedSourceFiles ?? []).map((file) => path.resolve(file)) };
}

/**
 * The project of a tsconfig whose options are already parsed (the transformer gets them from
 * the program). Configuration merges, later winning: package.json `toolgen`,
 * toolgen.config.json, then `extra` (the transformer's plugin options; `extraLabel` names them
 * in messages).
 */
export function createProjectInfo(tsconfigPath: string, options: ts.CompilerOptions, extra: ToolgenConfig = {}, extraLabel = `${shown(tsconfigPath)}: the toolgen plugin's`): ProjectInfo {
  const packageRoot = findPackageRoot(path.dirname(tsconfigPath));
  const packageJsonPath = path.join(packageRoot, "package.json");
  const { packageJson, config: packageConfig, reference } = readPackageConfig(packageRoot);
  const config = { ...packageConfig, ...extra };
  manifestAgrees(reference, extra, extraLabel, packageRoot);
  const outDir = options.outDir ?? path.dirname(tsconfigPath);
  // The registry module goes in the sources' folder, and never outside the package (a
  // `rootDir` above it, for sources shared between packages): there, `src` stands for it.
  const sources = options.rootDir ?? path.join(path.dirname(tsconfigPath), "src");
  const rootDir = path.relative(packageRoot, sources).startsWith("..") ? path.join(packageRoot, "src") : sources;
  return {
    tsconfigPath,
    packageRoot,
    packageJsonPath,
    packageJson,
    config,
    compilerOptions: options,
    manifestPath: path.resolve(packageRoot, config.manifest ?? path.relative(packageRoot, path.join(outDir, "toolgen.manifest.json"))),
    registryModulePath: path.resolve(packageRoot, config.registryModule ?? path.relative(packageRoot, path.join(rootDir, "tools.generated.ts"))),
  };
}

/** A package's package.json and its toolgen configuration: package.json `toolgen`, then toolgen.config.json over it. */
export function readPackageConfig(packageRoot: string): { packageJson: ProjectInfo["packageJson"]; config: ToolgenConfig; reference: ToolgenConfig } {
  const packageJsonPath = path.join(packageRoot, "package.json");
  const packageJson = readPackageJson(packageJsonPath);
  const reference = parseConfig(packageJson.toolgen, `${shown(packageJsonPath)} "toolgen"`);
  let config = reference;
  const configFile = path.join(packageRoot, "toolgen.config.json");
  if (existsSync(configFile)) {
    const own = parseConfig(readJson(configFile), shown(configFile));
    manifestAgrees(reference, own, `${shown(configFile)}:`, packageRoot);
    config = { ...config, ...own };
  }
  return { packageJson, config, reference };
}

/** Other packages find the manifest through package.json alone: a `manifest` set elsewhere must be the one it names. */
function manifestAgrees(reference: ToolgenConfig, config: ToolgenConfig, where: string, packageRoot: string): void {
  if (reference.manifest === undefined || config.manifest === undefined || path.resolve(packageRoot, reference.manifest) === path.resolve(packageRoot, config.manifest)) return;
  const packageJsonPath = path.join(packageRoot, "package.json");
  throw new ConfigError(`${where} "manifest" is ${JSON.stringify(config.manifest)}, but ${shown(packageJsonPath)} "toolgen"."manifest", which other packages read to find the manifest, is ${JSON.stringify(reference.manifest)}; make them the same, or set it in one place.`);
}

/** package.json, which must hold a JSON object. */
export function readPackageJson(file: string): ProjectInfo["packageJson"] {
  const value = readJson(file);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ConfigError(`${shown(file)}: expected a JSON object, found ${value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`}.`);
  return value as ProjectInfo["packageJson"];
}

function readJson(file: string): unknown {
  // A byte-order mark, which some editors write, is no error: tsc reads tsconfig.json past it too.
  let text: string;
  try {
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    // A folder of that name, a file it may not read: said of the file, not as an internal error.
    throw new ConfigError(`cannot read ${shown(file)}: ${(error as NodeJS.ErrnoException).code === "EISDIR" ? "it is a folder" : (error as Error).message}.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${shown(file)}${jsonErrorPlace(text, (error as Error).message)}: not valid JSON (${(error as Error).message}).`);
  }
}

/** `:line:col` of a JSON.parse error in `text`, from its message (`message`); empty for an error that is not about the text. */
export function jsonErrorPlace(text: string, message: string): string {
  const offset = jsonErrorOffset(text, message);
  if (offset === undefined) return "";
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `:${line}:${before.length - before.lastIndexOf("\n")}`;
}

function jsonErrorOffset(text: string, message: string): number | undefined {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  if (!/Unexpected token/.test(message)) return undefined;
  // V8 quotes the text around an unexpected token but names no position: it is where the longest
  // start of the text that could still become JSON ends.
  let viable = 0;
  let broken = text.length;
  while (broken - viable > 1) {
    const middle = (viable + broken) >> 1;
    if (couldBecomeJson(text.slice(0, middle))) viable = middle;
    else broken = middle;
  }
  return viable;
}

function couldBecomeJson(start: string): boolean {
  try {
    JSON.parse(start);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    return at ? Number(at[1]) >= start.length : /Unexpected end of JSON input/.test(message);
  }
}

/** The folder of the nearest package.json from `start` up: the package a tsconfig belongs to. */
export function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new ConfigError(`No package.json above ${start}: toolgen writes the manifest reference into the package's package.json.`);
  }
}
