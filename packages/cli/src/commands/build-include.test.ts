import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compile, copyFixture, REPO_ROOT, toolgen } from "../../../../test-support/temp-project.js";

/**
 * The trap of issue #17: a tsconfig whose `include` names some folders (nothing unusual) does
 * not reach `src/tools.generated.ts`; `tsc` never compiles it, and the first `toolgen call`
 * failed with "invalid manifest". Now `build` warns, and `call` says what is missing and why.
 */
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function projectWithInclude(include: string[]): string {
  const fixture = copyFixture("remote");
  cleanup = fixture.cleanup;
  const tsconfig = path.join(fixture.dir, "tsconfig.json");
  writeFileSync(tsconfig, JSON.stringify({ ...JSON.parse(readFileSync(tsconfig, "utf8")), include }));
  return fixture.dir;
}

describe("a registry module outside the tsconfig's include", () => {
  it("toolgen build writes it and warns, naming the file and the fix; toolgen check fails on it; toolgen call explains instead of 'invalid manifest'", () => {
    const dir = projectWithInclude(["src/tools.ts"]);
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(0);
    expect(build.stderr).toContain('toolgen: warning: src/tools.generated.ts is not part of the program of tsconfig.json: its "include" (or "files") does not reach it');
    expect(build.stderr).toContain('Add "src/tools.generated.ts" to "include", or set "registryModule" in the toolgen config');
    const check = toolgen(["check"], dir);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain("outside: src/tools.generated.ts is not part of the program of tsconfig.json");
    // Building again changes nothing here: the line above says what does.
    expect(check.stderr).toContain("toolgen: tsc will not compile the registry module; see above.\n");
    compile(dir);
    const call = toolgen(["call", "ping"], dir);
    expect(call.status).toBe(2);
    expect(call.stderr).toContain("dist/tools.generated.js does not exist: the registry module 'toolgen build' wrote was not compiled.");
    expect(call.stderr).not.toContain("invalid manifest");
  });

  it("no warning, and check passes, when the tsconfig runs the transformer, which compiles the module itself", () => {
    const dir = projectWithInclude(["src/tools.ts"]);
    const tsconfig = path.join(dir, "tsconfig.json");
    const config = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
    writeFileSync(tsconfig, JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, plugins: [{ transform: "@toolgen/transformer" }] } }));
    const build = toolgen(["build"], dir);
    expect([build.status, build.stderr]).toEqual([0, ""]);
    const check = toolgen(["check"], dir);
    expect([check.status, check.stderr]).toEqual([0, ""]);
  });

  it("the warning stays when the transformer entry cannot run: no ts-patch is installed, and plain tsc ignores the entry", () => {
    const dir = projectWithInclude(["src/tools.ts"]);
    const tsconfig = path.join(dir, "tsconfig.json");
    const config = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
    writeFileSync(tsconfig, JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, plugins: [{ transform: "@toolgen/transformer" }] } }));
    // The project's own node_modules, without ts-patch.
    rmSync(path.join(dir, "node_modules"));
    mkdirSync(path.join(dir, "node_modules"));
    for (const name of ["@toolgen", "typescript", "@types"]) symlinkSync(path.join(REPO_ROOT, "node_modules", name), path.join(dir, "node_modules", name), "junction");
    expect(toolgen(["build"], dir).stderr).toContain("toolgen: warning: src/tools.generated.ts is not part of the program of tsconfig.json");
    expect(toolgen(["check"], dir).status).toBe(1);
  });

  it("no warning, and check passes, when an included source imports it: tsc compiles it all the same", () => {
    const dir = projectWithInclude(["src/tools.ts", "src/app.ts"]);
    writeFileSync(path.join(dir, "src/app.ts"), 'import { registry } from "./tools.generated.js";\n\nexport const names = registry.entries.map((entry) => entry.name);\n');
    const build = toolgen(["build"], dir);
    expect([build.status, build.stderr]).toEqual([0, ""]);
    const check = toolgen(["check"], dir);
    expect([check.status, check.stderr]).toEqual([0, ""]);
    compile(dir);
    expect(toolgen(["call", "ping"], dir).status).toBe(0);
  });

  it("no warning when the include reaches it", () => {
    const dir = projectWithInclude(["src"]);
    const build = toolgen(["build"], dir);
    expect([build.status, build.stderr]).toEqual([0, ""]);
  });
});

describe("a registry module outside rootDir", () => {
  it("is refused before anything is written, as the transformer refuses it: tsc would not compile it (TS6059)", () => {
    const dir = projectWithInclude(["src", "gen"]);
    const packageJson = path.join(dir, "package.json");
    writeFileSync(packageJson, JSON.stringify({ ...JSON.parse(readFileSync(packageJson, "utf8")), toolgen: { registryModule: "gen/tools.generated.ts" } }));
    const build = toolgen(["build"], dir);
    expect([build.status, build.stderr]).toEqual([2, 'toolgen: the registry module (gen/tools.generated.ts) is outside "rootDir" (src), where tsc compiles no source (TS6059): its JavaScript would land outside the output folder and find no tool there. Set "registryModule" in the toolgen config to a path under src.\n']);
    expect(existsSync(path.join(dir, "gen"))).toBe(false);
    expect(toolgen(["check"], dir).status).toBe(2);
  });
});

describe("a sibling package's sources reached through a paths alias", () => {
  it("are a dependency: their tools are not this package's, and the registry module stays in the package", () => {
    const dir = projectWithInclude(["src"]);
    const sibling = path.join(dir, "..", `${path.basename(dir)}-sibling`);
    mkdirSync(sibling);
    try {
      writeFileSync(path.join(sibling, "tools.ts"), '/**\n * The sibling\'s own tool.\n * @tool\n */\nexport function siblingTool(): string {\n  return "sibling";\n}\n\nexport const greeting = "hello";\n');
      const tsconfig = path.join(dir, "tsconfig.json");
      const options = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
      writeFileSync(tsconfig, JSON.stringify({ ...options, compilerOptions: { ...options.compilerOptions, paths: { "@sibling/tools": [`../${path.basename(sibling)}/tools.ts`] }, rootDir: ".." } }));
      writeFileSync(path.join(dir, "src/uses-sibling.ts"), 'import { greeting } from "@sibling/tools";\n\nexport const message = greeting;\n');
      const build = toolgen(["build", "--json"], dir);
      expect(build.status).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string }> };
      expect(manifest.entries.map((e) => e.name)).not.toContain("sibling_tool");
      expect(manifest.entries.length).toBeGreaterThan(0);
      // With a rootDir above the package, the registry module still goes inside it.
      expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(true);
      expect(existsSync(path.join(dir, "../tools.generated.ts"))).toBe(false);
    } finally {
      rmSync(sibling, { recursive: true, force: true });
    }
  });
});
