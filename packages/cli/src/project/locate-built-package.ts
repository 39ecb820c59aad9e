import { existsSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { readPackageConfig, type ToolgenConfig } from "@toolgen/transformer/project";

/** Where a built package's manifest is, and its configuration, as `call` needs them. */
export interface BuiltPackage {
  packageRoot: string;
  manifestPath: string;
  config: ToolgenConfig;
}

/**
 * Finds the manifest from the package.json reference (`"toolgen": { "manifest": … }`) that
 * `toolgen build` writes, without loading the compiler. Only a package without the reference
 * falls back to reading the tsconfig (through ts-morph) for the default location.
 */
export async function locateBuiltPackage(tsconfigOption: string | undefined, cwd = process.cwd()): Promise<BuiltPackage> {
  const given = path.resolve(cwd, tsconfigOption ?? "tsconfig.json");
  if (existsSync(given)) {
    const start = statSync(given).isDirectory() ? given : path.dirname(given);
    const packageJsonPath = findUp(start, "package.json");
    const reference = packageJsonPath ? manifestReferenceOf(packageJsonPath) : undefined;
    if (packageJsonPath && reference) {
      const packageRoot = path.dirname(packageJsonPath);
      return { packageRoot, manifestPath: path.resolve(packageRoot, reference), config: readPackageConfig(packageRoot).config };
    }
  }
  const { loadProjectInfo } = await import("./load-project.js");
  return loadProjectInfo(tsconfigOption, cwd);
}

function findUp(start: string, name: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
    if (path.dirname(dir) === dir) return undefined;
  }
}

function manifestReferenceOf(packageJsonPath: string): string | undefined {
  try {
    const reference = (JSON.parse(readFileSync(packageJsonPath, "utf8")) as { toolgen?: { manifest?: unknown } }).toolgen?.manifest;
    return typeof reference === "string" && reference.length > 0 ? reference : undefined;
  } catch {
    // Unreadable or invalid package.json: the full loader reports it properly.
    return undefined;
  }
}
