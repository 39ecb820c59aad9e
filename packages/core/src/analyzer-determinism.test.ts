import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { AnalyzeOptions } from "./analyze.js";
import { analyze } from "./analyze.js";
import { serializeManifest } from "./manifest/serialize-manifest.js";
import { analyzeFiles, createFixtureProgram } from "./testing/fixture-program.js";
import { ANALYZER_FIXTURES, readCaseSources } from "./testing/fixture-files.js";

/**
 * The same sources give the same bytes: built twice, built from two different absolute paths,
 * and built after the type checker was driven through the program in a different order (as
 * `tsc` with the transformer does before toolgen runs, while the CLI asks the checker cold).
 */
const CASES = [
  "alias-property", "constraints-type-alias", "dates", "descriptions-every-level", "discriminated-unions", "enums",
  "generics", "literal-unions", "recursive-name-collision", "recursive-types", "resource-uri-templates",
  "template-literals", "toolset-class", "type-parameters", "utility-types",
];

/** One program holding several golden cases, each in its own folder. */
function projectFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  // Checked first by a full type check (it is the first root file): it creates the literal and
  // object types the tools use, in another order than the tools write them.
  files["src/0-warm-up.ts"] = `export const order = ["high", "medium", "low", "XL", "L", "M", "S", "theme", "font", "px", "em", 6, 5, 4, 3, 2, 1, "green", "amber", "red"] as const;
export type Keys = "scope" | "mode" | "dark" | "beta" | "zip" | "email";
export interface Reversed { b: string; a: string }
export type Picked = Pick<Reversed, "b" | "a">;
`;
  for (const name of CASES) {
    for (const [file, text] of Object.entries(readCaseSources(path.join(ANALYZER_FIXTURES, "valid", name)))) files[`src/${name}/${file}`] = text;
  }
  return files;
}

function build(root: string, warmUp: boolean): string {
  const program = createFixtureProgram(projectFiles(), root);
  if (warmUp) ts.getPreEmitDiagnostics(program);
  const result = analyze(program, { ts: ts as unknown as AnalyzeOptions["ts"], packageRoot: root, packageName: "determinism" });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return serializeManifest(result.manifest);
}

describe("determinism", () => {
  const reference = build("/home/someone/projects/app", false);

  it("builds the same bytes twice", () => {
    expect(build("/home/someone/projects/app", false)).toBe(reference);
  });

  it("builds the same bytes from another absolute path, and writes no absolute path", () => {
    expect(build("/tmp/elsewhere/deeper/still/app", false)).toBe(reference);
    expect(reference).not.toContain("/home/someone");
  });

  it("builds the same bytes whatever the checker saw first", () => {
    expect(build("/home/someone/projects/app", true)).toBe(reference);
  });

  it("lists entries by file path, then source order", () => {
    const manifest = JSON.parse(reference) as { entries: { source: { file: string; line: number } }[] };
    const keys = manifest.entries.map((e) => `${e.source.file}:${String(e.source.line).padStart(5, "0")}`);
    expect(keys).toEqual([...keys].sort());
  });

  it("gives every golden case the same result inside the bigger project as on its own", () => {
    const whole = JSON.parse(reference) as { entries: { name: string; inputSchema: unknown }[] };
    for (const name of CASES) {
      const alone = analyzeFiles(readCaseSources(path.join(ANALYZER_FIXTURES, "valid", name)), "/fixture").manifest.entries;
      for (const entry of alone) expect(whole.entries.find((e) => e.name === entry.name)?.inputSchema, `${name}/${entry.name}`).toEqual(entry.inputSchema);
    }
  });
});
