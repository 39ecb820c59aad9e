import * as path from "node:path";
import { analyze, type AnalyzeResult } from "@toolgen/core";
import * as ts from "typescript";
import { REPO_ROOT } from "./temp-project.js";

/**
 * Analyzes one in-memory source file as `src/tools.ts` of a package inside the repository
 * (so `@toolgen/runtime` and `@types/node` resolve), without touching the disk.
 */
export function analyzeSource(source: string, options: { strict?: boolean } = {}): AnalyzeResult {
  const root = path.join(REPO_ROOT, ".virtual-package");
  const fileName = path.join(root, "src/tools.ts");
  const compilerOptions: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    rootDir: path.join(root, "src"),
    outDir: path.join(root, "dist"),
    types: ["node"],
    typeRoots: [path.join(REPO_ROOT, "node_modules/@types")],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(compilerOptions);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => f === fileName || fileExists.call(host, f);
  host.readFile = (f) => (f === fileName ? source : readFile.call(host, f));
  host.getSourceFile = (f, v, ...rest) => (f === fileName ? ts.createSourceFile(f, source, v) : getSourceFile.call(host, f, v, ...rest));
  const program = ts.createProgram([fileName], compilerOptions, host);
  return analyze(program, { ts, packageRoot: root, packageName: "virtual", ...(options.strict === undefined ? {} : { strict: options.strict }) });
}
