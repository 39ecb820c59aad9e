import { existsSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { ManifestError, type EntryDefinition } from "@toolgen/runtime";
import { DiscoveryError, discoverManifests, loadDiscovered, type DiscoveredManifest } from "@toolgen/runtime/discovery";
import { jsonEqual } from "@toolgen/runtime/validation";
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
    return await entryOutOfStep(own, "which was compiled before the last 'toolgen build' (compile the package again)");
  } catch (error) {
    // The manifest's own faults are the other checks' (missing, stale, the package.json reference).
    if (error instanceof DiscoveryError) return undefined;
    // A dependency's fault (a workspace package not built) is the `dependencies` check's.
    if (error instanceof ManifestError && !isOwnFile(info.packageRoot, path.resolve(error.file))) return undefined;
    if (error instanceof ManifestError) return error.problems.map((p) => `${error.file}: ${p.path}: expected ${p.expected}, received ${p.received}`).join("; ");
    throw error;
  }
}

/**
 * The first field of an entry the compiled registry module holds otherwise than the manifest,
 * said with `why` the module's is what is served: loading checks the input schema (the
 * application's own `call` and `serve` read the rest from the manifest), but an installed copy
 * serves the module's entries as they are — a description or an output schema compiled before
 * the last build is the contract it serves.
 */
export async function entryOutOfStep(found: DiscoveredManifest, why: string): Promise<string | undefined> {
  const compiled = found.manifest.registryModule!;
  // Imported by the loading before: the same module, not read again.
  const { definitions } = (await import(pathToFileURL(path.resolve(found.packageRoot, compiled)).href)) as { definitions: EntryDefinition[] };
  const byName = new Map(definitions.map((definition) => [definition.entry.name, definition.entry as unknown as Record<string, unknown>]));
  for (const [i, entry] of (found.manifest.entries as unknown as Array<Record<string, unknown>>).entries()) {
    const built = byName.get(entry.name as string);
    if (built === undefined || jsonEqual(built, entry)) continue;
    const key = [...new Set([...Object.keys(entry), ...Object.keys(built)])].find((k) => !jsonEqual(entry[k], built[k]))!;
    return `${found.displayPath}: $.entries[${i}].${key}: expected the ${key} of the registry module ${compiled}, ${why}, received another ${key}`;
  }
  return undefined;
}

function isOwnFile(packageRoot: string, file: string): boolean {
  const relative = path.relative(packageRoot, file);
  return !relative.startsWith("..") && !path.isAbsolute(relative) && !relative.split(path.sep).includes("node_modules");
}
