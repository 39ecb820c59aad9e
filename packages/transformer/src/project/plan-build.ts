import * as path from "node:path";
import type * as ts from "typescript";
import { analyze, type AnalyzeResult, type BuiltEntry, chunkDirectory, createOutputMapper, type Diagnostic, type LintConfig, type RegistryModuleEntry, type RegistryModuleText, renderRegistryModule, serializeManifest } from "@toolgen/core";
import { readFileSync } from "node:fs";
import type { Manifest, ManifestEntry } from "@toolgen/runtime";
import type { ProjectInfo } from "./project-info.js";
import type { ToolgenConfig } from "./config.js";

/** A file the build writes, with its full content. */
export interface PlannedFile {
  path: string;
  content: string;
}

/**
 * The last registry module a long-running build rendered, with what it was rendered from.
 * Most edits (a function body) change none of what it reads, so it is not rendered again:
 * `toolgen watch` and the transformer under `tspc --watch` keep one of these
 * between rebuilds. The key (everything the renderer reads, as one string of megabytes at
 * 1,000 tools) is worked out only when there is a module to compare with: a one-shot build
 * never pays for it.
 */
export interface RegistryModuleCache {
  last?: { module: RegistryModuleText; source: unknown; key?: string };
}

export interface BuildPlan {
  manifest: Manifest;
  /** The manifest, the registry module, then the registry module's chunks (`split`). */
  files: [manifest: PlannedFile, registryModule: PlannedFile, ...chunks: PlannedFile[]];
  /** Where the registry module's chunks go: generated files there that the plan does not hold are stale. */
  chunkDirectory: string;
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
  const alsoCompiled = [info.registryModulePath];
  const outputOf = createOutputMapper(program, info.packageRoot, alsoCompiled);
  return analyze(program, {
    alsoCompiled,
    ts: tsm,
    packageRoot: info.packageRoot,
    packageName: info.packageJson.name ?? path.basename(info.packageRoot),
    ...(info.packageJson.version ? { packageVersion: info.packageJson.version } : {}),
    registryModule: outputOf(info.registryModulePath),
    ...(info.config.naming ? { naming: info.config.naming } : {}),
    ...(info.config.strict !== undefined ? { strict: info.config.strict } : {}),
    lint: lintConfigOf(info.config.lint, info.config.lint?.["argument-style-changed"] === "off" ? undefined : previousEntries(info.manifestPath)),
  });
}

/**
 * An analysis as plain data: what rendering the outputs needs, and nothing that holds on to the
 * program. A one-shot build renders from this after letting the program go, so the memory of
 * the program and its type checker is reused for the outputs instead of added to the peak.
 */
export interface AnalyzedBuild {
  manifest: Manifest;
  diagnostics: Diagnostic[];
  entries: RegistryModuleEntry[];
}

/** `analyzeForBuild`, keeping of each entry only what the registry module is written from. */
export function analyzeProgram(tsm: typeof ts, info: ProjectInfo, program: ts.Program): AnalyzedBuild {
  const result = analyzeForBuild(tsm, info, program);
  return { manifest: result.manifest, diagnostics: result.diagnostics, entries: result.entries.map(detachEntry) };
}

function detachEntry({ entry, declaration }: BuiltEntry): RegistryModuleEntry {
  const { exportName, toolset } = declaration;
  return { entry, declaration: { sourceFile: { fileName: declaration.sourceFile.fileName }, exportName, ...(toolset ? { toolset: { static: toolset.static } } : {}) } };
}

/**
 * Analyzes the program and renders every output file, without writing anything. The CLI
 * (`build`, `check`, `watch`) and the transformer both come here, with the TypeScript that
 * made their program, which is how their outputs stay byte-identical.
 */
export function planBuild(tsm: typeof ts, info: ProjectInfo, program: ts.Program, cache?: RegistryModuleCache): BuildPlan {
  return renderPlan(info, analyzeProgram(tsm, info, program), cache);
}

/** Renders the manifest and the registry module of an analysis. */
export function renderPlan(info: ProjectInfo, analyzed: AnalyzedBuild, cache?: RegistryModuleCache): BuildPlan {
  const { lazy, split, importEnding } = info.config;
  const options = { modulePath: info.registryModulePath, ...(lazy !== undefined ? { lazy } : {}), ...(split ? { split: true } : {}), ...(importEnding ? { importEnding } : {}) };
  const source = cache && [options, analyzed.entries.map((e) => [e.entry, e.declaration.sourceFile.fileName, e.declaration.exportName, e.declaration.toolset?.static ?? null])];
  let key: string | undefined;
  const last = cache?.last;
  if (last) {
    last.key ??= JSON.stringify(last.source);
    key = JSON.stringify(source);
  }
  const registryModule = last && last.key === key ? last.module : renderRegistryModule(analyzed.entries, options);
  if (cache) cache.last = { module: registryModule, source, ...(key !== undefined ? { key } : {}) };
  return {
    manifest: analyzed.manifest,
    files: [
      { path: info.manifestPath, content: serializeManifest(analyzed.manifest) },
      { path: info.registryModulePath, content: registryModule.typescript },
      ...registryModule.chunks.map((chunk) => ({ path: chunk.path, content: chunk.typescript })),
    ],
    chunkDirectory: chunkDirectory(info.registryModulePath),
    registryModule,
    diagnostics: analyzed.diagnostics,
    entryCount: analyzed.entries.length,
  };
}

/** The `toolgen.manifest` reference package.json must hold, relative and POSIX. */
export function manifestReference(info: ProjectInfo): string {
  return "./" + path.relative(info.packageRoot, info.manifestPath).split(path.sep).join("/");
}

/** The config's `lint` section as the analyzer takes it: rule levels apart from the two settings; and the last build's entries. */
function lintConfigOf(lint: ToolgenConfig["lint"] = {}, previous: ManifestEntry[] | undefined): LintConfig {
  const { providers, maxTokens, ...levels } = lint;
  return { rules: levels as LintConfig["rules"], ...(providers ? { providers } : {}), ...(maxTokens !== undefined ? { maxTokens } : {}), ...(previous ? { previous } : {}) };
}

/** The entries of the manifest the last build wrote, if there is a readable one. */
function previousEntries(manifestPath: string): ManifestEntry[] | undefined {
  try {
    const entries = (JSON.parse(readFileSync(manifestPath, "utf8")) as { entries?: unknown }).entries;
    return Array.isArray(entries) ? (entries as ManifestEntry[]) : undefined;
  } catch {
    return undefined; // none yet, or not one of ours: nothing to compare with
  }
}
