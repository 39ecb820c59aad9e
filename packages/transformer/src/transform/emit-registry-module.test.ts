import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import typescript from "typescript";
import type * as TS from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../../test-support/temp-project.js";
import { emitRegistryModule } from "./emit-registry-module.js";

// The default import is the compiler object; typed as the namespace the emitter takes.
const ts = typescript as unknown as typeof TS;

const REGISTRY = "src/tools.generated.ts";

/** The program tsc makes for the fixture before toolgen wrote the registry module (a first build). */
function createProgram(dir: string, extraOptions: TS.CompilerOptions) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, "tsconfig.json"), extraOptions, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  return ts.createProgram({ rootNames: parsed.fileNames.filter((f) => !f.endsWith(REGISTRY)), options: parsed.options });
}

/** Every output of the registry module under dist/, by name; then deletes them. */
function takeOutputs(dir: string): Record<string, string> {
  const dist = path.join(dir, "dist");
  if (!existsSync(dist)) return {};
  const outputs: Record<string, string> = {};
  for (const name of readdirSync(dist).filter((n) => n.startsWith("tools.generated."))) {
    outputs[name] = readFileSync(path.join(dist, name), "utf8");
    rmSync(path.join(dist, name));
  }
  return outputs;
}

/** TypeScript before 5.5, as far as the emitter can tell: no `transpileDeclaration`. */
const tsBefore55 = { ...ts, transpileDeclaration: undefined } as unknown as typeof ts;

describe("the registry module's outputs without a second program", () => {
  let dir: string;
  let cleanup: () => void;
  let text: string;
  const maps = { sourceMap: true, declarationMap: true };
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    expect(toolgen(["build"], dir).status).toBe(0);
    text = readFileSync(path.join(dir, REGISTRY), "utf8");
    takeOutputs(dir);
  });
  afterAll(() => cleanup());

  it("are byte for byte those of the whole-program emit (the fallback), JavaScript, declarations and maps", () => {
    emitRegistryModule(ts, createProgram(dir, maps), { path: path.join(dir, REGISTRY), text }, undefined, undefined);
    const transpiled = takeOutputs(dir);
    emitRegistryModule(tsBefore55, createProgram(dir, maps), { path: path.join(dir, REGISTRY), text }, undefined, undefined);
    const whole = takeOutputs(dir);
    expect(Object.keys(transpiled).sort()).toEqual(["tools.generated.d.ts", "tools.generated.d.ts.map", "tools.generated.js", "tools.generated.js.map"]);
    expect(transpiled).toEqual(whole);
    // The fixture's package is an ES module: under NodeNext its registry is too (ts.transpileModule would write CommonJS).
    expect(transpiled["tools.generated.js"]).toMatch(/^import \{ createRegistry/m);
  });

  it("honour emitOnlyDts, emitDeclarationOnly and a project without declarations", () => {
    emitRegistryModule(ts, createProgram(dir, {}), { path: path.join(dir, REGISTRY), text }, undefined, true);
    expect(Object.keys(takeOutputs(dir))).toEqual(["tools.generated.d.ts"]);
    emitRegistryModule(ts, createProgram(dir, { emitDeclarationOnly: true }), { path: path.join(dir, REGISTRY), text }, undefined, undefined);
    expect(Object.keys(takeOutputs(dir))).toEqual(["tools.generated.d.ts"]);
    emitRegistryModule(ts, createProgram(dir, { declaration: false }), { path: path.join(dir, REGISTRY), text }, undefined, undefined);
    expect(Object.keys(takeOutputs(dir))).toEqual(["tools.generated.js"]);
    emitRegistryModule(ts, createProgram(dir, { declaration: false }), { path: path.join(dir, REGISTRY), text }, undefined, true);
    expect(takeOutputs(dir)).toEqual({});
  });

  it("are written again, not emitted again, for the same text (a builder's emit after the one of the old text)", () => {
    const registry = { path: path.join(dir, REGISTRY), text };
    const program = createProgram(dir, maps);
    emitRegistryModule(ts, program, registry, undefined, undefined);
    const first = takeOutputs(dir);
    const noCompiler = { ...ts, createProgram: () => expect.unreachable("emitted again") } as unknown as typeof ts;
    emitRegistryModule(noCompiler, program, registry, undefined, undefined);
    expect(takeOutputs(dir)).toEqual(first);
  });

  it("take declarations that need type information from the whole program", () => {
    const untyped = `${text}\nexport const names = ["a", "b"].map((n) => n.length);\n`;
    emitRegistryModule(ts, createProgram(dir, {}), { path: path.join(dir, REGISTRY), text: untyped }, undefined, undefined);
    const outputs = takeOutputs(dir);
    expect(outputs["tools.generated.d.ts"]).toContain("export declare const names: number[];");
    expect(outputs["tools.generated.js"]).toContain('export const names = ["a", "b"].map((n) => n.length);');
  });

  describe("the JavaScript and declarations as toolgen rendered them", () => {
    const compiled = { javascript: "export const js = 1;\n", declarations: "export declare const js: number;\n", packageType: "module" };
    const emit = (options: TS.CompilerOptions, emitOnlyDts?: boolean, packageType = "module") =>
      emitRegistryModule(ts, createProgram(dir, options), { path: path.join(dir, REGISTRY), text, compiled: { ...compiled, packageType } }, undefined, emitOnlyDts);

    it("are written as they are for an ES module without maps, at the compiler's output paths", () => {
      emit({});
      expect(takeOutputs(dir)).toEqual({ "tools.generated.js": compiled.javascript, "tools.generated.d.ts": compiled.declarations });
      emit({ declaration: false, newLine: ts.NewLineKind.CarriageReturnLineFeed });
      expect(takeOutputs(dir)).toEqual({ "tools.generated.js": "export const js = 1;\r\n" });
      emit({}, true);
      expect(takeOutputs(dir)).toEqual({ "tools.generated.d.ts": compiled.declarations });
      emit({ emitDeclarationOnly: true });
      expect(takeOutputs(dir)).toEqual({ "tools.generated.d.ts": compiled.declarations });
    });

    it("leave the compiling to the compiler where its output would differ: maps, CommonJS, an ES5 target", () => {
      for (const [options, packageType] of [[{ sourceMap: true }, "module"], [{ declarationMap: true }, "module"], [{}, "commonjs"], [{ module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 }, "module"], [{ target: ts.ScriptTarget.ES5, module: ts.ModuleKind.ES2015, moduleResolution: ts.ModuleResolutionKind.Bundler }, "module"]] as const) {
        emit(options, undefined, packageType);
        const outputs = takeOutputs(dir);
        expect(outputs["tools.generated.js"], JSON.stringify(options)).toBeDefined();
        expect(outputs["tools.generated.js"]).not.toBe(compiled.javascript);
      }
    });
  });
});
