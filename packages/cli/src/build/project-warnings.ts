import { type BuildPlan, importEndingProblem, type ProjectInfo, shown } from "@toolgen/transformer/project";
import { registryModuleOf } from "../project/load-built-registry.js";
import { transformerIgnored, unsupportedTypescript } from "../project/load-project.js";
import { leftUnpublished } from "../project/manifest-published.js";

/**
 * What `build` and `watch` warn of beside the analyzer's diagnostics, once `plan` is written:
 * the manifest now describing another registry module than `before` (the one it described),
 * a registry module `tsc` will not compile (`outside`, worked out by the caller: it reads the
 * tsconfig's files again), files `"files"` leaves unpublished, imports Node.js cannot resolve,
 * an unsupported TypeScript, a transformer entry TypeScript 7 ignores, and no entries at all.
 */
export function projectWarnings(info: ProjectInfo, plan: BuildPlan, before: string | undefined, outside: string | undefined): string[] {
  const warnings: string[] = [];
  const now = plan.manifest.registryModule;
  if (before !== undefined && now !== undefined && before !== now) {
    // Another tsconfig of the package built it (one without a package.json of its own), or "registryModule" moved.
    warnings.push(`${shown(plan.files[0].path)} described the registry module ${before} (a build of another tsconfig of this package, or before "registryModule" changed); it now describes ${now}. Give each tsconfig its own "manifest", or delete ${before} if nothing uses it.`);
  }
  for (const warning of [outside, leftUnpublished(info, plan.manifest), importEndingProblem(info), unsupportedTypescript(info), transformerIgnored(info)]) if (warning) warnings.push(warning);
  if (plan.entryCount === 0) warnings.push(`no entries: no exported function, method or const in the files of ${shown(info.tsconfigPath)} has @tool, @prompt or @resource in its doc comment (a /** … */ block right above it).`);
  return warnings;
}

/** The registry module the manifest already there names (read from its head), if there is one toolgen can read: read before the plan is written. */
export function previousRegistryModule(manifestPath: string): string | undefined {
  try {
    const named = registryModuleOf(manifestPath);
    return typeof named === "string" ? named : undefined;
  } catch {
    return undefined; // none yet, or not one of ours
  }
}
