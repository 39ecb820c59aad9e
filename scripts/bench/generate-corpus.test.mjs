// The benchmark corpus: deterministic, and a corpus toolgen builds without a diagnostic.
// No timing here: `npm run bench` measures, this only checks what it measures is sound.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateCorpus, renderCorpus, REPO_ROOT } from "./generate-corpus.mjs";

const TOOLGEN_BIN = path.join(REPO_ROOT, "packages/cli/bin/toolgen.js");

describe("generate-corpus", () => {
  const dirs = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("renders byte-identical files for the same N, and N = 20 is a prefix of N = 40", () => {
    const first = renderCorpus({ n: 20 });
    const second = renderCorpus({ n: 20 });
    expect(second.files).toEqual(first.files);
    expect(renderCorpus({ n: 40 }).samples.slice(0, 20)).toEqual(first.samples);
    expect(renderCorpus({ n: 40, variant: "typia", validators: 5 }).files).toEqual(renderCorpus({ n: 40, variant: "typia", validators: 5 }).files);
  });

  it("covers every construct, and leaves out of the typia variant what typia refuses", () => {
    const all = renderCorpus({ n: 40 }).samples;
    expect(new Set(all.flatMap((s) => s.blocks))).toEqual(new Set(["nested", "items", "tree", "changes", "tuple", "constraints", "record", "nullable"]));
    const typia = renderCorpus({ n: 40, variant: "typia" });
    expect(typia.samples.length).toBeGreaterThan(0);
    expect(typia.samples.length).toBeLessThan(all.length);
    expect(typia.samples.every((s) => s.typia && !s.blocks.includes("tuple"))).toBe(true);
    const sources = Object.entries(typia.files).filter(([file]) => /^src\/tools-/.test(file)).map(([, text]) => text).join("\n");
    expect(sources).not.toMatch(/Promise<string>|\[from: number/);
    expect(sources).toContain("typia.llm.application<");
  });

  it("builds with `toolgen build` without diagnostics (N = 20)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "toolgen-corpus-test-"));
    dirs.push(dir);
    const { tools } = generateCorpus({ n: 20, dir });
    const run = spawnSync(process.execPath, [TOOLGEN_BIN, "build", "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8"));
    expect(manifest.entries).toHaveLength(tools);
    expect(tools).toBe(20);
  });
});
