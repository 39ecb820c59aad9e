import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWithCodeCache } from "./code-cache.js";

describe("loadWithCodeCache", () => {
  const root = mkdtempSync(path.join(tmpdir(), "toolgen-code-cache-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const packageDir = path.join(root, "node_modules", "compiler", "lib");
  const file = path.join(packageDir, "compiler.js");
  const cacheDir = path.join(root, "node_modules", ".cache", "toolgen");
  mkdirSync(packageDir, { recursive: true });
  const write = (answer: number) =>
    writeFileSync(file, `"use strict";\nconst path = require("node:path");\nfunction answer() { return ${answer}; }\nmodule.exports = { answer: answer(), dirname: __dirname, filename: __filename, joined: path.join("a", "b"), self: this === module.exports };\n`);

  it("runs the file as Node.js would, then uses the cache it saved on the next load", () => {
    write(42);
    const first = loadWithCodeCache(file);
    expect(first.exports).toEqual({ answer: 42, dirname: packageDir, filename: file, joined: path.join("a", "b"), self: true });
    expect(first.fromCache).toBe(false);
    first.save();
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^compiler-[0-9a-f]{32}\.v8$/)]);

    const second = loadWithCodeCache(file);
    expect(second.fromCache).toBe(true);
    expect(second.exports).toEqual(first.exports);
  });

  it("compiles afresh when the file changed, and keeps a cache per version of it", () => {
    write(4242);
    const changed = loadWithCodeCache(file);
    expect(changed.fromCache).toBe(false);
    expect((changed.exports as { answer: number }).answer).toBe(4242);
    changed.save();
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it("loads a file with no node_modules folder above it, and keeps no cache for it", () => {
    const loose = path.join(root, "loose.js");
    writeFileSync(loose, "module.exports = 7;\n");
    const loaded = loadWithCodeCache(loose);
    loaded.save();
    expect(loaded).toMatchObject({ exports: 7, fromCache: false });
    expect(readdirSync(root).sort()).toEqual(["loose.js", "node_modules"]);
  });
});
