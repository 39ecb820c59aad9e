import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import nodeModule, { createRequire } from "node:module";
import * as path from "node:path";
import { Script } from "node:vm";
import { exposeGc } from "./collect-garbage.js";

/** A CommonJS file loaded through V8's code cache (see `loadWithCodeCache`). */
export interface CachedLoad {
  exports: unknown;
  /** The code came from the cache (V8 accepted it) instead of being compiled. */
  fromCache: boolean;
  /** Writes the cache for the next process: V8's code for every function compiled so far. A no-op when the cache was used or cannot be written. */
  save(): void;
}

/**
 * `require(file)` for TypeScript's 9 MB compiler, with V8's code cache. Node.js 22.1 and later
 * keep one themselves (toolgen's bin turns it on, as `tsc` does), so there this is a plain
 * `require`. Node.js 20 has none: compiling the compiler is then a tenth of a build, and
 * about half of it is saved by a cache written when the process ends, which holds the code of
 * every function the build ran.
 */
export function requireWithCodeCache(file: string): unknown {
  if (typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === "function") return createRequire(file)(file);
  const loaded = loadWithCodeCache(file);
  if (!loaded.fromCache) process.once("exit", () => loaded.save());
  return loaded.exports;
}

/**
 * Runs a CommonJS file as Node.js would (the same wrapper and arguments), compiled from the
 * code cache in the `node_modules/.cache/toolgen` folder above it when there is a usable one.
 * V8 checks a cache against the source, its own version and its flags, and compiles afresh
 * when they differ; the file name holds the file's path, size and time too. Without a
 * `node_modules` folder above the file there is no cache, only the plain load.
 */
export function loadWithCodeCache(file: string): CachedLoad {
  // V8 flags are part of a cache's key. toolgen sets one while running (`collectGarbage`):
  // set before compiling, it is the same when the cache is written and when it is read.
  exposeGc();
  const source = readFileSync(file, "utf8");
  const cacheFile = cacheFileOf(file);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet.
  }
  const script = new Script(nodeModule.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const fromCache = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    fromCache,
    save() {
      if (fromCache || !cacheFile) return;
      try {
        mkdirSync(path.dirname(cacheFile), { recursive: true });
        // Renamed into place, so a process reading it at the same moment sees all or nothing.
        const partial = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
      } catch {
        // A cache that cannot be written only costs the time it would have saved.
      }
    },
  };
}

/** `node_modules/.cache/toolgen/<key>.v8` in the nearest `node_modules` above the file, or undefined. */
function cacheFileOf(file: string): string | undefined {
  const parts = path.resolve(file).split(path.sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return undefined;
  const { size, mtimeMs } = statSync(file);
  const key = createHash("sha256").update(JSON.stringify([path.resolve(file), size, mtimeMs, process.version, process.arch])).digest("hex").slice(0, 32);
  return path.join(parts.slice(0, at + 1).join(path.sep), ".cache", "toolgen", `${path.basename(file, ".js")}-${key}.v8`);
}
