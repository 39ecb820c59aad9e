import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { createRegistry, type EntryDefinition, type Registry, type RegistryOptions } from "@toolgen/runtime";
import { ConfigError } from "./config.js";
import type { ProjectInfo } from "./load-project.js";

/**
 * The registry of a built package: its manifest names the compiled registry module, whose
 * definitions carry the precompiled validators and lazy imports.
 */
export async function loadBuiltRegistry(info: ProjectInfo, options: RegistryOptions): Promise<Registry> {
  if (!existsSync(info.manifestPath)) {
    throw new ConfigError(`${path.relative(process.cwd(), info.manifestPath)} does not exist: run 'toolgen build' and compile the project first.`);
  }
  let manifest: { registryModule?: unknown };
  try {
    manifest = JSON.parse(readFileSync(info.manifestPath, "utf8")) as { registryModule?: unknown };
  } catch (error) {
    throw new ConfigError(`${info.manifestPath}: not valid JSON (${(error as Error).message}).`);
  }
  if (typeof manifest.registryModule !== "string") throw new ConfigError(`${info.manifestPath}: field "registryModule" is missing; rebuild with 'toolgen build'.`);
  const modulePath = path.resolve(info.packageRoot, manifest.registryModule);
  if (!existsSync(modulePath)) {
    throw new ConfigError(`${info.manifestPath}: "registryModule" points at ${path.relative(process.cwd(), modulePath)}, which does not exist; compile the project (tsc) after 'toolgen build'.`);
  }
  const module = (await import(pathToFileURL(modulePath).href)) as { definitions?: EntryDefinition[] };
  if (!Array.isArray(module.definitions)) throw new ConfigError(`${modulePath} exports no "definitions"; rebuild with 'toolgen build'.`);
  return createRegistry(module.definitions, options);
}
