import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../test-support/temp-project.js";

/** The build never overwrites what it did not write, and writes all its outputs or none. */
describe("toolgen build writes safely", () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = copyFixture("demo")));
  afterEach(() => cleanup());
  const file = (name: string) => path.join(dir, name);

  it.each([
    ["registryModule", "src/units.ts", `src/units.ts exists and was not written by toolgen, so it is not overwritten: point "registryModule" elsewhere, or delete the file.`],
    ["manifest", "tsconfig.json", `tsconfig.json exists and was not written by toolgen, so it is not overwritten: point "manifest" elsewhere, or delete the file.`],
  ])("refuses a %s path naming a file of the user's (%s), and writes nothing", (key, target, message) => {
    writeFileSync(file("toolgen.config.json"), JSON.stringify({ [key]: target }));
    const { toolgen: _reference, ...packageJson } = JSON.parse(readFileSync(file("package.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(file("package.json"), JSON.stringify(packageJson)); // no reference to contradict the configured manifest
    const before = readFileSync(file(target), "utf8");
    const build = toolgen(["build"], dir);
    expect(build).toMatchObject({ status: 2, stderr: `toolgen: ${message}\n` });
    expect(readFileSync(file(target), "utf8")).toBe(before);
    expect(existsSync(file("dist/toolgen.manifest.json"))).toBe(false);
  });

  it("a manifest of its own that was damaged since (a stray edit) is written again, as `check` advises", () => {
    expect(toolgen(["build"], dir).status).toBe(0);
    const good = readFileSync(file("dist/toolgen.manifest.json"), "utf8");
    writeFileSync(file("dist/toolgen.manifest.json"), good + "// x\n");
    expect(toolgen(["check"], dir)).toMatchObject({ status: 1, stderr: expect.stringMatching(/stale: +dist\/toolgen\.manifest\.json/) });
    expect(toolgen(["build"], dir).status).toBe(0);
    expect(readFileSync(file("dist/toolgen.manifest.json"), "utf8")).toBe(good);
  });

  it("a build of another tsconfig of the package, which replaces the manifest, warns naming what it described", () => {
    expect(toolgen(["build"], dir).status).toBe(0);
    mkdirSync(file("sub/src"), { recursive: true });
    writeFileSync(file("sub/tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", rootDir: "src", outDir: "dist" }, include: ["src"] }));
    writeFileSync(file("sub/src/hi.ts"), "/**\n * Says hi.\n * @tool\n */\nexport function hi(): string {\n  return \"hi\";\n}\n");
    const build = toolgen(["build", "-p", "sub"], dir);
    expect(build.status).toBe(0);
    expect(build.stderr).toBe(
      'toolgen: warning: dist/toolgen.manifest.json described the registry module dist/tools.generated.js (a build of another tsconfig of this package, or before "registryModule" changed); it now describes sub/dist/tools.generated.js. Give each tsconfig its own "manifest", or delete dist/tools.generated.js if nothing uses it.\n',
    );
  });

  it("a registry module that cannot be written: one line naming it, and no manifest either", () => {
    mkdirSync(file("src/tools.generated.ts"));
    const build = toolgen(["build"], dir);
    expect(build).toMatchObject({ status: 2, stderr: "toolgen: cannot write src/tools.generated.ts: it is a folder; nothing was written.\n" });
    expect(existsSync(file("dist/toolgen.manifest.json"))).toBe(false);
  });

  it.runIf(existsSync("/proc/self"))("a folder the file system refuses (procfs) is an error naming it, not a hang; nothing is written", () => {
    const { toolgen: _reference, ...packageJson } = JSON.parse(readFileSync(file("package.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(file("package.json"), JSON.stringify({ ...packageJson, toolgen: { manifest: "/proc/toolgen-no-such/toolgen.manifest.json" } }));
    const build = toolgen(["build"], dir);
    expect(build).toMatchObject({ status: 2, stderr: expect.stringMatching(/^toolgen: cannot write .*proc\/toolgen-no-such\/toolgen\.manifest\.json: ENOENT.*; nothing was written\.\n$/) });
    expect(existsSync(file("src/tools.generated.ts"))).toBe(false);
  });

  it("a package.json that is not an object is an error, and is left as it is", () => {
    writeFileSync(file("package.json"), "[1]\n");
    expect(toolgen(["build"], dir)).toMatchObject({ status: 2, stderr: expect.stringContaining("package.json: expected a JSON object, found an array.") });
    expect(readFileSync(file("package.json"), "utf8")).toBe("[1]\n");
  });

  it("a manifest path in toolgen.config.json that package.json contradicts is an error (dependents read package.json)", () => {
    writeFileSync(file("toolgen.config.json"), JSON.stringify({ manifest: "./dist/other.json" }));
    expect(toolgen(["build"], dir)).toMatchObject({ status: 2, stderr: expect.stringContaining('"manifest" is "./dist/other.json", but') });
  });
});
