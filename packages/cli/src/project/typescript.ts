import { createRequire } from "node:module";
import type { ts as MorphTs } from "ts-morph";

interface MorphCommon {
  ts: typeof MorphTs;
  getLibFiles(): { fileName: string; text: string }[];
  libFolderInMemoryPath: string;
}

/**
 * ts-morph's TypeScript, and the standard library files it ships, taken from `@ts-morph/common`
 * (resolved from ts-morph's own folder, so it is the copy ts-morph itself loads). The one-shot
 * commands need the compiler, not ts-morph's wrapper: loading `ts-morph` itself would add its
 * own megabyte of code and, imported from ES modules, a scan of its CommonJS exports. Same
 * TypeScript object as `import { ts } from "ts-morph"`, so `toolgen watch`, which keeps a
 * ts-morph `Project`, builds with the very same compiler.
 */
const common = createRequire(createRequire(import.meta.url).resolve("ts-morph"))("@ts-morph/common") as MorphCommon;

export const ts: typeof MorphTs = common.ts;

/** The folder ts-morph's `Project` places the lib files in (they exist only in memory). */
export const LIB_FOLDER = common.libFolderInMemoryPath;

/** The lib files' texts by full path under `LIB_FOLDER`. */
export function libraryFiles(): Map<string, string> {
  return new Map(common.getLibFiles().map((f) => [`${LIB_FOLDER}/${f.fileName}`, f.text]));
}
