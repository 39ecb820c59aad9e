#!/usr/bin/env node
// Summarizes a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and
// the inclusive (self + callees) time of the functions whose name or file matches a pattern.
// Used to find where a benchmark's time goes; see docs/benchmarks.md.
//
// Usage: node scripts/bench/summarize-profile.mjs <file.cpuprofile> [--top 25] [--match <regexp>]
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error("usage: summarize-profile.mjs <file.cpuprofile> [--top 25] [--match <regexp>]");
const option = (name, fallback) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : fallback;
};
const top = Number(option("--top", "25"));
const match = option("--match", undefined);

const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node, from the sample intervals.
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url) => url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "").replace(/^.*\/packages\//, "packages/");
const keyOf = (n) => `${n.callFrame.functionName || "(anonymous)"} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const selfByKey = new Map();
for (const [id, us] of selfUs) {
  const key = keyOf(nodes.get(id));
  selfByKey.set(key, (selfByKey.get(key) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms`;
console.log(`total sampled: ${(totalUs / 1000).toFixed(0)} ms\n\nself time:`);
for (const [key, us] of [...selfByKey].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${key}`);

// Inclusive time: a sample counts once for each distinct matching function on its stack.
const inclusive = new Map();
const matcher = new RegExp(match ?? "packages/(core|cli|runtime|transformer)/dist/");
for (const [id, us] of selfUs) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = keyOf(nodes.get(at));
    if (!seen.has(key) && matcher.test(key)) {
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
}
console.log(`\ninclusive time of functions matching ${matcher}:`);
for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${key}`);
