import { existsSync } from "node:fs";
import * as path from "node:path";
import { chunkDirectory } from "@toolgen/core";
import { createProjectInfo, ensureManifestReference, type ProjectInfo, readIfExists, type RegistryModuleCache, writePlan } from "@toolgen/transformer/project";
import { watch } from "chokidar";
import { Project, ts } from "ts-morph";
import { planBuild } from "../build/plan-build.js";
import { reportDiagnostics } from "../output/print-diagnostics.js";
import { ConfigError } from "../project/config.js";
import { loadProjectInfo, pluginOptionsOf } from "../project/load-project.js";
import { registryModuleOutsideProgram } from "../project/registry-module-included.js";
import { morphTypescript } from "../project/typescript.js";
import { shown } from "./build.js";

export interface WatchOptions {
  project?: string;
}

/** Changes that arrive within this window are one rebuild (an editor's save touches several files). */
const DEBOUNCE_MS = 50;

/**
 * `toolgen watch`: one ts-morph project lives for the whole session. A change refreshes only
 * the files it touched, and the next program reuses every other parsed and bound source file
 * of the previous one; toolgen then analyzes it, writes only the outputs whose bytes differ and
 * prints one summary line. A change to tsconfig.json, package.json or toolgen.config.json
 * reloads the project. Runs until SIGINT or SIGTERM.
 */
export async function runWatch(options: WatchOptions): Promise<number> {
  // ts-morph's TypeScript, the one its `Project` compiles with: the session loads one compiler.
  const first = loadProjectInfo(options.project, process.cwd(), morphTypescript());
  const root = path.dirname(first.tsconfigPath);
  const outDir = first.compilerOptions.outDir;
  let project = new Project({ tsConfigFilePath: first.tsconfigPath });
  // toolgen's own writes (the registry module sits among the sources) must not trigger a rebuild.
  const written = new Map<string, string>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let started = performance.now();
  const registryCache: RegistryModuleCache = {};

  const rebuild = () => {
    const time = new Date().toTimeString().slice(0, 8);
    try {
      const program = project.getProgram().compilerObject;
      const info: ProjectInfo = createProjectInfo(first.tsconfigPath, program.getCompilerOptions(), pluginOptionsOf(program.getCompilerOptions()));
      // As `toolgen build` (tsc's TS18003): no sources is a mistake, not an empty registry to write.
      const generated = [path.resolve(info.registryModulePath), path.resolve(chunkDirectory(info.registryModulePath)) + path.sep];
      const isGenerated = (f: string) => generated.some((g) => path.resolve(f).startsWith(g));
      const sources = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !isGenerated(f.fileName) && existsSync(f.fileName));
      if (sources.length === 0) throw new ConfigError(`no source files in ${shown(first.tsconfigPath)}'s "include" and "files"; nothing written.`);
      const plan = planBuild(ts, info, program, registryCache);
      const ms = Math.round(performance.now() - started);
      const summary = `[${time}] toolgen: ${plan.entryCount} entr${plan.entryCount === 1 ? "y" : "ies"} in ${ms} ms`;
      if (reportDiagnostics(plan.diagnostics)) {
        process.stdout.write(`${summary}, ${plan.diagnostics.filter((d) => d.severity === "error").length} error(s), nothing written\n`);
        return;
      }
      for (const file of plan.files) written.set(file.path, file.content);
      const { written: changed, removed } = writePlan(plan);
      const done = [changed.length ? `wrote ${changed.map(shown).join(", ")}` : "", removed.length ? `removed ${removed.map(shown).join(", ")}` : ""].filter(Boolean).join("; ");
      ensureManifestReference(info);
      process.stdout.write(`${summary}, ${done || "no changes"}\n`);
      const outside = changed.includes(plan.files[1].path) ? registryModuleOutsideProgram(info, ts) : undefined;
      if (outside) process.stderr.write(`[${time}] toolgen: warning: ${outside}\n`);
    } catch (error) {
      // A watcher outlives mistakes: report, keep the last good outputs, wait for the next change.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`[${time}] toolgen: ${error instanceof ConfigError ? "" : "cannot rebuild: "}${message}\n`);
    }
  };

  const flush = () => {
    started = performance.now();
    const files = [...pending];
    pending.clear();
    if (files.some((f) => f === first.tsconfigPath || /(^|[\\/])(package|toolgen\.config)\.json$/.test(f))) {
      try {
        project = new Project({ tsConfigFilePath: first.tsconfigPath });
      } catch (error) {
        process.stderr.write(`toolgen: cannot reload ${shown(first.tsconfigPath)}: ${error instanceof Error ? error.message : String(error)}\n`);
        return;
      }
    } else {
      let added = false;
      for (const file of files) {
        const sourceFile = project.getSourceFile(file);
        if (sourceFile) sourceFile.refreshFromFileSystemSync();
        else added = true;
      }
      // A new file joins only if the tsconfig's include/exclude/files select it.
      if (added) project.addSourceFilesFromTsConfig(first.tsconfigPath);
    }
    rebuild();
  };

  rebuild();
  const ignored = (file: string) => /[\\/](node_modules|\.git)([\\/]|$)/.test(file) || (outDir !== undefined && (file === outDir || file.startsWith(outDir + path.sep)));
  const watcher = watch(root, { ignoreInitial: true, ignored });
  watcher.once("ready", () => process.stdout.write(`toolgen: watching ${path.relative(process.cwd(), root) || "."} for changes (Ctrl-C stops)\n`));
  watcher.on("all", (_event, file) => {
    if (!/\.([cm]?tsx?|json)$/.test(file)) return;
    if (written.has(file) && readIfExists(file) === written.get(file)) return;
    pending.add(path.resolve(file));
    clearTimeout(timer);
    timer = setTimeout(flush, DEBOUNCE_MS);
  });

  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      void watcher.close().then(() => resolve(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
