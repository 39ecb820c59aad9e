import { existsSync, realpathSync } from "node:fs";
import * as path from "node:path";

/**
 * The folder of package `name` as Node resolves it from `fromDir`: the first
 * `node_modules/<name>/package.json` in `fromDir` and its ancestors (skipping
 * `node_modules/node_modules`), with symlinks (workspaces, `npm link`) followed.
 * `exports` is not consulted: the manifest is a file of the package, not an import.
 */
export function resolvePackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== "node_modules") {
      const candidate = path.join(dir, "node_modules", ...name.split("/"));
      if (existsSync(path.join(candidate, "package.json"))) return realpathSync(candidate);
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}
