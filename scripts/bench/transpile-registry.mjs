// Child process of the benchmark: compiles the generated registry module the way esbuild, swc
// or `ts.transpileModule` users do — one file at a time, no type check — into the corpus's
// dist/, with its chunks (`split: true`) when there are any.
// (`tsc` over the whole program is measured apart: see docs/benchmarks.md.) Prints one JSON line.
//
// Usage: node transpile-registry.mjs <src/tools.generated.ts> <dist/tools.generated.js>
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { performance } from "node:perf_hooks";

const [input, output] = process.argv.slice(2);
const ts = createRequire(import.meta.url)("typescript");
const chunksIn = input.replace(/\.ts$/, ".chunks");
const chunksOut = output.replace(/\.js$/, ".chunks");
const files = [[input, output]];
if (existsSync(chunksIn)) {
  mkdirSync(chunksOut, { recursive: true });
  for (const name of readdirSync(chunksIn).sort()) files.push([path.join(chunksIn, name), path.join(chunksOut, name.replace(/\.ts$/, ".js"))]);
}
const t0 = performance.now();
const bytes = files.map(([from, to]) => {
  const { outputText } = ts.transpileModule(readFileSync(from, "utf8"), {
    fileName: from,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  writeFileSync(to, outputText);
  return outputText.length;
});
// The entry list (what `registry.load()` imports) is one of the chunks: its size, apart.
const listBytes = files.reduce((sum, [from], i) => (/[\\/]entries\.list\.[cm]?ts$/.test(from) ? sum + bytes[i] : sum), 0);
console.log(JSON.stringify({ transpileMs: performance.now() - t0, bytes: bytes[0], chunks: bytes.length - 1, chunkBytes: bytes.slice(1).reduce((a, b) => a + b, 0), listBytes }));
