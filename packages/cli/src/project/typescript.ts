import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type { ts as MorphTs } from "ts-morph";
import { requireWithCodeCache } from "./code-cache.js";

/** The TypeScript API the CLI programs against (ts-morph's declarations of it). */
export type Typescript = typeof MorphTs;

/**
 * The TypeScript a one-shot command compiles with. `project`: the project's own installed
 * `typescript`, whose program reads the standard library from that package's `lib` folder, as
 * `tsc` does. `ts-morph`: the copy ts-morph bundles, with the standard library it carries in
 * memory (`libraryFiles`, under `libFolder`).
 */
export type Compiler =
  | { source: "project"; ts: Typescript }
  | { source: "ts-morph"; ts: Typescript; libFolder: string; libraryFiles: () => Map<string, string>; standsFor?: string };

interface MorphCommon {
  ts: Typescript;
  getLibFiles(): { fileName: string; text: string }[];
  libFolderInMemoryPath: string;
}

/** ts-morph's folder, from which `@ts-morph/common` resolves to the copy ts-morph itself loads. */
const requireFromMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));

let morphCompiler: Compiler | undefined;

/**
 * ts-morph's TypeScript and the standard library files it ships, taken from `@ts-morph/common`
 * and loaded on first use (3 MB of embedded lib texts and helpers on top of the compiler). The
 * one-shot commands need the compiler, not ts-morph's wrapper: loading `ts-morph` itself would
 * add its own megabyte of code and, imported from ES modules, a scan of its CommonJS exports.
 * Same TypeScript object as `import { ts } from "ts-morph"`.
 */
export function morphTypescript(): Compiler {
  if (!morphCompiler) {
    const common = requireFromMorph("@ts-morph/common") as MorphCommon;
    const libFolder = common.libFolderInMemoryPath;
    const libraryFiles = () => new Map(common.getLibFiles().map((f) => [`${libFolder}/${f.fileName}`, f.text]));
    morphCompiler = { source: "ts-morph", ts: common.ts, libFolder, libraryFiles };
  }
  return morphCompiler;
}

/**
 * The TypeScript for the project in `projectDir`: its own `typescript` when that resolves from
 * there and has the same major.minor as the one ts-morph bundles (the API toolgen is written
 * and tested against), else ts-morph's. The project's copy is the cheaper one to load (no
 * embedded lib texts) and is the compiler its `tsc` runs, reading the same lib files.
 */
export function typescriptFor(projectDir: string): Compiler {
  const installed = projectTypescript(projectDir);
  const wanted = morphTypescriptMajorMinor();
  if (installed && wanted !== undefined && majorMinor(installed.version) === wanted) {
    return { source: "project", ts: requireWithCodeCache(installed.main) as Typescript };
  }
  // Reading another version's project: its version, for the defaults that version's tsc uses.
  const morph = morphTypescript();
  return installed && morph.source === "ts-morph" ? { ...morph, standsFor: installed.version } : morph;
}

/**
 * The options as the project's own `tsc` reads them, where TypeScript 6 (ts-morph's) changed a
 * default that decides what the analysis sees: TypeScript 5 takes every `@types` package
 * (6: none), and is not `strict` unless told (6: `strict`). Without this, a 5.x project's
 * `BufferEncoding` was unresolved, and its `string | undefined` parameters optional, only in
 * `toolgen build`, not under its `tspc`.
 */
export function withOwnDefaults<T extends { types?: string[]; strict?: boolean }>(compiler: Compiler, options: T): T {
  if (compiler.source !== "ts-morph" || !compiler.standsFor?.startsWith("5.")) return options;
  const own = { ...options, ...(options.types === undefined && { types: ["*"] }), ...(options.strict === undefined && { strict: false }) };
  // The tsconfig's parsed file, which diagnostics about the options point into, is no enumerable property: a spread drops it.
  return Object.defineProperty(own, "configFile", { value: (options as { configFile?: unknown }).configFile });
}

/** The `typescript` package that resolves from `projectDir`, without loading it. */
function projectTypescript(projectDir: string): { packageJsonPath: string; version: string; main: string } | undefined {
  const require = createRequire(path.join(projectDir, "package.json"));
  try {
    const packageJsonPath = require.resolve("typescript/package.json");
    const main = require.resolve("typescript");
    const { version } = JSON.parse(readFileSync(packageJsonPath, "utf8")) as { version?: unknown };
    return typeof version === "string" ? { packageJsonPath, version, main } : undefined;
  } catch {
    // Not installed, or not a usable package: ts-morph's copy serves.
    return undefined;
  }
}

let bundledMajorMinor: string | undefined;

/**
 * The major.minor of the TypeScript ts-morph bundles, read from the declarations it ships for
 * it (`const versionMajorMinor = "6.0"`) rather than by loading its 9 MB compiler.
 */
export function morphTypescriptMajorMinor(): string | undefined {
  if (bundledMajorMinor === undefined) {
    const declarations = readFileSync(requireFromMorph.resolve("@ts-morph/common/lib/typescript.d.ts"), "utf8");
    bundledMajorMinor = /const versionMajorMinor = "(\d+\.\d+)"/.exec(declarations)?.[1] ?? "";
  }
  return bundledMajorMinor || undefined;
}

function majorMinor(version: string): string | undefined {
  return /^(\d+\.\d+)\./.exec(version)?.[1];
}
