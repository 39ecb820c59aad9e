// Child process of the benchmark: compiles the generated registry module the way esbuild, swc
// or `ts.transpileModule` users do — one file, no type check — into the corpus's dist/.
// (`tsc` over the whole program is measured apart: see docs/benchmarks.md.) Prints one JSON line.
//
// Usage: node transpile-registry.mjs <src/tools.generated.ts> <dist/tools.generated.js>
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const [input, output] = process.argv.slice(2);
const ts = createRequire(import.meta.url)("typescript");
const t0 = performance.now();
const { outputText } = ts.transpileModule(readFileSync(input, "utf8"), {
  fileName: input,
  compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
});
writeFileSync(output, outputText);
console.log(JSON.stringify({ transpileMs: performance.now() - t0, bytes: outputText.length }));
