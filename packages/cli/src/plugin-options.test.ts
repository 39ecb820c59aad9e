import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../test-support/temp-project.js";

/** The transformer's plugin entry is configuration for the CLI too: one schema, the same outputs, whichever entry point builds. */
describe("the CLI reads the transformer's plugin entry in tsconfig.json", () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterEach(() => cleanup());
  const setPluginEntry = (options: Record<string, unknown>) => {
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('{ "transform": "@toolgen/transformer" }', JSON.stringify({ transform: "@toolgen/transformer", ...options })));
  };

  it("applies its options (naming), so build and check agree with a tspc build", () => {
    setPluginEntry({ naming: "kebab-case" });
    expect(toolgen(["build"], dir).status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string }> };
    expect(manifest.entries.map((e) => e.name)).toContain("to-fahrenheit");
    expect(toolgen(["check"], dir).status).toBe(0);
  });

  it("checks them with the same schema, naming the tsconfig from where the command runs (a monorepo has several)", () => {
    setPluginEntry({ nameing: "kebab-case" });
    expect(toolgen(["build"], dir)).toMatchObject({ status: 2, stderr: expect.stringContaining('tsconfig.json compilerOptions.plugins[@toolgen/transformer]: unknown key "nameing"') });
    expect(toolgen(["build", "-p", path.basename(dir)], path.dirname(dir))).toMatchObject({ status: 2, stderr: expect.stringContaining(`${path.basename(dir)}/tsconfig.json compilerOptions.plugins[@toolgen/transformer]: unknown key "nameing"`) });
  });

  it("names the config that sets the entry: one the tsconfig extends, where the value is", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    const own = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
    const { plugins, ...rest } = own.compilerOptions;
    mkdirSync(path.join(dir, "config"));
    writeFileSync(path.join(dir, "config/base.json"), JSON.stringify({ compilerOptions: { plugins: [{ transform: "@toolgen/transformer", naming: "loud" }] } }));
    writeFileSync(tsconfig, JSON.stringify({ ...own, extends: "./config/base.json", compilerOptions: rest }));
    expect(plugins).toBeDefined();
    expect(toolgen(["build"], dir)).toMatchObject({ status: 2, stderr: expect.stringContaining('toolgen: config/base.json compilerOptions.plugins[@toolgen/transformer]: "naming" must be one of') });
  });
});
