import * as path from "node:path";
import type { ProjectInfo } from "./project-info.js";

/**
 * Why the registry module cannot compile where the tools' JavaScript is, or undefined: outside
 * `rootDir`, where tsc compiles no source (TS6059), its JavaScript would land outside the
 * output folder and find no tool there. Paths in the message are from `cwd`.
 */
export function registryModuleOutsideRootDir(info: Pick<ProjectInfo, "compilerOptions" | "registryModulePath">, cwd: string): string | undefined {
  const { rootDir } = info.compilerOptions;
  if (rootDir === undefined) return undefined;
  const root = path.resolve(cwd, rootDir);
  const below = path.relative(root, path.resolve(cwd, info.registryModulePath));
  if (!below.startsWith("..") && !path.isAbsolute(below)) return undefined;
  const shown = (file: string) => path.relative(cwd, file).split(path.sep).join("/") || ".";
  return `the registry module (${shown(path.resolve(cwd, info.registryModulePath))}) is outside "rootDir" (${shown(root)}), where tsc compiles no source (TS6059): its JavaScript would land outside the output folder and find no tool there. Set "registryModule" in the toolgen config to a path under ${shown(root)}.`;
}
