import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture } from "../../../../test-support/temp-project.js";
import toolgenTransformer, { type TransformerExtras } from "./toolgen-transformer.js";
import { TSC_CODE_OFFSET } from "./to-ts-diagnostic.js";

/** The program tsc would make for the fixture, and a stand-in for ts-patch's `extras`. */
function createProgram(dir: string, extraOptions: ts.CompilerOptions = {}) {
  const configPath = path.join(dir, "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, extraOptions, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
}
function extras() {
  const diagnostics: ts.Diagnostic[] = [];
  return { diagnostics, extras: { ts: ts as unknown as TransformerExtras["ts"], addDiagnostic: (d: ts.Diagnostic) => diagnostics.push(d) } };
}

describe("the transformer entry, in process (no ts-patch: diagnostics go through addDiagnostic)", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it("invalid plugin options are one tsc error naming the key; nothing is written", () => {
    const { diagnostics, extras: x } = extras();
    toolgenTransformer(createProgram(dir), { transform: "@toolgen/transformer", naming: "LOUD" }, x);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: undefined, category: ts.DiagnosticCategory.Error, code: TSC_CODE_OFFSET + 9000 });
    expect(diagnostics[0]!.messageText).toMatch(/^toolgen: (?:.*\/)?tsconfig\.json compilerOptions\.plugins\[@toolgen\/transformer\]: "naming" must be one of/);
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
  });

  it("under noEmit (a type-check run) analyzes but writes nothing", () => {
    const { diagnostics, extras: x } = extras();
    toolgenTransformer(createProgram(dir, { noEmit: true }), { transform: "@toolgen/transformer" }, x);
    expect(diagnostics).toEqual([]);
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
    expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
  });

  it("under noEmitOnError, a type error of tsc's writes nothing of toolgen's either (no manifest of code tsc did not emit)", () => {
    writeFileSync(path.join(dir, "src/oops.ts"), 'export const n: number = "s";\n');
    try {
      const { diagnostics, extras: x } = extras();
      toolgenTransformer(createProgram(dir, { noEmitOnError: true }), { transform: "@toolgen/transformer" }, x);
      expect(diagnostics).toEqual([]);
      expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
      expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
    } finally {
      rmSync(path.join(dir, "src/oops.ts"));
    }
  });

  it("plugin options configure the build like package.json would (here: kebab-case names)", () => {
    const { diagnostics, extras: x } = extras();
    const factory = toolgenTransformer(createProgram(dir), { transform: "@toolgen/transformer", naming: "kebab-case" }, x);
    expect(diagnostics).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8"));
    expect(manifest.entries.map((e: { name: string }) => e.name)).toEqual(["forecast", "to-fahrenheit", "show-notice"]);
    // The user's own code passes through untouched.
    const sourceFile = ts.createSourceFile("a.ts", "export const a = 1;", ts.ScriptTarget.ES2022);
    expect(factory({} as ts.TransformationContext)(sourceFile)).toBe(sourceFile);
  });
});
