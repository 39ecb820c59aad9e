import * as path from "node:path";
import { slowPatterns } from "@toolgen/core";
import { type ManifestEntry, ManifestError } from "@toolgen/runtime";
import { type DiscoveredManifest, DiscoveryError, loadDiscovered } from "@toolgen/runtime/discovery";
import { type ApplicationPackage, withDependencyEntries } from "./analyze-project.js";
import { entryOutOfStep } from "./compiled-problem.js";
import { ConfigError } from "./config.js";

/**
 * Why the package's entries and its dependencies' cannot be served together, or undefined
 * (`toolgen check`'s `dependencies` problem): a name in two of them that "overrides" does not
 * settle; a dependency that does not load as `call` and `serve` load it (its registry module
 * imported and matched with its manifest; each alone: names across packages are the first
 * check's); or a dependency's pattern that can backtrack slowly.
 */
export async function dependencyProblem(info: ApplicationPackage, own: readonly ManifestEntry[]): Promise<string | undefined> {
  try {
    return await loadProblem(withDependencyEntries(info, own).dependencies);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/**
 * Why one of the dependencies found (`withDependencyEntries`) would not load or serve safely,
 * or would serve other entries than its manifest lists (`list` shows the manifest's), or undefined.
 */
export async function loadProblem(dependencies: readonly DiscoveredManifest[]): Promise<string | undefined> {
  for (const dependency of dependencies) {
    const installed = dependency.packageRoot.split(path.sep).includes("node_modules");
    try {
      // Its implementation modules too, as `call` imports the one it calls: every one a call could reach.
      const definitions = await loadDiscovered([dependency], { checkExports: true });
      // Its patterns run on every call's arguments, as its registry module holds them, and no build of this package judged them.
      for (const { entry } of definitions) {
        const slow = slowPatterns(entry.inputSchema);
        if (slow.length > 0) return `${dependency.displayPath}: '${entry.name}' (${dependency.packageName}): ${slow[0]}`;
      }
      // An installed package's registry module is served as it is, unless split (load-discovered's `servesItself`).
      const servedAsItIs = installed && dependency.manifest.registryModule !== undefined && !definitions.some((definition) => definition.ready);
      const outOfStep = servedAsItIs ? await entryOutOfStep(dependency, `which 'toolgen call' and 'serve' serve as it is (${dependency.packageName} was published compiled before its last 'toolgen build': tell its author)`) : undefined;
      if (outOfStep) return outOfStep;
    } catch (error) {
      if (!(error instanceof ManifestError || error instanceof DiscoveryError)) throw error;
      return `${error.message}\n  'toolgen call' and 'serve' refuse a dependency that does not load: ${installed ? `tell the author of ${dependency.packageName}` : "build and compile it again"} (its own 'toolgen check' fails on this).`;
    }
  }
  return undefined;
}
