import { existsSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import typescript from "typescript";
import type * as TS from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../../test-support/temp-project.js";
import { type AfterEmit, wrapThisEmit } from "./wrap-emit.js";

const ts = typescript as unknown as typeof TS;
const REGISTRY = "src/tools.generated.ts";

describe("wrapThisEmit: the emit calls of a builder, one file at a time", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    expect(toolgen(["build"], dir).status).toBe(0);
    rmSync(path.join(dir, "dist"), { recursive: true, force: true });
  });
  afterAll(() => cleanup());

  it("writes the registry module's JavaScript at the first call that writes JavaScript, after one that wrote declarations alone", () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    // The compiler's own emits write nothing here: what is on disk after each call is toolgen's.
    const nothingWritten: TS.Program["emit"] = () => ({ emitSkipped: false, diagnostics: [] });
    const program = Object.assign(ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options }), { originalEmit: nothingWritten });
    const registry = { path: path.join(dir, REGISTRY), text: readFileSync(path.join(dir, REGISTRY), "utf8") };
    const after: AfterEmit = { diagnostics: [], staleRegistry: [registry], emptiedRegistry: [], emitted: { done: false } };
    const emit = (file: string, emitOnlyDts: boolean) => {
      // ts-patch asks for the transformers, so wraps, at each emit call.
      wrapThisEmit(ts, program, after);
      program.originalEmit(program.getSourceFile(path.join(dir, file)), undefined, undefined, emitOnlyDts);
    };
    // A composite builder's first call: the registry module's declarations alone.
    emit(REGISTRY, true);
    expect([existsSync(path.join(dir, "dist/tools.generated.d.ts")), existsSync(path.join(dir, "dist/tools.generated.js"))]).toEqual([true, false]);
    // Then another file's JavaScript: the first call that writes any, so the registry module's is written too.
    emit("src/forecast.ts", false);
    expect(existsSync(path.join(dir, "dist/tools.generated.js"))).toBe(true);
  });
});
