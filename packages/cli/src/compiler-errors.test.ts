import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture, REPO_ROOT, toolgen } from "../../../test-support/temp-project.js";

/** A file that does not parse, or a tsconfig tsc refuses, fails toolgen's build too: its reading of such code would describe something else. */
describe("what tsc refuses before type-checking fails build and check", () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = copyFixture("demo")));
  afterEach(() => cleanup());

  it("a syntax error is reported as tsc reports it (TS1005, file:line:col), and nothing is written", () => {
    writeFileSync(path.join(dir, "src/broken.ts"), "/**\n * Half written.\n * @tool\n */\nexport function half(x: number y: string): number {\n  return x;\n}\n");
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(1);
    expect(build.stderr).toContain("src/broken.ts:5:32 - error TS1005: ',' expected.");
    expect(build.stderr).toContain("toolgen: nothing written");
    expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
    expect(toolgen(["check"], dir).status).toBe(1);
    // What the analysis makes of the broken file describes something else: only tsc's errors are shown for it.
    expect(build.stderr).not.toContain("TG");
    expect(build.stderr).toContain("Found 1 error.");
  });

  it("list, inspect, lint and docs fail on them as build does, with tsc's errors only", () => {
    writeFileSync(path.join(dir, "src/broken.ts"), "/**\n * Half written.\n * @tool\n */\nexport function half(x: number y: string): number {\n  return x;\n}\n");
    for (const command of [["list"], ["inspect", "half"], ["lint"], ["docs", "-o", "catalog"]]) {
      const run = toolgen(command, dir);
      expect([command[0], run.status]).toEqual([command[0], 1]);
      expect(run.stderr).toContain("src/broken.ts:5:32 - error TS1005: ',' expected.");
      expect(run.stderr).not.toContain("TG");
    }
    expect(existsSync(path.join(dir, "catalog"))).toBe(false);
    rmSync(path.join(dir, "src/broken.ts"));
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"strict": true', '"strict": true, "bogusOption": 1'));
    for (const command of [["list"], ["lint"]]) expect(toolgen(command, dir)).toMatchObject({ status: 1, stderr: expect.stringContaining("error TS5023: Unknown compiler option 'bogusOption'.") });
  });

  it("a registry module someone edited until it no longer parses: the error says to delete it", () => {
    writeFileSync(path.join(dir, "src/tools.generated.ts"), "export const definitions = [\n");
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(1);
    expect(build.stderr).toMatch(/src\/tools\.generated\.ts:\d+:\d+ - error TS\d+: .*\(toolgen writes the registry module here: delete the file, then run toolgen build\)/);
  });

  it("package.json or a source file passed as the tsconfig is a usage error, not a build of the wrong file", () => {
    // Named as the user named them: from the working directory.
    expect(toolgen(["build", "-p", "package.json"], dir)).toMatchObject({ status: 2, stderr: "toolgen: package.json is the package's package.json, not a tsconfig; pass the project's tsconfig.json (or its folder) with -p.\n" });
    expect(toolgen(["build", "-p", "src/units.ts"], dir)).toMatchObject({ status: 2, stderr: "toolgen: src/units.ts is a source file, not a tsconfig; pass the project's tsconfig.json (or its folder) with -p.\n" });
    expect(toolgen(["build", "-p", "nowhere"], dir)).toMatchObject({ status: 2, stderr: "toolgen: Cannot find nowhere; pass the project's tsconfig with -p <path>.\n" });
  });

  it("a solution tsconfig (no files, only references) is a usage error naming the references, and nothing is written", () => {
    const packageJson = readFileSync(path.join(dir, "package.json"), "utf8");
    writeFileSync(path.join(dir, "tsconfig.solution.json"), JSON.stringify({ files: [], references: [{ path: "./packages/a" }, { path: "./packages/b" }] }));
    const build = toolgen(["build", "-p", "tsconfig.solution.json"], dir);
    expect(build).toMatchObject({ status: 2, stderr: "toolgen: tsconfig.solution.json has no files of its own, only references: pass the tsconfig of a package that has tools with -p (packages/a, packages/b).\n" });
    expect(readFileSync(path.join(dir, "package.json"), "utf8")).toBe(packageJson);
  });

  it("without strictNullChecks, nothing is written: TG9001 at the setting, in the config the tsconfig extends when it is there", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(path.join(dir, "tsconfig.base.json"), '{\n  "compilerOptions": {\n    "strict": false\n  }\n}\n');
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"strict": true,', "").replace("{\n", '{\n  "extends": "./tsconfig.base.json",\n'));
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(1);
    expect(build.stderr).toContain('tsconfig.base.json:3:5 - error TG9001: toolgen needs "strictNullChecks"');
    expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
    // The flag itself, where it is set, over a `strict` that another file sets.
    writeFileSync(path.join(dir, "tsconfig.base.json"), '{\n  "compilerOptions": {\n    "strictNullChecks": false\n  }\n}\n');
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"compilerOptions": {', '"compilerOptions": {\n    "strict": true,'));
    expect(toolgen(["build"], dir).stderr).toContain('tsconfig.base.json:3:5 - error TG9001: toolgen needs "strictNullChecks"');
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"compilerOptions": {', '"compilerOptions": {\n    "strictNullChecks": true,'));
    expect(toolgen(["build"], dir).status).toBe(0);
  });

  it("an invalid compiler option is an error naming it, placed where tsc places it", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"module": "NodeNext"', '"module": "Bogus"').replace('"strict": true', '"strict": true, "bogusOption": 1'));
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(1);
    expect(build.stderr).toContain("tsconfig.json:4:15 - error TS6046: Argument for '--module' option must be");
    expect(build.stderr).toContain("tsconfig.json:8:21 - error TS5023: Unknown compiler option 'bogusOption'.");
  });
});

describe("a project on another TypeScript (5.x), read by the bundled one", () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = copyFixture("demo"));
    // The project's own node_modules: TypeScript 5.9, the rest as installed here.
    const modules = path.join(dir, "node_modules");
    rmSync(modules);
    mkdirSync(modules);
    for (const name of readdirSync(path.join(REPO_ROOT, "node_modules"))) if (name !== "typescript") symlinkSync(path.join(REPO_ROOT, "node_modules", name), path.join(modules, name));
    symlinkSync(path.join(REPO_ROOT, "node_modules/typescript-5.9"), path.join(modules, "typescript"));
  });
  afterEach(() => cleanup());

  it("reads the project with TypeScript 5.9's defaults: every @types package without `types`, and not strict without `strict`, which toolgen refuses", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"types": ["node"],', "").replace('"strict": true,', ""));
    writeFileSync(
      path.join(dir, "src/files.ts"),
      "/**\n * Reads a text file.\n * @tool\n * @param file The file.\n * @param encoding Its encoding.\n * @param title A title.\n */\nexport function readText(file: string, encoding: BufferEncoding = \"utf8\", title: string | undefined): string {\n  return file + encoding + title;\n}\n",
    );
    // Not strict (TypeScript 5's default): `string | undefined` would be read as a string.
    const loose = toolgen(["build"], dir);
    expect(loose.status).toBe(1);
    expect(loose.stderr).toContain('tsconfig.json:1:1 - error TG9001: toolgen needs "strictNullChecks"');
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"compilerOptions": {', '"compilerOptions": {\n    "strictNullChecks": true,'));
    const build = toolgen(["build"], dir);
    expect(build.stderr).not.toContain("error");
    expect(build.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string; inputSchema: { required?: string[]; properties: Record<string, { enum?: string[] }> } }> };
    const readText = manifest.entries.find((e) => e.name === "read_text")!.inputSchema;
    expect(readText.properties.encoding!.enum).toContain("base64");
    expect(readText.required).toEqual(["file"]);
  });

  it("warns when the project's TypeScript is older than toolgen needs (its tsc could not compile what the registry module imports)", () => {
    const fake = path.join(dir, "node_modules/typescript");
    rmSync(fake);
    mkdirSync(fake);
    writeFileSync(path.join(fake, "package.json"), JSON.stringify({ name: "typescript", version: "4.9.5", main: "index.js" }));
    writeFileSync(path.join(fake, "index.js"), "");
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(0);
    expect(build.stderr).toContain("toolgen: warning: this project's TypeScript is 4.9.5; toolgen needs 5.1 or later");
  });

  it("is not held to the bundled version's option rules (a deprecation TypeScript 5.9 accepts)", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"module": "NodeNext",\n    "moduleResolution": "NodeNext",', '"module": "ES2022",\n    "moduleResolution": "node",'));
    const build = toolgen(["build"], dir);
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
  });
});
