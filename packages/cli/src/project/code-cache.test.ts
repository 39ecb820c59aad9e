import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/** The built module: each load runs in a fresh process, as V8 keeps compiled scripts for the life of one. */
const CODE_CACHE = pathToFileURL(path.resolve(import.meta.dirname, "../../dist/project/code-cache.js")).href;

/** Loads `file` through the code cache in a new Node.js process, saves the cache, and reports. */
function loadInNewProcess(file: string): { fromCache: boolean; exports: unknown } {
  const script = `const { loadWithCodeCache } = await import(${JSON.stringify(CODE_CACHE)});
const loaded = loadWithCodeCache(${JSON.stringify(file)});
loaded.save();
process.stdout.write(JSON.stringify({ fromCache: loaded.fromCache, exports: loaded.exports }));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as { fromCache: boolean; exports: unknown };
}

describe("loadWithCodeCache", () => {
  const root = mkdtempSync(path.join(tmpdir(), "toolgen-code-cache-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const packageDir = path.join(root, "node_modules", "compiler", "lib");
  const file = path.join(packageDir, "compiler.js");
  const cacheDir = path.join(root, "node_modules", ".cache", "toolgen");
  mkdirSync(packageDir, { recursive: true });
  const write = (answer: number) =>
    writeFileSync(file, `"use strict";\nconst path = require("node:path");\nfunction answer() { return ${answer}; }\nmodule.exports = { answer: answer(), dirname: __dirname, filename: __filename, joined: path.join("a", "b"), self: this === module.exports };\n`);

  it("runs the file as Node.js would, then the next process uses the cache the first saved", () => {
    write(42);
    const first = loadInNewProcess(file);
    expect(first).toEqual({ fromCache: false, exports: { answer: 42, dirname: packageDir, filename: file, joined: path.join("a", "b"), self: true } });
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^compiler-[0-9a-f]{32}\.v8$/)]);
    expect(loadInNewProcess(file)).toEqual({ ...first, fromCache: true });
  });

  it("compiles afresh when the file changed, and keeps a cache per version of it", () => {
    write(4242);
    expect(loadInNewProcess(file)).toMatchObject({ fromCache: false, exports: { answer: 4242 } });
    expect(readdirSync(cacheDir)).toHaveLength(2);
    expect(loadInNewProcess(file)).toMatchObject({ fromCache: true, exports: { answer: 4242 } });
  });

  it("compiles afresh over a cache V8 rejects (damaged), and replaces it", () => {
    for (const name of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, name), "not V8's cached data");
    expect(loadInNewProcess(file)).toMatchObject({ fromCache: false, exports: { answer: 4242 } });
    expect(loadInNewProcess(file)).toMatchObject({ fromCache: true, exports: { answer: 4242 } });
  });

  it("loads a file with no node_modules folder above it, and keeps no cache for it", () => {
    const loose = path.join(root, "loose.js");
    writeFileSync(loose, "module.exports = 7;\n");
    expect(loadInNewProcess(loose)).toEqual({ exports: 7, fromCache: false });
    expect(readdirSync(root).sort()).toEqual(["loose.js", "node_modules"]);
  });
});
