import * as path from "node:path";
import { readTsconfig, type ProjectInfo } from "@toolgen/transformer/project";
import { runsTransformer, typescriptOf } from "./load-project.js";
import type { Typescript } from "./typescript.js";

type SharedTs = Parameters<typeof readTsconfig>[0];

/**
 * Why `tsc` will not compile the registry module toolgen just wrote, or undefined when it
 * will: the tsconfig's `include` (or `files`) does not reach it — `"include": ["src/tools",
 * "src/types"]` is common — and then `toolgen call` and `serve` find no compiled module.
 * Read again after writing, when the file exists, exactly as `tsc` will read it.
 */
export function registryModuleOutsideProgram(info: ProjectInfo, tsm: Typescript = typescriptOf(info)): string | undefined {
  const { parsed } = readTsconfig(tsm as unknown as SharedTs, info.tsconfigPath, process.cwd());
  const target = path.resolve(info.registryModulePath);
  if (parsed.fileNames.some((file) => path.resolve(file) === target)) return undefined;
  // A source the tsconfig includes imports it (`import { registry } from "./tools.generated.js"`): tsc compiles it all the same.
  if (importedByAnIncludedFile(tsm, parsed, target)) return undefined;
  // The transformer (ts-patch's tspc, or a patched tsc) compiles the module itself, wherever it is.
  if (runsTransformer(info)) return undefined;
  // The message's paths from the working directory; the one to add to "include", as the tsconfig reads it.
  const relative = (file: string, from: string) => path.relative(from, file).split(path.sep).join("/") || file;
  return `${relative(target, process.cwd())} is not part of the program of ${relative(info.tsconfigPath, process.cwd())}: its "include" (or "files") does not reach it, so tsc will not compile it and 'toolgen call' and 'serve' will find no compiled registry. Add "${relative(target, path.dirname(info.tsconfigPath))}" to "include", or set "registryModule" in the toolgen config to a path it includes.`;
}

/** Whether a file of the tsconfig's own imports `target`, resolved as tsc resolves it. */
function importedByAnIncludedFile(tsm: Typescript, parsed: ReturnType<typeof readTsconfig>["parsed"], target: string): boolean {
  const options = parsed.options as Parameters<Typescript["resolveModuleName"]>[2];
  const host = tsm.createCompilerHost(options);
  const cache = tsm.createModuleResolutionCache(process.cwd(), (file) => file, options);
  // Only files that name the module can import it: most are not read further.
  const stem = path.basename(target).replace(/\.[cm]?tsx?$/, "");
  for (const file of parsed.fileNames) {
    const text = tsm.sys.readFile(file);
    if (text === undefined || !text.includes(stem)) continue;
    for (const imported of tsm.preProcessFile(text, true, true).importedFiles) {
      const resolved = tsm.resolveModuleName(imported.fileName, file, options, host, cache).resolvedModule;
      if (resolved && path.resolve(resolved.resolvedFileName) === target) return true;
    }
  }
  return false;
}
