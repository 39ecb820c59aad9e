// Measures `toolgen watch`'s incremental rebuild against a cold build, on a generated
// 500-tool project (50 files of 10 tools). Run after `npm run build`:
//   node scripts/bench-watch.mjs [tools=500] [rounds=5]
// Cold: a new watch session's first program, analysis and rendering of both outputs (what
// `toolgen build` does after start-up). Rebuild: one file edited and invalidated, the next
// program (reusing every other source file), analysis and rendering (what `toolgen watch` does
// per change). Medians of several rounds, in this one process.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { generateProject } from "./generate-tools.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { planBuild } = await import(path.join(root, "packages/cli/dist/build/plan-build.js"));
const { createWatchPrograms, loadProjectInfo, typescriptOf } = await import(path.join(root, "packages/cli/dist/project/load-project.js"));

const tools = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), "toolgen-bench-"));
try {
  generateProject(dir, tools, 10);
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "junction");
  const info = loadProjectInfo(path.join(dir, "tsconfig.json"));
  const ts = typescriptOf(info);
  const time = (fn) => {
    const start = performance.now();
    const result = fn();
    return [performance.now() - start, result];
  };

  const cold = [];
  let programs;
  for (let i = 0; i < rounds; i++) {
    const [ms, result] = time(() => {
      const session = createWatchPrograms(info);
      return { session, plan: planBuild(ts, info, session.next()) };
    });
    if (result.plan.entryCount !== tools) throw new Error(`expected ${tools} entries, got ${result.plan.entryCount}`);
    cold.push(ms);
    programs = result.session;
  }

  // Like `toolgen watch`: one session and one registry module cache.
  const edited = path.join(dir, "src", "tools7.ts");
  const original = readFileSync(edited, "utf8");
  const cache = {};
  planBuild(ts, info, programs.next(), cache);
  const rebuildAfter = (edit, check) => {
    const times = [];
    for (let i = 0; i < rounds; i++) {
      writeFileSync(edited, edit(i));
      const [ms, plan] = time(() => {
        programs.invalidate([edited]);
        return planBuild(ts, info, programs.next(), cache);
      });
      if (!check(plan, i)) throw new Error("the rebuild did not see the edit");
      times.push(ms);
    }
    return times;
  };
  // A description: the schemas change, so the manifest and the registry module are written again.
  const described = rebuildAfter((i) => original.replace("looks things up.", `looks things up (edit ${i}).`), (plan, i) => plan.files[0].content.includes(`(edit ${i})`));
  // A function body: the manifest is re-derived, the registry module comes from the cache.
  const body = rebuildAfter((i) => original.replace("tags.length, query", `tags.length + ${i}, query`), (plan) => plan.entryCount === tools);

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const c = median(cold);
  const d = median(described);
  const b = median(body);
  console.log(`${tools} tools, ${rounds} rounds, node ${process.version}`);
  console.log(`cold build (new session, analysis, outputs): median ${c.toFixed(0)} ms`);
  console.log(`watch rebuild, one description edited:       median ${d.toFixed(0)} ms (${(c / d).toFixed(1)}x faster)`);
  console.log(`watch rebuild, one function body edited:     median ${b.toFixed(0)} ms (${(c / b).toFixed(1)}x faster)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
