import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../test-support/temp-project.js";

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
  });

  it("an invalid compiler option is an error naming it", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"module": "NodeNext"', '"module": "Bogus"'));
    const build = toolgen(["build"], dir);
    expect(build.status).toBe(1);
    expect(build.stderr).toMatch(/tsconfig\.json:\d+:\d+ - error TS6046: Argument for '--module' option must be/);
  });
});
