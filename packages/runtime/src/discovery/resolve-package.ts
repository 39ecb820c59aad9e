import { existsSync, realpathSync } from "node:fs";
import nodeModule from "node:module";
import * as path from "node:path";

/** Yarn's Plug'n'Play API, which its runtime (`.pnp.cjs`, loaded by `yarn node` and yarn's bins) adds to `node:module`. */
interface PnpApi {
  resolveToUnqualified(request: string, issuer: string): string | null;
}

/**
 * The folder of package `name` as Node resolves it from `fromDir`: the first
 * `node_modules/<name>/package.json` in `fromDir` and its ancestors (skipping
 * `node_modules/node_modules`), with symlinks (workspaces, `npm link`) followed; under Yarn's
 * Plug'n'Play, where no `node_modules` exists, the folder its resolver gives.
 * `exports` is not consulted: the manifest is a file of the package, not an import.
 */
export function resolvePackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== "node_modules") {
      const candidate = path.join(dir, "node_modules", ...name.split("/"));
      if (existsSync(path.join(candidate, "package.json"))) return realpathSync(candidate);
    }
    if (path.dirname(dir) === dir) return resolveThroughPnp(name, fromDir);
  }
}

function resolveThroughPnp(name: string, fromDir: string): string | undefined {
  const pnp = (nodeModule as { findPnpApi?: (lookupSource: string) => PnpApi | null }).findPnpApi?.(fromDir + path.sep);
  if (!pnp) return undefined;
  try {
    const dir = pnp.resolveToUnqualified(name, fromDir + path.sep);
    // A package in a zip archive is read through the file system Yarn's runtime patched.
    return dir !== null && existsSync(path.join(dir, "package.json")) ? realpathSync(dir) : undefined;
  } catch {
    // Not a dependency of that package, as Plug'n'Play's strict resolution sees it.
    return undefined;
  }
}

/**
 * The Plug'n'Play file of a Yarn project at or above `dir` whose runtime is not loaded, which
 * is why its packages cannot be found: toolgen was not started through yarn.
 */
export function unloadedPnpFile(dir: string): string | undefined {
  if ((nodeModule as { findPnpApi?: unknown }).findPnpApi) return undefined;
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, ".pnp.cjs");
    if (existsSync(file)) return file;
    if (path.dirname(at) === at) return undefined;
  }
}
