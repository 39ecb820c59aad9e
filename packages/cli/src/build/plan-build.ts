import * as path from "node:path";
import { analyze, type AnalyzeOptions, createOutputMapper, type Diagnostic, emitRegistryModule, serializeManifest } from "@toolgen/core";
import type { Manifest } from "@toolgen/runtime";
import { ts } from "ts-morph";
import type { ProjectInfo } from "../project/load-project.js";

/** A file the build writes, with its full content. */
export interface PlannedFile {
  path: string;
  content: string;
}

export interface BuildPlan {
  manifest: Manifest;
  files: PlannedFile[];
  diagnostics: Diagnostic[];
  entryCount: number;
}

/**
 * Analyzes the program and renders every output file, without writing anything:
 * `build` writes the plan, `check` compares it with the disk, `watch` repeats it.
 */
export function planBuild(info: ProjectInfo, program: ts.Program): BuildPlan {
  const outputOf = createOutputMapper(program, info.packageRoot);
  const result = analyze(program, {
    ts: ts as unknown as AnalyzeOptions["ts"],
    packageRoot: info.packageRoot,
    packageName: info.packageJson.name ?? path.basename(info.packageRoot),
    ...(info.packageJson.version ? { packageVersion: info.packageJson.version } : {}),
    registryModule: outputOf(info.registryModulePath),
    ...(info.config.naming ? { naming: info.config.naming } : {}),
    ...(info.config.strict !== undefined ? { strict: info.config.strict } : {}),
  });
  const files: PlannedFile[] = [
    { path: info.manifestPath, content: serializeManifest(result.manifest) },
    {
      path: info.registryModulePath,
      content: emitRegistryModule(result.entries, { modulePath: info.registryModulePath, ...(info.config.lazy !== undefined ? { lazy: info.config.lazy } : {}) }),
    },
  ];
  return { manifest: result.manifest, files, diagnostics: result.diagnostics, entryCount: result.entries.length };
}

/** The `toolgen.manifest` reference package.json must hold, relative and POSIX. */
export function manifestReference(info: ProjectInfo): string {
  return "./" + path.relative(info.packageRoot, info.manifestPath).split(path.sep).join("/");
}
