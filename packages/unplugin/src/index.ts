import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { buildProject, type ProjectBuild, type ToolgenConfig } from "@toolgen/cli";
import { findPackageRoot, makeDirectory, parseConfig, tsconfigPathOf } from "@toolgen/transformer/project";
import { createUnplugin, type UnpluginFactory } from "unplugin";

/** `project`, and any toolgen config key (`naming`, `strict`, `registryModule`, …), which wins over the package's config. */
export interface ToolgenPluginOptions extends ToolgenConfig {
  /** The tsconfig (or its folder), from the bundler's working directory; default `tsconfig.json`. */
  project?: string;
}

/**
 * `toolgen build` inside the bundler: when it starts, and again when a TypeScript source or a
 * file that configures the build changes in watch mode or Vite's dev server (the registry module it rewrites is then
 * reloaded like any changed module). Errors fail the bundler's build with toolgen's
 * file:line:col diagnostics; warnings are the bundler's warnings. Vite's dev server is not stopped by them:
 * it prints them, shows them in the browser's error overlay, and builds again when a file
 * changes. The manifest is written again after the bundle, since Vite empties its `outDir`
 * (toolgen's default manifest folder too) first.
 */
export const unpluginFactory: UnpluginFactory<ToolgenPluginOptions | undefined, false> = (options = {}) => {
  const { project, ...config } = checkPluginOptions(options);
  let last: ProjectBuild | undefined;
  /** Under Vite's dev server no `buildStart` follows a change: `watchChange` builds then. */
  let serving = false;
  /** Vite's dev server, whose clients show a failure in their error overlay. */
  let devServer: { ws: { send(payload: unknown): void } } | undefined;
  /** The overlay's message of the failure the sources have now, while serving; undefined once a build succeeds. */
  let failing: { type: "error"; err: Record<string, unknown> } | undefined;
  /** A failure while serving: printed, and sent to the overlay of every page, open now or later. */
  const report = (failure: BuildFailure) => {
    process.stderr.write(`${failure.message}\n`);
    const at = failure.diagnostics?.[0];
    const where = at ? { id: at.file, loc: { file: at.file, line: at.line, column: at.column } } : {};
    failing = { type: "error", err: { message: failure.message, stack: "", plugin: "toolgen", ...where } };
    devServer?.ws.send(failing);
  };
  /**
   * What the last build read; before any was read (a configuration error), the tsconfig and
   * the files beside it that configure the build.
   */
  const configuration = configurationFiles(project);
  let inputs: string[] = configuration;
  /** The build, and its failure (to report), if it failed. */
  const build = (): Error | undefined => {
    try {
      last = buildProject({ ...(project ? { project } : {}), config, configLabel: "the toolgen plugin's options" });
      inputs = last.inputs;
    } catch (error) {
      // A mistake in the project or the options is told in words; a crash keeps its stack for the report.
      if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) throw error;
      const toldInWords = error instanceof Error && (error.name === "ConfigError" || error.name === "UsageError");
      return pluginError(error instanceof Error ? error.message : String(error), toldInWords ? undefined : error);
    }
    if (!last.ok) {
      // Not enumerable: a bundler that prints the error object (Vite's dev server) shows the message, not the array.
      const of = (severity: string) => ({ value: last!.diagnostics.filter((d) => d.severity === severity) });
      return Object.defineProperties(pluginError(`toolgen: the build failed\n${last.report}`), { diagnostics: of("error"), warnings: of("warning") });
    }
    return undefined;
  };
  /**
   * webpack's and Rspack's watchers build in `watchRun`, before the compilation starts: the
   * compilation then reads the registry module this build wrote, not the one its watcher last
   * saw (deleting a tool file failed one compilation with "Module not found"). `buildStart`
   * takes that build's failure instead of building again.
   */
  let builtBeforeCompilation: { failure: Error | undefined } | undefined;
  const buildBeforeCompilation = (compiler: WatchedCompiler) => {
    const failure = build();
    builtBeforeCompilation = { failure };
    if (!failure) announceChanges(compiler, last!.changed);
  };
  /** The registry module, its chunks (with `split`) and toolgen's temporary files: written by the build, never a reason for one. */
  const generated = (id: string) => {
    if (last === undefined) return false;
    const file = path.resolve(id);
    return file === path.resolve(last.registryModule) || file.startsWith(path.resolve(last.chunkDirectory) + path.sep) || id.includes(".toolgen-");
  };
  return {
    name: "toolgen",
    // Every build and rebuild (watch mode: webpack's and Rspack's compilations, Rollup's and
    // Vite's rebuilds, esbuild's) starts here. Typed `void` by unplugin, whose esbuild adapter
    // returns what it returns from esbuild's `onStart`.
    buildStart(): void {
      const failure = builtBeforeCompilation ? builtBeforeCompilation.failure : build();
      builtBeforeCompilation = undefined;
      // The package's configuration files too where none was read: a toolgen.config.json created while watching counts.
      watchInputs(this, [...new Set([...inputs, ...configuration])]);
      if (failure && serving) {
        // The dev server starts all the same, and `watchChange` builds again once a file is fixed.
        report(failure);
        return;
      }
      return (failure ? fail(this, failure) : warn(this, last!)) as unknown as void;
    },
    watchChange(id) {
      // A source, or a file that configures the build (the tsconfig and what it extends, package.json, toolgen.config.json).
      const configures = (file: string) => inputs.includes(file) || configuration.includes(file);
      if (!serving || generated(id) || !(isSource(id) || configures(path.resolve(id)))) return;
      const failure = build();
      if (failure) report(failure);
      else {
        // Pages still show the failure in their overlay: a fix that leaves the registry module as
        // it was (an edit undone) rewrites nothing Vite would reload them for.
        if (failing) devServer?.ws.send({ type: "full-reload", path: "*" });
        failing = undefined;
        warn(this, last!);
      }
    },
    webpack(compiler) {
      compiler.hooks.watchRun.tap("toolgen", () => buildBeforeCompilation(compiler as WatchedCompiler));
    },
    rspack(compiler) {
      compiler.hooks.watchRun.tap("toolgen", () => buildBeforeCompilation(compiler as WatchedCompiler));
    },
    vite: {
      configResolved(resolved) {
        serving = resolved.command === "serve";
      },
      configureServer(server) {
        devServer = server;
        // Vite reloads a page after the change that failed (the file is one of its modules), and
        // sends a new page nothing of it: each page that connects while the sources fail is told.
        server.ws.on("vite:client:connect", (_data: unknown, client: { send(payload: unknown): void }) => {
          if (failing) client.send(failing);
        });
      },
    },
    writeBundle() {
      // webpack, Rspack and esbuild get here after a failed build too: its manifest is not written, as `toolgen build` writes none.
      if (!last?.ok) return;
      makeDirectory(path.dirname(last.manifest.path));
      writeFileSync(last.manifest.path, last.manifest.content);
    },
  };
};

/** The tsconfig `project` names (from the working directory), and its package's files that configure the build. */
function configurationFiles(project: string | undefined): string[] {
  const tsconfig = tsconfigPathOf(project, process.cwd());
  // The package's, which may be above the tsconfig's folder (`config/tsconfig.app.json`).
  let folder = path.dirname(tsconfig);
  try {
    folder = findPackageRoot(folder);
  } catch {
    // No package.json: the build says so.
  }
  return [tsconfig, path.join(folder, "package.json"), path.join(folder, "toolgen.config.json")];
}

/**
 * Has the bundler's watcher follow what the build read: Rollup and Vite watch only the modules
 * of the bundle, which a failed first build has none of (so they never built again), and a
 * file of types only, erased from the bundle, is no module of it either. And the folders of the
 * sources, where a new tool file appears (webpack's and Rspack's as context dependencies); not
 * the package's own folder, whose outputs and node_modules a watcher must not follow. esbuild
 * takes watched files only where it loads a module, so it is left as it is.
 */
function watchInputs(context: unknown, files: readonly string[]): void {
  const watching = context as NativeContext & { addWatchFile?: (file: string) => void };
  const native = watching.getNativeBuildContext?.();
  if (typeof watching.addWatchFile !== "function" || native?.framework === "esbuild") return;
  for (const file of files) {
    // One not there yet (toolgen.config.json), among webpack's and Rspack's files, reads as changed when watching starts: a second compilation.
    if (native?.compilation?.missingDependencies && !existsSync(file)) native.compilation.missingDependencies.add(file);
    else watching.addWatchFile(file);
  }
  const packageFolders = new Set(files.filter((file) => !isSource(file)).map((file) => path.dirname(file)));
  const folders = new Set(files.filter(isSource).map((file) => path.dirname(file)).filter((folder) => !packageFolders.has(folder)));
  for (const folder of folders) {
    if (native?.compilation?.contextDependencies) native.compilation.contextDependencies.add(folder);
    else watching.addWatchFile(folder);
  }
}

/** What `announceChanges` touches of a webpack or Rspack compiler in watch mode. */
interface WatchedCompiler {
  modifiedFiles?: ReadonlySet<string>;
  removedFiles?: ReadonlySet<string>;
  fileTimestamps?: Map<string, unknown>;
  inputFileSystem?: { purge?: (file: string) => void } | null;
}

/**
 * Tells the compilation about to start that toolgen changed these files since its watcher
 * looked: webpack trusts the watcher's timestamps and cached reads, Rspack rebuilds what is in
 * `modifiedFiles` and `removedFiles`.
 */
function announceChanges(compiler: WatchedCompiler, files: readonly string[]): void {
  if (files.length === 0) return;
  const removed = files.filter((file) => !existsSync(file));
  const modified = files.filter((file) => !removed.includes(file));
  for (const file of files) {
    compiler.fileTimestamps?.delete(file);
    compiler.inputFileSystem?.purge?.(file);
  }
  compiler.modifiedFiles = new Set([...(compiler.modifiedFiles ?? []), ...modified]);
  compiler.removedFiles = new Set([...(compiler.removedFiles ?? []), ...removed]);
}

const isSource = (file: string) => /\.[cm]?tsx?$/.test(file);

/** A failed build: its errors, and its warnings (which esbuild reports beside the errors), as diagnostics. Not enumerable. */
type BuildFailure = Error & { diagnostics?: ProjectBuild["diagnostics"]; warnings?: ProjectBuild["diagnostics"] };

type NativeContext = { getNativeBuildContext?: () => { framework: string; compilation?: { errors: Error[]; warnings: Error[]; contextDependencies?: { add(folder: string): void }; missingDependencies?: { add(file: string): void } } } | undefined };

/**
 * A failed build, as each bundler reports one and goes on watching: webpack and Rspack as an
 * error of the compilation (thrown, it stopped their watchers), esbuild as the errors its
 * `onStart` returns, at their file:line:col (thrown, it printed the plugin's stack); Rollup
 * and Vite take a thrown error, with the first diagnostic's place as its `id` and `loc`.
 */
function fail(context: unknown, failure: BuildFailure): { errors: EsbuildMessage[]; warnings?: EsbuildMessage[] } {
  const native = (context as NativeContext).getNativeBuildContext?.();
  if (native?.compilation && (native.framework === "webpack" || native.framework === "rspack")) {
    native.compilation.errors.push(failure);
    return { errors: [] };
  }
  if (native?.framework !== "esbuild") {
    // Where Rollup and Vite show an error's place (and Vite's overlay opens the file): the first diagnostic's.
    const at = failure.diagnostics?.[0];
    if (at) Object.assign(failure, { id: at.file, loc: { file: at.file, line: at.line, column: locColumn(context, at) } });
    throw failure;
  }
  if (!failure.diagnostics?.length) return { errors: [{ text: failure.message }] };
  return { errors: failure.diagnostics.map(esbuildMessage), warnings: (failure.warnings ?? []).map(esbuildMessage) };
}

/**
 * A build's warnings as each bundler reports warnings, so that its log level, Rollup's
 * `onwarn` and `--failAfterWarnings` apply: webpack and Rspack as warnings of the compilation,
 * esbuild as the warnings `onStart` returns, Rollup and Vite through `this.warn`, at their
 * file:line:col. Elsewhere printed.
 */
function warn(context: unknown, build: ProjectBuild): { warnings: EsbuildMessage[] } | undefined {
  const warnings = build.diagnostics.filter((d) => d.severity === "warning");
  if (warnings.length === 0) return undefined;
  const native = (context as NativeContext).getNativeBuildContext?.();
  if (native?.framework === "esbuild") return { warnings: warnings.map(esbuildMessage) };
  if (native?.compilation && (native.framework === "webpack" || native.framework === "rspack")) {
    for (const d of warnings) native.compilation.warnings.push(pluginError(headline(d)));
    return undefined;
  }
  const rollup = context as { warn?: (warning: { message: string; id: string; loc: { file: string; line: number; column: number } }) => void };
  if (typeof rollup.warn === "function") {
    // The place in the message too: Vite 8's logger prints neither `id` nor `loc` of a warning.
    for (const d of warnings) rollup.warn({ message: headline(d), id: d.file, loc: { file: d.file, line: d.line, column: locColumn(context, d) } });
    return undefined;
  }
  // Ended by a newline: the next line of log must not run on from the summary.
  process.stderr.write(build.report.endsWith("\n") ? build.report : `${build.report}\n`);
  return undefined;
}

type Diagnostic = ProjectBuild["diagnostics"][number];

/**
 * A diagnostic's column as the bundler's `loc` takes it, which it prints as it is beside the
 * message's file:line:col: 0-based for Rollup, 1-based for rolldown (and Vite 8, built on it).
 */
function locColumn(context: unknown, d: Diagnostic): number {
  return typeof (context as { meta?: { rolldownVersion?: unknown } }).meta?.rolldownVersion === "string" ? d.column : d.column - 1;
}

/** A warning's line as the CLI prints it: where (from the current folder), the code and its lint rule, what. */
function headline(d: Diagnostic): string {
  return `${path.relative(process.cwd(), d.file).split(path.sep).join("/") || d.file}:${d.line}:${d.column} - warning ${codeOf(d)}: ${d.message}`;
}

function codeOf(d: Diagnostic): string {
  return d.rule ? `${d.code} [${d.rule}]` : d.code;
}

/** A diagnostic as esbuild reports a message: at its file:line:col (0-based column), with the line. */
function esbuildMessage(d: ProjectBuild["diagnostics"][number]): EsbuildMessage {
  return { text: `${codeOf(d)}: ${d.message}`, location: { file: d.file, line: d.line, column: d.column - 1, length: d.length, lineText: lineOf(d.file, d.line) } };
}

interface EsbuildMessage {
  text: string;
  location?: { file: string; line: number; column: number; length: number; lineText: string };
}

/** The source line esbuild shows under its message (1-based `line`). */
function lineOf(file: string, line: number): string {
  try {
    return readFileSync(file, "utf8").split(/\r?\n/)[line - 1] ?? "";
  } catch {
    return "";
  }
}

/**
 * The options, checked where the bundler's config makes the plugin: a mistake there is told
 * when the config loads, as an error with its stack (at the config's line), naming the key.
 * webpack's and Rspack's entries call it themselves: unplugin makes their plugin only in `apply`.
 */
export function checkPluginOptions(options: ToolgenPluginOptions | undefined = {}): ToolgenPluginOptions {
  if (typeof options !== "object" || options === null || Array.isArray(options)) throw new Error(`toolgen: the plugin's options must be an object ({ project, naming, … }); got ${JSON.stringify(options)}.`);
  const { project, ...config } = options;
  if (project !== undefined && typeof project !== "string") throw new Error(`toolgen: the plugin's \`project\` option must be a path (a tsconfig or its folder); got ${JSON.stringify(project)}.`);
  try {
    parseConfig(config, "the toolgen plugin's options", ["project"]);
  } catch (error) {
    throw new Error(`toolgen: ${(error as Error).message}`);
  }
  return options;
}

export const toolgen = /* #__PURE__ */ createUnplugin(unpluginFactory);
export default toolgen;

/**
 * A failed build as the bundler shows it: toolgen's message is the whole story, so no stack of
 * the plugin's own frames follows it, and it names the plugin's option where the CLI's says `-p`.
 */
function pluginError(message: string, cause?: unknown): Error {
  // The CLI's words where they do not fit a plugin: its flag.
  const said = message.replace(/with -p(?: <path>)?(?=[ .;])/g, "with the plugin's `project` option");
  const error = new Error(said, cause === undefined ? {} : { cause });
  // The message, ended by a newline: what Rollup's output takes off a stack before printing the rest.
  error.stack = `Error: ${error.message}\n`;
  return error;
}
