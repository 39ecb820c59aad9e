#!/usr/bin/env node
// Counts the machine instructions of the build commands on the synthetic corpus, under
// valgrind's callgrind: the same count for the same code whatever else the machine does, where
// wall times on this shared machine move by tens of per cent. For judging a change to the
// build's own code, or to what the registry module costs the application's `tsc` (run it
// before and after); the budget's verdicts stay wall-time ratios (`npm run bench`). Node runs
// --single-threaded --predictable, so that its compiler and collector threads do not vary the
// count; no more than two commands run at once.
//
//   node scripts/bench/count-instructions.mjs [--n 200] [--repo <toolgen checkout>]
//
// About 4 minutes at N = 200 on 2 cores (callgrind runs code ~50× slower).
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { generateCorpus, REPO_ROOT } from "./generate-corpus.mjs";

const argument = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const n = Number(argument("--n", "200"));
const repo = path.resolve(argument("--repo", REPO_ROOT));
try {
  execFileSync("valgrind", ["--version"], { stdio: "ignore" });
} catch {
  throw new Error("valgrind is not installed (Debian: apt-get install valgrind)");
}

const modules = path.join(repo, "node_modules");
const commands = {
  floor: [path.join(modules, "typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit"],
  toolgen: [path.join(repo, "packages/cli/bin/toolgen.js"), "build", "-p", "tsconfig.json"],
  tspcPlain: [path.join(modules, "ts-patch/bin/tspc.js"), "-p", "tsconfig.json"],
  tspcToolgen: [path.join(modules, "ts-patch/bin/tspc.js"), "-p", "tsconfig.transformer.json"],
  // The application's compiler over its sources, then over its sources and the registry module.
  tscSources: [path.join(modules, "typescript/bin/tsc"), "-p", "tsconfig.json"],
  tscModule: [path.join(modules, "typescript/bin/tsc"), "-p", "tsconfig.json"],
};
const FLAGS = ["--single-threaded", "--predictable"];

const workspace = mkdtempSync(path.join(tmpdir(), "toolgen-instructions-"));
const corpus = path.join(workspace, "corpus");
generateCorpus({ n, dir: corpus, modulesFrom: modules });

/** The instructions one command runs, in a copy of the corpus of its own. */
async function count(name) {
  const dir = path.join(workspace, name);
  cpSync(corpus, dir, { recursive: true, verbatimSymlinks: true });
  // Once without valgrind: toolgen keeps V8's code of TypeScript in a cache whose key holds
  // the V8 flags; the counted run must find it, as every build but the first does. Then the
  // outputs go, so the counted run reads the sources alone.
  execFileSync(process.execPath, [...FLAGS, ...commands[name]], { cwd: dir, stdio: "ignore" });
  rmSync(path.join(dir, "dist"), { recursive: true, force: true });
  rmSync(path.join(dir, "src/tools.generated.ts"), { force: true });
  if (name === "tscModule") execFileSync(process.execPath, commands.toolgen, { cwd: dir, stdio: "ignore" });
  const child = spawn("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, ...FLAGS, ...commands[name]], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  await new Promise((resolve) => child.on("close", resolve));
  const collected = /Collected : (\d+)/.exec(stderr);
  if (!collected) throw new Error(`${name}: no count from callgrind:\n${stderr.slice(-2000)}`);
  return Number(collected[1]);
}

const counts = {};
for (const pair of [["floor", "toolgen"], ["tspcPlain", "tspcToolgen"], ["tscSources", "tscModule"]]) {
  const [a, b] = await Promise.all(pair.map(count));
  counts[pair[0]] = a;
  counts[pair[1]] = b;
}
rmSync(workspace, { recursive: true, force: true });
const g = (v) => `${(v / 1e9).toFixed(3)} G`;
console.log(`instructions, synthetic corpus, N = ${n} (${path.relative(process.cwd(), repo) || "."})`);
console.log(`  toolgen build               ${g(counts.toolgen)} / tsc --noEmit ${g(counts.floor)} = ${(counts.toolgen / counts.floor).toFixed(3)}×`);
console.log(`  tspc + @toolgen/transformer ${g(counts.tspcToolgen)} / tspc alone ${g(counts.tspcPlain)} = ${(counts.tspcToolgen / counts.tspcPlain).toFixed(3)}×`);
console.log(`  tsc, sources + module       ${g(counts.tscModule)} / sources alone ${g(counts.tscSources)} = ${(counts.tscModule / counts.tscSources).toFixed(3)}×`);
