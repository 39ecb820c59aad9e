import { existsSync } from "node:fs";
import * as path from "node:path";
import { ManifestError } from "@toolgen/runtime";
import { DiscoveryError, discoverManifests, loadDiscovered } from "@toolgen/runtime/discovery";
import type { ProjectInfo } from "@toolgen/transformer/project";

/**
 * Why the package's own compiled output would not serve its manifest, or undefined
 * (`toolgen check`'s `uncompiled` problem): its compiled registry module loaded as `call` and
 * `serve` load it, matched with the manifest — one compiled before the last `toolgen build`
 * holds callers to the old contract, and a package published so serves it to every
 * application. Not compiled at all is no problem: a fresh checkout compiles after the check.
 */
export async function compiledProblem(info: ProjectInfo): Promise<string | undefined> {
  try {
    const own = discoverManifests(info.packageRoot, { displayFrom: process.cwd() }).find((found) => found.isApplication);
    const compiled = own?.manifest.registryModule;
    if (!own || compiled === undefined || !existsSync(path.resolve(own.packageRoot, compiled))) return undefined;
    await loadDiscovered([own], { checkExports: true });
    return undefined;
  } catch (error) {
    // The manifest's own faults are the other checks' (missing, stale, the package.json reference).
    if (error instanceof DiscoveryError) return undefined;
    // A dependency's fault (a workspace package not built) is the `dependencies` check's.
    if (error instanceof ManifestError && !isOwnFile(info.packageRoot, path.resolve(error.file))) return undefined;
    if (error instanceof ManifestError) return error.problems.map((p) => `${error.file}: ${p.path}: expected ${p.expected}, received ${p.received}`).join("; ");
    throw error;
  }
}

function isOwnFile(packageRoot: string, file: string): boolean {
  const relative = path.relative(packageRoot, file);
  return !relative.startsWith("..") && !path.isAbsolute(relative) && !relative.split(path.sep).includes("node_modules");
}
