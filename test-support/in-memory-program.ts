import * as path from "node:path";
import { analyze, type AnalyzeResult } from "@toolgen/core";
import * as ts from "typescript";
import { createFixtureProgram } from "../packages/core/src/testing/fixture-program.js";
import { REPO_ROOT } from "./temp-project.js";

/**
 * Analyzes one in-memory source file as `src/tools.ts` of a package inside the repository,
 * compiled as a Node.js package (NodeNext, `@types/node`), without touching the disk: core's
 * fixture program with a package's options instead of the fixtures' bundler ones.
 */
export function analyzeSource(source: string, options: { strict?: boolean } = {}): AnalyzeResult {
  const root = path.join(REPO_ROOT, ".virtual-package");
  const program = createFixtureProgram({ "src/tools.ts": source }, root, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    rootDir: path.join(root, "src"),
    outDir: path.join(root, "dist"),
    types: ["node"],
    typeRoots: [path.join(REPO_ROOT, "node_modules/@types")],
    skipLibCheck: true,
  });
  return analyze(program, { ts, packageRoot: root, packageName: "virtual", ...(options.strict === undefined ? {} : { strict: options.strict }) });
}
