import { writeFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture } from "../../../../test-support/temp-project.js";
import { analyzeProgram, renderPlan, type RegistryModuleCache } from "./plan-build.js";
import { readProjectInfo } from "./project-info.js";

/** The compiler as the build takes it (the namespace, where a test imports the default). */
const tsm = ts as unknown as Parameters<typeof readProjectInfo>[0];

describe("the registry module cache of long-running builds (watch)", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  const analyzeFixture = () => {
    const info = readProjectInfo(tsm, undefined, dir);
    const parsed = ts.getParsedCommandLineOfConfigFile(info.tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    return { info, analyzed: analyzeProgram(tsm, info, ts.createProgram(parsed.fileNames, parsed.options)) };
  };

  it("keeps the module rendered from the same entries, renders again when one changes, and keys nothing until there is a module to compare", () => {
    const cache: RegistryModuleCache = {};
    const first = analyzeFixture();
    const module = renderPlan(first.info, first.analyzed, cache).registryModule;
    // A one-shot build never compares: its megabytes of key are not worked out.
    expect(cache.last).toMatchObject({ module });
    expect(cache.last!.key).toBeUndefined();

    const again = analyzeFixture();
    expect(renderPlan(again.info, again.analyzed, cache).registryModule).toBe(module);
    expect(cache.last!.key).toEqual(expect.any(String));

    const file = path.join(dir, "src/forecast.ts");
    writeFileSync(file, ts.sys.readFile(file)!.replace(" * @tool\n", " * @tool\n * @title Forecast lookup\n"));
    const changed = analyzeFixture();
    const rendered = renderPlan(changed.info, changed.analyzed, cache).registryModule;
    expect(rendered).not.toBe(module);
    expect(rendered.typescript).toContain("Forecast lookup");
  });
});
