import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { ManifestError, type Registry, type RegistryOptions } from "@toolgen/runtime";
import { discoverRegistry, DiscoveryError, readFileStart, readManifestLazily, type DiscoverRegistryOptions } from "@toolgen/runtime/discovery";
import { ConfigError } from "./config.js";
import type { BuiltPackage } from "./locate-built-package.js";

/**
 * The registry `toolgen call` uses: the runtime's discovery from the package root — the
 * package's own built manifest and those of its dependencies, each with its registry module,
 * and the `overrides` of its configuration. Every loading
 * problem (a missing build, a malformed manifest, a duplicate name across packages) is a
 * `ConfigError` naming the file and field.
 */
export async function loadBuiltRegistry(info: BuiltPackage, options: RegistryOptions, checkExports: DiscoverRegistryOptions["checkExports"] = true): Promise<Registry> {
  const { manifestPath } = info;
  if (manifestPath !== undefined) {
    if (!existsSync(manifestPath)) throw new ConfigError(`${path.relative(process.cwd(), manifestPath)} does not exist: run 'toolgen build' and compile the project first.`);
    const missing = missingRegistryModule(info.packageRoot, manifestPath);
    if (missing) throw new ConfigError(missing);
  }
  try {
    const overrides = info.config.overrides;
    const root = manifestPath === undefined ? {} : { rootManifest: path.relative(info.packageRoot, manifestPath) };
    return await discoverRegistry(info.packageRoot, { ...options, ...(overrides ? { overrides } : {}), ...root, checkExports, displayFrom: process.cwd() });
  } catch (error) {
    if (error instanceof ManifestError || error instanceof DiscoveryError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The registry module the manifest names, when it was never compiled: said plainly, with the
 * usual cause (the tsconfig's `include` does not reach it), instead of as an invalid manifest.
 */
function missingRegistryModule(packageRoot: string, manifestPath: string): string | undefined {
  let registryModule: unknown;
  try {
    registryModule = registryModuleOf(manifestPath);
  } catch {
    return undefined; // discovery reports an unreadable manifest, naming the field
  }
  if (typeof registryModule !== "string" || existsSync(path.resolve(packageRoot, registryModule))) return undefined;
  const shown = path.relative(process.cwd(), path.resolve(packageRoot, registryModule));
  return `${shown} does not exist: the registry module 'toolgen build' wrote was not compiled. Compile the project; if it still is missing, the tsconfig's "include" does not reach the registry module ('toolgen build' warns when that is so).`;
}

/** The manifest's `registryModule`, read from its head (parsing megabytes of entries for one field would double what discovery parses). */
export function registryModuleOf(manifestPath: string): unknown {
  return readManifestLazily(readFileStart(manifestPath, 64 * 1024), () => readFileSync(manifestPath, "utf8"), manifestPath).manifest.registryModule;
}
