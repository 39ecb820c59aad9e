import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { createRegistry, type EntryDefinition, type Registry, type RegistryOptions } from "@toolgen/runtime";
import { compile, copyFixture, toolgen } from "../../../../test-support/temp-project.js";

export interface BuiltFixture {
  dir: string;
  definitions: EntryDefinition[];
  registry(options?: RegistryOptions): Registry;
  cleanup(): void;
}

/** A fixture built the way a user builds it: `toolgen build`, then `tsc`, in a temp folder. */
export async function buildFixture(name: string): Promise<BuiltFixture> {
  const { dir, cleanup } = copyFixture(name);
  const build = toolgen(["build", "-p", "tsconfig.json"], dir);
  if (build.status !== 0) throw new Error(`toolgen build failed for fixtures/${name}:\n${build.stderr}`);
  compile(dir);
  const module = (await import(pathToFileURL(path.join(dir, "dist/tools.generated.js")).href)) as { definitions: EntryDefinition[] };
  return { dir, definitions: module.definitions, registry: (options) => createRegistry(module.definitions, options), cleanup };
}
