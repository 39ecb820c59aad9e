// The realistic corpus (issue #18): tools as a thin layer over a real codebase. zod's own
// TypeScript sources (shipped in its npm package; ~38k lines, self-contained) stand for the
// application, and the bench corpus's first 50 tools sit beside them in files of their own.
// The synthetic corpus (nothing but tool declarations) is the stress case; this is the case
// most users have.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { generateCorpus, REPO_ROOT } from "./generate-corpus.mjs";

export const REALISTIC_TOOLS = 50;

/** Writes the corpus to `dir`: `src/tools-*.ts` (the tools) and `src/zod/` (the application). */
export function generateRealisticCorpus({ dir, modulesFrom = path.join(REPO_ROOT, "node_modules") }) {
  const corpus = generateCorpus({ n: REALISTIC_TOOLS, dir, modulesFrom });
  const zod = path.join(modulesFrom, "zod", "src");
  if (!existsSync(zod)) throw new Error(`zod's sources are missing (${zod}): npm install?`);
  // Its tests and benchmarks need test frameworks; the library itself needs nothing.
  cpSync(zod, path.join(dir, "src", "zod"), { recursive: true, filter: (source) => !/([\\/](tests|__tests__|benchmarks)([\\/]|$))|\.test\.ts$/.test(source) });
  const tsconfigPath = path.join(dir, "tsconfig.json");
  const tsconfig = JSON.parse(readFileSync(tsconfigPath, "utf8"));
  // zod uses URL, atob and btoa, which TypeScript declares in the DOM library.
  tsconfig.compilerOptions.lib = [...(tsconfig.compilerOptions.lib ?? []), "DOM"];
  writeFileSync(tsconfigPath, `${JSON.stringify(tsconfig, null, 2)}\n`);
  rmSync(path.join(dir, "samples.json"), { force: true });
  return { dir, tools: corpus.tools };
}
