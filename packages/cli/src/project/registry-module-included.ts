import * as path from "node:path";
import { readTsconfig, type ProjectInfo } from "@toolgen/transformer/project";
import { transformerEntryOf, typescriptOf } from "./load-project.js";

type SharedTs = Parameters<typeof readTsconfig>[0];

/**
 * Why `tsc` will not compile the registry module toolgen just wrote, or undefined when it
 * will: the tsconfig's `include` (or `files`) does not reach it — `"include": ["src/tools",
 * "src/types"]` is common — and then `toolgen call` and `serve` find no compiled module.
 * Read again after writing, when the file exists, exactly as `tsc` will read it.
 */
export function registryModuleOutsideProgram(info: ProjectInfo, tsm: unknown = typescriptOf(info)): string | undefined {
  const { parsed } = readTsconfig(tsm as SharedTs, info.tsconfigPath, process.cwd());
  const target = path.resolve(info.registryModulePath);
  if (parsed.fileNames.some((file) => path.resolve(file) === target)) return undefined;
  // The transformer (ts-patch's tspc, or a patched tsc) compiles the module itself, wherever it is.
  if (transformerEntryOf(parsed.options)) return undefined;
  // The message's paths from the working directory; the one to add to "include", as the tsconfig reads it.
  const relative = (file: string, from: string) => path.relative(from, file).split(path.sep).join("/") || file;
  return `${relative(target, process.cwd())} is not part of the program of ${relative(info.tsconfigPath, process.cwd())}: its "include" (or "files") does not reach it, so tsc will not compile it and 'toolgen call' and 'serve' will find no compiled registry. Add "${relative(target, path.dirname(info.tsconfigPath))}" to "include", or set "registryModule" in the toolgen config to a path it includes.`;
}
