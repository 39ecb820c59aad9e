import { existsSync, statSync } from "node:fs";
import * as path from "node:path";
import { readPackageConfig, type ProjectInfo, type ToolgenConfig } from "@toolgen/transformer/project";

/** Where a built package's manifest is, its package.json and its configuration, as `call` and `serve` need them. */
export interface BuiltPackage {
  packageRoot: string;
  /** Undefined for a package of no tools of its own (no tsconfig, no manifest): its dependencies' are served. */
  manifestPath: string | undefined;
  config: ToolgenConfig;
  packageJson: ProjectInfo["packageJson"];
}

/**
 * Finds the manifest from the configuration — the package.json reference (`"toolgen": {
 * "manifest": … }`) that `toolgen build` writes, or toolgen.config.json — without loading the
 * compiler: beside the tsconfig, or, without `-p` and without a tsconfig here, in the nearest
 * package.json from the working folder up (a deployed package of package.json and its build,
 * or a subfolder of the sources). Only a package that names none falls back to reading the
 * tsconfig for the default; one with no tsconfig either has no tools of its own, and serves
 * its dependencies' (an application that gathers tool packages, as an MCP server mounts them).
 */
export async function locateBuiltPackage(tsconfigOption: string | undefined, cwd = process.cwd()): Promise<BuiltPackage> {
  const configured = locateConfiguredPackage(tsconfigOption, cwd);
  if (configured) return configured;
  const { loadProjectInfo } = await import("./load-project.js");
  return loadProjectInfo(tsconfigOption, cwd);
}

/** The package as its configuration alone places it, or undefined when only its tsconfig can (`locateBuiltPackage`). */
export function locateConfiguredPackage(tsconfigOption: string | undefined, cwd = process.cwd()): BuiltPackage | undefined {
  const given = path.resolve(cwd, tsconfigOption ?? "tsconfig.json");
  const start = existsSync(given) ? (statSync(given).isDirectory() ? given : path.dirname(given)) : tsconfigOption === undefined ? cwd : undefined;
  const packageJsonPath = start === undefined ? undefined : findUp(start, "package.json");
  if (packageJsonPath) {
    // One read of package.json (and toolgen.config.json): the configuration names the manifest.
    const packageRoot = path.dirname(packageJsonPath);
    const { config, packageJson } = readPackageConfig(packageRoot);
    if (config.manifest) return { packageRoot, manifestPath: path.resolve(packageRoot, config.manifest), config, packageJson };
    if (tsconfigOption === undefined && !existsSync(given) && !existsSync(path.join(packageRoot, "tsconfig.json"))) return { packageRoot, manifestPath: undefined, config, packageJson };
  }
  return undefined;
}

function findUp(start: string, name: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Why a package has no entries at all where its package.json lists `"workspaces"`: a monorepo's
 * root, whose packages hold the tools (and which no package depends on, so none is found).
 */
export function workspaceRootNote(packageJson: ProjectInfo["packageJson"]): string | undefined {
  if ((packageJson as { workspaces?: unknown }).workspaces === undefined) return undefined;
  return "toolgen: note: no entries here: this is a workspace root (its package.json lists \"workspaces\"); run toolgen in a package of the workspace, or pass -p <package>/tsconfig.json.\n";
}
