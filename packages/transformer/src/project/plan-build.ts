import * as path from "node:path";
import type * as ts from "typescript";
import { analyze, type AnalyzeResult, createOutputMapper, type Diagnostic, type RegistryModuleText, renderRegistryModule, serializeManifest } from "@toolgen/core";
import type { Manifest } from "@toolgen/runtime";
import type { ProjectInfo } from "./project-info.js";

/** A file the build writes, with its full content. */
export interface PlannedFile {
  path: string;
  content: string;
}

/**
 * The last registry module a long-running build rendered, by everything the renderer reads
 * from the entries. Precompiling hundreds of validators is most of a rebuild, and most edits
 * (a function body) change none of it: `toolgen watch` keeps one of these between rebuilds.
 */
export interface RegistryModuleCache {
  key?: string;
  module?: RegistryModuleText;
}

export interface BuildPlan {
  manifest: Manifest;
  /** The manifest, then the registry module. */
  files: [manifest: PlannedFile, registryModule: PlannedFile];
  /** The registry module, also as the JavaScript and declarations a compiler would write for it. */
  registryModule: RegistryModuleText;
  diagnostics: Diagnostic[];
  entryCount: number;
}

/**
 * The analysis every entry point shares, with the options taken from the project. `list` and
 * `inspect` stop here: they need the entries, not the registry module and its validators.
 */
export function analyzeForBuild(tsm: typeof ts, info: ProjectInfo, program: ts.Program): AnalyzeResult {
  const outputOf = createOutputMapper(program, info.packageRoot);
  return analyze(program, {
    ts: tsm,
    packageRoot: info.packageRoot,
    packageName: info.packageJson.name ?? path.basename(info.packageRoot),
    ...(info.packageJson.version ? { packageVersion: info.packageJson.version } : {}),
    registryModule: outputOf(info.registryModulePath),
    ...(info.config.naming ? { naming: info.config.naming } : {}),
    ...(info.config.strict !== undefined ? { strict: info.config.strict } : {}),
  });
}

/**
 * Analyzes the program and renders every output file, without writing anything. The CLI
 * (`build`, `check`, `watch`) and the transformer both call this, with the TypeScript that
 * made their program, which is how their outputs stay byte-identical.
 */
export function planBuild(tsm: typeof ts, info: ProjectInfo, program: ts.Program, cache?: RegistryModuleCache): BuildPlan {
  const result = analyzeForBuild(tsm, info, program);
  const options = { modulePath: info.registryModulePath, ...(info.config.lazy !== undefined ? { lazy: info.config.lazy } : {}) };
  const key = cache && JSON.stringify([options, result.entries.map((e) => [e.entry, e.declaration.sourceFile.fileName, e.declaration.exportName, e.declaration.toolset !== undefined])]);
  const registryModule = cache?.key === key && cache?.module !== undefined ? cache.module : renderRegistryModule(result.entries, options);
  if (cache) Object.assign(cache, { key, module: registryModule });
  return {
    manifest: result.manifest,
    files: [
      { path: info.manifestPath, content: serializeManifest(result.manifest) },
      { path: info.registryModulePath, content: registryModule.typescript },
    ],
    registryModule,
    diagnostics: result.diagnostics,
    entryCount: result.entries.length,
  };
}

/** The `toolgen.manifest` reference package.json must hold, relative and POSIX. */
export function manifestReference(info: ProjectInfo): string {
  return "./" + path.relative(info.packageRoot, info.manifestPath).split(path.sep).join("/");
}
