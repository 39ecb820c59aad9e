import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, TOOLGEN_BIN } from "../../../test-support/temp-project.js";

/** Runs the real binary with the given environment on top of a colourless one. */
function run(args: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const result = spawnSync(process.execPath, [TOOLGEN_BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("toolgen build, check, list, inspect and types on one fixture", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it("check: exit 1 listing missing output before the first build", () => {
    const check = run(["check"], dir);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain("missing: dist/toolgen.manifest.json");
    expect(check.stderr).toContain("missing: src/tools.generated.ts");
    expect(check.stderr).toContain('missing: "toolgen": { "manifest": "./dist/toolgen.manifest.json" } in package.json');
  });

  it("build: writes both outputs and the package.json reference; check is then clean", () => {
    const build = run(["build"], dir);
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
    expect(build.stdout).toContain("toolgen: 3 entries -> dist/toolgen.manifest.json, src/tools.generated.ts");
    expect(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).toolgen).toEqual({ manifest: "./dist/toolgen.manifest.json" });
    const check = run(["check"], dir);
    expect(check.status).toBe(0);
    expect(check.stdout).toContain("2 generated files are up to date");
  });

  it("check: exit 1 naming both stale files after a description changes", () => {
    const file = path.join(dir, "src/forecast.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace("Forecasts the weather at a place.", "Forecasts the weather."));
    try {
      const check = run(["check"], dir);
      expect(check.status).toBe(1);
      expect(check.stderr).toMatch(/stale: +dist\/toolgen\.manifest\.json\nstale: +src\/tools\.generated\.ts\n/);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("-p works from any folder; paths are shown relative to where it ran", () => {
    const build = run(["build", "-p", path.join(dir, "tsconfig.json")], tmpdir());
    expect(build.status).toBe(0);
    expect(build.stdout).toContain(`${path.relative(tmpdir(), path.join(dir, "dist/toolgen.manifest.json"))}`);
  });

  it("list: a table of names, kinds, parameters and cost", () => {
    const list = run(["list", "-p", dir], tmpdir());
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^NAME +KIND +DESCRIPTION +PARAMETERS +CHARS +TOKENS/);
    expect(list.stdout).toMatch(/^forecast +tool +Forecasts the weather at a place\. +place, horizon +\d+ +~\d+/m);
    expect(list.stdout).toMatch(/^show_notice +tool /m);
  });

  it("inspect: one entry in full; an unknown name is a usage error (exit 2)", () => {
    const inspect = run(["inspect", "to_fahrenheit", "--json"], dir);
    expect(inspect.status).toBe(0);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ name: "to_fahrenheit", inputSchema: { required: ["celsius"] } });
    const unknown = run(["inspect", "nope"], dir);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("No entry named 'nope'");
  });

  it("types: the arguments of every @external tool in the project's manifest", () => {
    const types = run(["types"], dir);
    expect(types.status).toBe(0);
    expect(types.stdout).toContain("export interface ExternalToolArguments {\n  show_notice: ShowNoticeArguments;\n}");
    expect(types.stdout).toMatch(/export interface ShowNoticeArguments \{[^}]*text: string;[^}]*level: "info" \| "warn";[^}]*tags\?: string\[\];/s);
    expect(types.stdout).not.toContain("forecast");
  });

  it("types: any schema file, 2020-12 tuples included; a missing file exits 2", () => {
    const schema = path.join(dir, "point.schema.json");
    writeFileSync(schema, JSON.stringify({ title: "Point", type: "object", properties: { at: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false, minItems: 2 } }, required: ["at"], additionalProperties: false }));
    const types = run(["types", schema, "--out", path.join(dir, "point.d.ts")], dir);
    expect(types.status).toBe(0);
    expect(readFileSync(path.join(dir, "point.d.ts"), "utf8")).toMatch(/^export interface Point \{[^}]*\n {2}at: \[number, number\];\n\}/m);
    const missing = run(["types", "nowhere.json"], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("cannot read nowhere.json");
  });
});

describe("diagnostics, configuration and usage errors", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/errors")));
  afterAll(() => cleanup());

  it("analyzer errors: exit 1, file:line:col like tsc, a code frame, no colour when piped", () => {
    const build = run(["build"], dir, { NO_COLOR: undefined });
    expect(build.status).toBe(1);
    expect(build.stderr).toContain("src/broken.ts:5:24 - error TG2001: 'bigint' cannot be carried in JSON");
    expect(build.stderr).toContain("> 5 | export function addBig(a: bigint, b: number): number {\n    |                        ^");
    expect(build.stderr).toContain("src/broken.ts:14:23 - error TG2001:");
    expect(build.stderr).toContain("Found 2 errors.");
    expect(build.stderr).not.toContain("\x1b[");
  });

  it("colour only when forced (FORCE_COLOR stands in for a terminal), never with NO_COLOR", () => {
    expect(run(["check"], dir, { NO_COLOR: undefined, FORCE_COLOR: "1" }).stderr).toContain("\x1b[31merror\x1b[39m");
    expect(run(["check"], dir, { NO_COLOR: "1", FORCE_COLOR: "1" }).stderr).not.toContain("\x1b[");
  });

  it("invalid configuration: exit 2 with the file and the key", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ naming: "SHOUTING" }));
    try {
      const build = run(["build"], dir);
      expect(build.status).toBe(2);
      expect(build.stderr).toMatch(/toolgen\.config\.json: "naming" must be one of .*; got "SHOUTING"\./);
      expect(build.stderr).not.toMatch(/\n +at /);
    } finally {
      writeFileSync(path.join(dir, "toolgen.config.json"), "{}");
    }
  });

  it("usage errors exit 2: an unknown command, a tsconfig that is not there", () => {
    expect(run(["frobnicate"], dir).status).toBe(2);
    const missing = run(["check", "-p", "nowhere/tsconfig.json"], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Cannot find");
  });
});
