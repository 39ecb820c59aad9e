// The size an application ships to a browser or an edge worker: the runtime plus a registry,
// bundled by esbuild for the browser, minified and gzipped. The registry's validators import
// the format checks they use, and only those. Two registries of ten tools: fixtures/bundle-size
// (tools of the kinds applications write — the budget line) and the bench corpus's (each tool
// a large nested schema — the stress case).
import { cpSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { generateCorpus, REPO_ROOT } from "./generate-corpus.mjs";

/** Both registries' sizes, built in `workspace`. */
export async function benchBundleSize({ workspace, toolgen }) {
  const fixture = path.join(workspace, "bundle-size");
  cpSync(path.join(REPO_ROOT, "fixtures/bundle-size"), fixture, { recursive: true, filter: (source) => !/[\\/](dist|node_modules)([\\/]|$)|tools\.generated\.ts$/.test(source) });
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(fixture, "node_modules"), "junction");
  const corpus = path.join(workspace, "bundle-size-corpus");
  generateCorpus({ n: 10, dir: corpus });
  return { typical: await measure(fixture, toolgen), corpus: await measure(corpus, toolgen) };
}

/** `{ tools, formats, minifiedBytes, gzipBytes }` of a browser bundle of the project's registry and the runtime. */
async function measure(dir, toolgen) {
  const built = spawnSync(process.execPath, [toolgen, "build"], { cwd: dir, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`toolgen build failed in ${dir}: ${built.stderr}`);
  const registry = readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8");
  const tools = (registry.match(/lazyEntry\(\{"kind":"tool"|lazyEntry\("tool"/g) ?? []).length;
  const formats = [...(registry.match(/import \{([^}]*)\} from "@toolgen\/runtime\/formats"/)?.[1] ?? "").matchAll(/(\w+) as/g)].map((m) => m[1]);
  // What an application does with it: dispatch the model's calls.
  const entry = path.join(dir, "app.ts");
  writeFileSync(entry, 'import { registry } from "./src/tools.generated.js";\nexport const dispatch = (name: string, args: unknown) => registry.dispatch(name, args);\n');
  const result = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "browser", minify: true, write: false, logLevel: "silent" });
  const code = result.outputFiles[0].contents;
  return { tools, formats, minifiedBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
}
