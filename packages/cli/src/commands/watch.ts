import { existsSync, statSync } from "node:fs";
import * as path from "node:path";
import { chunkDirectory } from "@toolgen/core";
import { ensureManifestReference, type ProjectInfo, readIfExists, type RegistryModuleCache, shown, writePlan } from "@toolgen/transformer/project";
import { watch } from "chokidar";
import { planBuild } from "../build/plan-build.js";
import { previousRegistryModule, projectWarnings } from "../build/project-warnings.js";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { ConfigError } from "../project/config.js";
import { createWatchPrograms, loadProjectInfo, tsconfigFilesOf, typescriptOf } from "../project/load-project.js";
import { registryModuleOutsideProgram } from "../project/registry-module-included.js";

export interface WatchOptions {
  project?: string;
}

/** Changes that arrive within this window are one rebuild (an editor's save touches several files). */
const DEBOUNCE_MS = 50;
/**
 * After a file appears, longer: chokidar reports the other half of a rename, the old name's
 * `unlink`, 100 ms late (it waits to tell an editor's atomic save from a deletion).
 */
const AFTER_ADD_MS = 150;

/**
 * `toolgen watch`: the project is read as `toolgen build` reads it, with the same TypeScript,
 * and its programs follow one another (`createWatchPrograms`): a change has only the files it
 * touched parsed again, and the next program reuses every other parsed and bound source file
 * of the previous one; toolgen then analyzes it, writes only the outputs whose bytes differ and
 * prints one summary line. A change to a JSON file (tsconfig.json and what it extends,
 * package.json, toolgen.config.json) reloads the project. Runs until `stop` aborts (SIGINT or SIGTERM).
 */
export async function runWatch(options: WatchOptions, stop: AbortSignal): Promise<number> {
  if (stop.aborted) return 0; // stopped while starting
  let info: ProjectInfo = loadProjectInfo(options.project, process.cwd());
  const root = path.dirname(info.tsconfigPath);
  let programs = createWatchPrograms(info);
  // toolgen's own writes (the registry module sits among the sources; package.json's manifest
  // reference) and removals (a split registry's chunks) must not trigger a rebuild: by path,
  // what the file holds after them (undefined: removed).
  const written = new Map<string, string | undefined>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let due = 0; // when the pending rebuild runs: a later change moves it, never earlier
  let started = performance.now();
  const registryCache: RegistryModuleCache = {};
  /** The last rebuild's warnings (their places and messages): the same again are counted, not printed again. */
  let shownWarnings = "";
  /** The project's warnings last printed (`build`'s, beside the diagnostics): printed again only when they change. */
  let shownProjectWarnings = "";
  /** Whether the registry module is outside the program, worked out again when the configuration or the module changes (it reads the tsconfig's files). */
  let outside: string | undefined;
  let configChanged = true;
  /** Why the configuration cannot be read, while it cannot: nothing is built with the one read before. */
  let brokenConfig: string | undefined;

  /** Program sources outside the tsconfig's folder, watched once the watcher is there (after the first build). */
  const outsideSources = new Set<string>();
  let watchToo = (_files: string[]) => {};
  const followSources = (files: string[]) => {
    const added = files.filter((file) => !outsideSources.has(file));
    for (const file of added) outsideSources.add(file);
    if (added.length > 0) watchToo(added);
  };

  const rebuild = () => {
    const time = new Date().toTimeString().slice(0, 8);
    try {
      const program = programs.next();
      // As `toolgen build` (tsc's TS18003): no sources is a mistake, not an empty registry to write.
      const generated = [path.resolve(info.registryModulePath), path.resolve(chunkDirectory(info.registryModulePath)) + path.sep];
      const isGenerated = (f: string) => generated.some((g) => path.resolve(f).startsWith(g));
      const sources = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !isGenerated(f.fileName) && existsSync(f.fileName));
      // Sources the program reaches outside the tsconfig's folder (`../shared/types.ts`): watched too, as tsc --watch does.
      followSources(program.getSourceFiles().map((f) => path.resolve(f.fileName)).filter((f) => !f.startsWith(root + path.sep) && !/[\\/]node_modules[\\/]/.test(f)));
      if (sources.length === 0) throw new ConfigError(`no source files in ${shown(info.tsconfigPath)}'s "include" and "files"; nothing written.`);
      const plan = planBuild(typescriptOf(info), info, program, registryCache);
      const ms = Math.round(performance.now() - started);
      const errors = plan.diagnostics.filter((d) => d.severity === "error");
      const warnings = plan.diagnostics.filter((d) => d.severity !== "error");
      // The same warnings: the same places and messages (the lines quoted around them may have moved).
      const warningKey = JSON.stringify(warnings.map((d) => [d.file, d.line, d.column, d.code, d.message]));
      const warningsAgain = warnings.length > 0 && warningKey === shownWarnings;
      // Errors every time (they are what is being fixed); warnings when they differ from the last rebuild's.
      if (errors.length || !warningsAgain) {
        const shownNow = errors.length ? plan.diagnostics : warnings;
        if (shownNow.length) process.stderr.write(`${formatDiagnostics(shownNow, process.cwd())}\n`);
      }
      shownWarnings = warningKey;
      const warned = warnings.length ? `, ${warnings.length} warning${warnings.length === 1 ? "" : "s"}${warningsAgain && !errors.length ? " (as before)" : ""}` : "";
      const summary = `[${time}] toolgen: ${plan.entryCount} entr${plan.entryCount === 1 ? "y" : "ies"} in ${ms} ms${warned}`;
      if (errors.length) {
        process.stdout.write(`${summary}, ${errors.length} error(s), nothing written\n`);
        return;
      }
      for (const file of plan.files) written.set(path.resolve(file.path), file.content);
      const before = previousRegistryModule(plan.files[0].path);
      const { written: changed, removed } = writePlan(plan);
      for (const file of removed) written.set(path.resolve(file), undefined);
      const done = [changed.length ? `wrote ${changed.map(shown).join(", ")}` : "", removed.length ? `removed ${removed.map(shown).join(", ")}` : ""].filter(Boolean).join("; ");
      const reference = ensureManifestReference(info);
      if (reference !== undefined) written.set(info.packageJsonPath, readIfExists(info.packageJsonPath));
      process.stdout.write(`${summary}, ${done || "no changes"}\n`);
      // Said as `toolgen build` says it: the file was written, though no output changed.
      if (reference !== undefined) process.stdout.write(`[${time}] toolgen: added "toolgen": { "manifest": "${reference}" } to ${shown(info.packageJsonPath)}\n`);
      if (configChanged || changed.includes(plan.files[1].path)) outside = registryModuleOutsideProgram(info);
      configChanged = false;
      const projectWarningsNow = projectWarnings(info, plan, before, outside);
      if (JSON.stringify(projectWarningsNow) !== shownProjectWarnings) for (const warning of projectWarningsNow) process.stderr.write(`[${time}] toolgen: warning: ${warning}\n`);
      shownProjectWarnings = JSON.stringify(projectWarningsNow);
    } catch (error) {
      // A watcher outlives mistakes: report, keep the last good outputs, wait for the next change.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`[${time}] toolgen: ${error instanceof ConfigError ? "" : "cannot rebuild: "}${message}\n`);
    }
  };

  const flush = () => {
    started = performance.now();
    due = 0;
    const files = [...pending];
    pending.clear();
    // tsconfig.json and the configs it extends, package.json, toolgen.config.json: any JSON file
    // but the manifest, which is only written again (a clean step deleted it).
    const time = new Date().toTimeString().slice(0, 8);
    if (files.some((f) => f.endsWith(".json") && f !== path.resolve(info.manifestPath))) {
      try {
        info = loadProjectInfo(info.tsconfigPath, process.cwd());
        programs = createWatchPrograms(info);
        followConfigs();
        brokenConfig = undefined;
        configChanged = true;
      } catch (error) {
        // The message names the file at fault (the tsconfig, package.json or toolgen.config.json).
        brokenConfig = error instanceof Error ? error.message : String(error);
        process.stderr.write(`[${time}] toolgen: cannot reload the project: ${brokenConfig}\n`);
        return;
      }
    } else {
      programs.invalidate(files.filter((f) => f !== path.resolve(info.manifestPath))); // not a source of the program
      // `build` would refuse it: outputs of the configuration read before would not be what it builds.
      if (brokenConfig !== undefined) {
        process.stderr.write(`[${time}] toolgen: not rebuilt until the configuration is fixed: ${brokenConfig}\n`);
        return;
      }
    }
    rebuild();
  };

  const firstBuildAt = Date.now();
  rebuild();
  // The compiler's output folder as the tsconfig says now (a reload may move it) — but for the
  // manifest that is often in it, and the folders on its way: deleted, it is written again.
  const ignored = (file: string) => {
    const manifest = path.resolve(info.manifestPath);
    if (file === manifest || manifest.startsWith(path.resolve(file) + path.sep)) return false;
    const { outDir } = info.compilerOptions;
    return /[\\/](node_modules|\.git)([\\/]|$)/.test(file) || (outDir !== undefined && (file === outDir || file.startsWith(outDir + path.sep)));
  };
  const watcher = watch(root, { ignoreInitial: true, ignored }).add([...outsideSources]);
  watchToo = (files) => void watcher.add(files);
  // The configs the tsconfig extends from outside its folder (`../tsconfig.base.json`, a monorepo's).
  const followConfigs = () => watcher.add(tsconfigFilesOf(info).filter((file) => !file.startsWith(root + path.sep)));
  followConfigs();
  const changed = (event: string, file: string) => {
    if (!WATCHED.test(file)) return;
    if (written.has(path.resolve(file)) && readIfExists(file) === written.get(path.resolve(file))) return;
    pending.add(path.resolve(file));
    clearTimeout(timer);
    due = Math.max(due, Date.now() + (event === "add" ? AFTER_ADD_MS : DEBOUNCE_MS));
    timer = setTimeout(flush, due - Date.now());
  };
  watcher.once("ready", () => {
    process.stdout.write(`toolgen: watching ${path.relative(process.cwd(), root) || "."} for changes (Ctrl-C stops)\n`);
    // An edit made while the first build ran (it holds the event loop, and the watcher's first scan reports nothing) is found by its time.
    for (const [folder, names] of Object.entries(watcher.getWatched())) {
      for (const name of names) if (WATCHED.test(name) && modifiedSince(path.join(folder, name), firstBuildAt)) changed("change", path.join(folder, name));
    }
  });
  watcher.on("all", changed);

  // A stop during the first build (which holds the event loop) comes once that build has written what it writes.
  return new Promise((resolve) => {
    const close = () => {
      clearTimeout(timer);
      void watcher.close().then(() => resolve(0));
    };
    stop.addEventListener("abort", close, { once: true });
  });
}

/** The files a change of which is a rebuild: sources and configuration. */
const WATCHED = /\.([cm]?tsx?|json)$/;

function modifiedSince(file: string, time: number): boolean {
  try {
    return statSync(file).mtimeMs >= time;
  } catch {
    return false;
  }
}
