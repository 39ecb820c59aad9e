import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../../test-support/temp-project.js";
import { planBuild } from "../build/plan-build.js";
import { createProgram, loadProjectInfo } from "./load-project.js";
import { morphTypescript, morphTypescriptMajorMinor, typescriptFor, type Compiler } from "./typescript.js";

const repoTypescriptVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, "node_modules/typescript/package.json"), "utf8")) as { version: string }).version;

describe("which TypeScript the one-shot commands use", () => {
  let foreign: string;
  beforeAll(() => {
    // A project whose own `typescript` is another minor version than the one ts-morph bundles
    // (whose code must not even be loaded).
    foreign = mkdtempSync(path.join(tmpdir(), "toolgen-foreign-ts-"));
    mkdirSync(path.join(foreign, "node_modules/typescript/lib"), { recursive: true });
    writeFileSync(path.join(foreign, "node_modules/typescript/package.json"), JSON.stringify({ name: "typescript", version: "5.9.3", main: "./lib/typescript.js" }));
    writeFileSync(path.join(foreign, "node_modules/typescript/lib/typescript.js"), 'throw new Error("loaded the project\'s TypeScript 5.9");\n');
  });
  afterAll(() => rmSync(foreign, { recursive: true, force: true }));

  it("reads ts-morph's bundled major.minor without loading it, and it is the loaded one's", () => {
    expect(morphTypescriptMajorMinor()).toBe(morphTypescript().ts.versionMajorMinor);
  });

  it("picks the project's own TypeScript when its major.minor is ts-morph's", () => {
    expect(repoTypescriptVersion.startsWith(`${morphTypescriptMajorMinor()}.`)).toBe(true);
    const compiler = typescriptFor(path.join(REPO_ROOT, "fixtures/demo"));
    expect(compiler.source).toBe("project");
    expect(compiler.ts.version).toBe(repoTypescriptVersion);
  });

  it("falls back to ts-morph's TypeScript when the project's is another version", () => {
    const compiler = typescriptFor(foreign);
    expect(compiler.source).toBe("ts-morph");
    expect(compiler.ts).toBe(morphTypescript().ts);
  });
});

describe("the project's TypeScript and ts-morph's build the same outputs", () => {
  const plan = (fixture: string, compiler: Compiler) => {
    const info = loadProjectInfo(path.join(REPO_ROOT, "fixtures", fixture, "tsconfig.json"), REPO_ROOT, compiler);
    const program = createProgram(info);
    return { program, plan: planBuild(compiler.ts, info, program) };
  };

  it.each(["demo", "transformer/tools", "mcp"])("%s: identical manifest and registry module", (fixture) => {
    const project = typescriptFor(path.join(REPO_ROOT, "fixtures", fixture));
    expect(project.source).toBe("project");
    const fromProject = plan(fixture, project).plan;
    const fromMorph = plan(fixture, morphTypescript()).plan;
    expect(fromProject.entryCount).toBeGreaterThan(0);
    expect(fromProject.diagnostics).toEqual(fromMorph.diagnostics);
    expect(fromProject.files.map((f) => [path.relative(REPO_ROOT, f.path), f.content])).toEqual(fromMorph.files.map((f) => [path.relative(REPO_ROOT, f.path), f.content]));
  });

  it.each([["project", () => typescriptFor(path.join(REPO_ROOT, "fixtures/demo"))], ["ts-morph", morphTypescript]] as const)(
    "%s: no doc comment of a .ts file is parsed up front (not even those tsc parses, with @see or @link), and the docs toolgen reads are still read",
    (_, compiler) => {
      const { ts } = compiler();
      const { program, plan: built } = plan("demo", compiler());
      const files = program.getSourceFiles() as unknown as { fileName: string; jsDocParsingMode?: number }[];
      expect(files.some((f) => /\/lib\.[\w.]+\.d\.ts$/.test(f.fileName))).toBe(true);
      expect(new Set(files.map((f) => f.jsDocParsingMode))).toEqual(new Set([ts.JSDocParsingMode.ParseForTypeInfo]));
      expect(built.manifest.entries.length).toBeGreaterThan(0);
      for (const entry of built.manifest.entries) expect(entry.description, entry.name).not.toBe("");
    },
  );
});
