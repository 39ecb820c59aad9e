import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, REPO_ROOT, toolgen } from "../../../test-support/temp-project.js";

/** TypeScript 7's native compiler, installed as `typescript-7` (it has no transformer API: the CLI path is the one). */
const TSC7 = path.join(REPO_ROOT, "node_modules/typescript-7/bin/tsc");

describe("TypeScript 7: toolgen build, then the native tsc", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("ts7")));
  afterAll(() => cleanup());

  it("compiles the generated registry module and the application importing it; a call returns the right outcome", () => {
    expect(toolgen(["build"], dir).status).toBe(0);
    const tsc = spawnSync(process.execPath, [TSC7, "-p", "."], { cwd: dir, encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    expect(execFileSync(process.execPath, [TSC7, "--version"], { encoding: "utf8" })).toContain("Version 7.");
    const run = execFileSync(process.execPath, ["dist/main.js"], { cwd: dir, encoding: "utf8" });
    expect(JSON.parse(run)).toEqual({ good: { status: "ok", text: '{"total":18}', structured: { total: 18 } }, bad: "invalid_arguments" });
  });

  it("compiles a split registry module (split: true) and its chunks the same way", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), '{ "split": true }');
    expect(toolgen(["build"], dir).status).toBe(0);
    const tsc = spawnSync(process.execPath, [TSC7, "-p", "."], { cwd: dir, encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    const run = execFileSync(process.execPath, ["dist/main.js"], { cwd: dir, encoding: "utf8" });
    expect(JSON.parse(run)).toEqual({ good: { status: "ok", text: '{"total":18}', structured: { total: 18 } }, bad: "invalid_arguments" });
  });
});

describe("TypeScript 7 installed as the project's typescript (read with the bundled 6)", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("ts7"));
    // The project's own node_modules: its typescript is 7.
    rmSync(path.join(dir, "node_modules"));
    mkdirSync(path.join(dir, "node_modules"));
    for (const [name, target] of [["typescript", "typescript-7"], ["@toolgen", "@toolgen"], ["@types", "@types"]]) symlinkSync(path.join(REPO_ROOT, "node_modules", target!), path.join(dir, "node_modules", name!), "junction");
  });
  afterAll(() => cleanup());

  it("holds its options to 6's rules, which 7 keeps: without rootDir, tsc 7 writes elsewhere (TS5011), so the build fails there, not the call later", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    const config = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
    delete config.compilerOptions.rootDir;
    writeFileSync(tsconfig, JSON.stringify(config, null, 2));
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(1);
    expect(build.stderr).toMatch(/^tsconfig\.json:\d+:\d+ - error TS5011: The common source directory of 'tsconfig\.json' is '\.\/src'\. The 'rootDir' setting must be explicitly set/m);
    config.compilerOptions.rootDir = "src";
    writeFileSync(tsconfig, JSON.stringify(config, null, 2));
    expect(toolgen(["build"], dir)).toMatchObject({ status: 0, stderr: "" });
  });

  it("says that the tsconfig's transformer entry does nothing under its tsc, which runs no transformer; the module is still checked for being compiled", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    const config = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown>; include: string[] };
    writeFileSync(tsconfig, JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, plugins: [{ transform: "@toolgen/transformer" }] } }, null, 2));
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(0);
    expect(build.stderr).toBe(`toolgen: warning: this project's TypeScript is 7.0.2, whose tsc runs no transformer: the @toolgen/transformer entry in the tsconfig's "plugins" does nothing. Run 'toolgen build' before tsc (as now), or use TypeScript 6 with tspc.\n`);
    // A module the include leaves out is not compiled by the transformer either: check says so.
    writeFileSync(tsconfig, JSON.stringify({ ...config, include: ["src/dice.ts"], compilerOptions: { ...config.compilerOptions, plugins: [{ transform: "@toolgen/transformer" }] } }, null, 2));
    expect(toolgen(["build"], dir).stderr).toContain("is not part of the program of tsconfig.json");
  });
});
