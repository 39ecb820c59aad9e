#!/usr/bin/env node
// `npm run demo`: builds fixtures/demo with `toolgen build`, compiles it with tsc, calls two of
// its tools through `toolgen call`, printing the outcomes the way a host receives them, and
// writes its catalog with `toolgen docs`.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const demo = path.join(root, "fixtures/demo");
const toolgen = path.join(root, "packages/cli/bin/toolgen.js");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");

function run(label, file, args) {
  console.log(`\n$ ${label}`);
  const output = execFileSync(process.execPath, [file, ...args], { cwd: demo, encoding: "utf8" });
  process.stdout.write(output);
}

run("toolgen build", toolgen, ["build"]);
run("tsc -p .", tsc, ["-p", "."]);
run("toolgen list", toolgen, ["list"]);
run(`toolgen call convert_length --args '{"value":42,"from":"km","to":"mi"}' --json`, toolgen, ["call", "convert_length", "--args", '{"value":42,"from":"km","to":"mi"}', "--json"]);
run(`toolgen call search_notes --args '{"query":"rollback","limit":2}' --json`, toolgen, ["call", "search_notes", "--args", '{"query":"rollback","limit":2}', "--json"]);
run(`toolgen call convert_length --args '{"value":"ten","from":"kg"}' --json`, toolgen, ["call", "convert_length", "--args", '{"value":"ten","from":"kg"}', "--json"]);
run("toolgen docs", toolgen, ["docs"]);
console.log(`\nOpen the catalog in a browser: ${path.join(demo, "docs/tools/index.html")}`);
