// The benchmark's tables (Markdown, ready for docs/benchmarks.md) and the budget of issue #7.
import { BUNDLE_BUDGET_BYTES } from "./bundle-size-budget.mjs";
import { CATALOG_BUDGET } from "./catalog-budget.mjs";
import { VALIDATORS, WORST_CASE_BUDGET_MS } from "./worst-case-validation.mjs";

/** Which row each ratio is taken against. */
const BASE = { toolgen: "floor", tjsg: "floor", tspcPlain: "tscEmit", tspcToolgen: "tspcPlain", patchedToolgen: "tscEmit", typia: "tscEmitTypia" };
const BASE_NAME = { floor: "floor", tscEmit: "`tsc` emit", tspcPlain: "`tspc` alone", tscEmitTypia: "its `tsc` emit" };
const ROWS = [
  ["floor", "toolgen", "tjsg"],
  ["tscEmit", "tspcPlain", "tspcToolgen", "patchedToolgen"],
  ["tscEmitTypia", "typia"],
];
/** Validation within this band of ajv's throughput counts as equal (tinybench's run-to-run noise). */
const NOISE_BAND = 0.03;

const ms = (v) => (Number.isFinite(v) ? `${v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(1)} ms` : "–");
const mib = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(0)} MiB` : "–");
const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : "–");
const perSecond = (v) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString("en-US")}/s` : "–");
const bytes = (b) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MiB` : `${(b / 1024).toFixed(0)} KiB`);

/**
 * The median over rounds of `a`'s time over `b`'s in the same round, or undefined when their
 * rounds do not pair up. The commands of one round run back to back, so load that drifts
 * during a run moves both alike: steadier than the ratio of the medians, which the verdicts use.
 */
export function perRoundRatio(a, b) {
  if (!a || !b || a.singleRun || b.singleRun || a.wallMs.length === 0 || a.wallMs.length !== b.wallMs.length) return undefined;
  const ratios = a.wallMs.map((w, i) => w / b.wallMs[i]).sort((x, y) => x - y);
  const mid = ratios.length >> 1;
  return ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
}
const perRoundText = (a, b) => {
  const value = perRoundRatio(a, b);
  return value === undefined ? "" : `; median of the rounds' own ratios ${ratio(value)}`;
};

function toolsOf(build, id) {
  return id === "typia" || id === "tscEmitTypia" ? build.typiaTools : build.tools;
}

function marginal(builds, id) {
  const out = [];
  for (let i = 1; i < builds.length; i++) {
    const a = builds[i - 1];
    const b = builds[i];
    out.push((b.results[id].medianMs - a.results[id].medianMs) / (toolsOf(b, id) - toolsOf(a, id)));
  }
  return out;
}

/** The budget lines of issue #7, each with what was measured and a verdict. */
export function evaluateBudget(report) {
  const build = report.builds.find((b) => b.n === 1000) ?? report.builds[report.builds.length - 1];
  const at = build.n === 1000 ? "" : ` (at N = ${build.n}, not 1000)`;
  const r = build.results;
  const lines = [];
  const add = (line, measured, pass, note) => lines.push({ line, measured, verdict: pass === undefined ? "n/a" : pass ? "pass" : "FAIL", ...(note ? { note } : {}) });
  const usable = (id) => r[id] && !r[id].skipped && !r[id].failed && Number.isFinite(r[id].medianMs);

  const buildRatio = r.toolgen.medianMs / r.floor.medianMs;
  add(`\`toolgen build\` ≤ 1.35× the \`tsc --noEmit\` floor, synthetic corpus${at}`, `${ms(r.toolgen.medianMs)} / ${ms(r.floor.medianMs)} = ${ratio(buildRatio)}${perRoundText(r.toolgen, r.floor)}`, usable("toolgen") ? buildRatio <= 1.35 : undefined);
  add(
    `\`toolgen build\` faster than ts-json-schema-generator${at}`,
    `${ms(r.toolgen.medianMs)} vs ${ms(r.tjsg.medianMs)} (${ratio(r.toolgen.medianMs / r.tjsg.medianMs)})`,
    usable("toolgen") && usable("tjsg") ? r.toolgen.medianMs < r.tjsg.medianMs : undefined,
  );
  const transformerLine = (line, id, base) => {
    if (!usable(id) || !usable(base)) return add(line, r[id]?.skipped ? `skipped: ${r[id].skipped}` : `failed: ${r[id]?.failed ?? r[base]?.failed}`, undefined);
    const value = r[id].medianMs / r[base].medianMs;
    add(line, `${ms(r[id].medianMs)} / ${ms(r[base].medianMs)} = ${ratio(value)}${perRoundText(r[id], r[base])}`, value <= 1.35);
  };
  transformerLine(`\`tspc\` + @toolgen/transformer ≤ 1.35× \`tspc\` without a plugin, synthetic corpus${at}`, "tspcToolgen", "tspcPlain");
  transformerLine(`\`tsc\` patched by \`ts-patch install\`, with the plugin, ≤ 1.35× plain \`tsc\`, synthetic corpus${at}`, "patchedToolgen", "tscEmit");
  const memoryRatio = r.toolgen.medianRssKiB / r.floor.medianRssKiB;
  add(`peak memory of \`toolgen build\` ≤ 1.25× the floor's${at}`, `${mib(r.toolgen.medianRssKiB)} / ${mib(r.floor.medianRssKiB)} = ${ratio(memoryRatio)}`, usable("toolgen") ? memoryRatio <= 1.25 : undefined);

  if (report.builds.length >= 2 && usable("toolgen")) {
    const m = marginal(report.builds, "toolgen");
    const floor = marginal(report.builds, "floor");
    const growth = m[m.length - 1] / m[0];
    add(
      "cost grows linearly with N (marginal ms per tool, last interval ≤ 1.5× the first)",
      `toolgen ${m.map((v) => v.toFixed(2)).join(" → ")} ms/tool (${ratio(growth)}); floor ${floor.map((v) => v.toFixed(2)).join(" → ")}`,
      m.length >= 2 && m[0] > 0 ? growth <= 1.5 : undefined,
      m.length < 2 ? "needs three sizes of N" : m[0] <= 0 ? "too noisy: the first marginal cost is not positive" : undefined,
    );
  } else {
    add("cost grows linearly with N", "needs at least two sizes of N", undefined);
  }

  if (report.realistic) {
    const q = report.realistic.results;
    const ok = (id) => q[id] && !q[id].failed && Number.isFinite(q[id].medianMs);
    const build = q.toolgen.medianMs / q.floor.medianMs;
    add(`\`toolgen build\` ≤ 0.4× \`tsc --noEmit\`, realistic corpus (zod's sources, ${report.realistic.tools} tools)`, `${ms(q.toolgen.medianMs)} / ${ms(q.floor.medianMs)} = ${ratio(build)}`, ok("toolgen") && ok("floor") ? build <= 0.4 : undefined);
    const transformer = q.tspcToolgen.medianMs / q.tspcPlain.medianMs;
    add("`tspc` + @toolgen/transformer ≤ 1.10× `tspc` without a plugin, realistic corpus", `${ms(q.tspcToolgen.medianMs)} / ${ms(q.tspcPlain.medianMs)} = ${ratio(transformer)}${perRoundText(q.tspcToolgen, q.tspcPlain)}`, ok("tspcToolgen") && ok("tspcPlain") ? transformer <= 1.1 : undefined);
  }
  for (const m of report.moduleInCompiler ?? []) {
    const limit = m.n <= 100 ? 1.15 : 1.3;
    if (m.failed) {
      add(`\`tsc\` over the sources and the registry module ≤ ${limit}× the sources alone, N = ${m.n}`, `failed: ${m.failed}`, false);
      continue;
    }
    const value = m.compile.with.medianMs / m.compile.without.medianMs;
    add(`\`tsc\` over the sources and the registry module ≤ ${limit}× the sources alone, N = ${m.n}`, `${ms(m.compile.with.medianMs)} / ${ms(m.compile.without.medianMs)} = ${ratio(value)} (median of ${m.compile.with.wallMs.length})${perRoundText(m.compile.with, m.compile.without)}`, value <= limit);
    const editor = m.editor.withMs / m.editor.withoutMs;
    add(`tsserver's first semantic diagnostics of a file importing the registry ≤ 1.2× without, N = ${m.n}`, `${ms(m.editor.withMs)} / ${ms(m.editor.withoutMs)} = ${ratio(editor)} (median of ${m.editor.rounds})`, editor <= 1.2);
  }

  const rt = report.runtime;
  const rtAt = rt.n === 1000 ? "" : ` (registry of ${rt.n} tools, not 1000)`;
  add(
    `cold start of the 1,000-tool registry plus first call ≤ 50 ms${rtAt}`,
    `${ms(rt.cold.totalMs)} (import ${ms(rt.cold.importMs)} + first call ${ms(rt.cold.firstCallMs)})`,
    rt.firstCall.status === "ok" ? rt.cold.totalMs <= 50 : false,
    rt.firstCall.status === "ok" ? undefined : `first call: ${rt.firstCall.status}`,
  );
  if (rt.split) {
    const split = rt.split;
    add(
      `… the same registry written with \`split: true\`${rtAt}`,
      `${ms(split.cold.totalMs)} (import ${ms(split.cold.importMs)} + first call ${ms(split.cold.firstCallMs)})`,
      split.firstCallStatus === "ok" ? split.cold.totalMs <= 50 : false,
      split.firstCallStatus === "ok" ? undefined : `first call: ${split.firstCallStatus}`,
    );
  }
  if (rt.callStartup) {
    const { large, small } = rt.callStartup;
    const value = large.medianMs / small.medianMs;
    add(`\`toolgen call\` in a project of ${rt.n} tools ≤ 1.5× the same call in a project of 4`, `${ms(large.medianMs)} / ${ms(small.medianMs)} = ${ratio(value)}${perRoundText(large, small)}`, value <= 1.5);
  }
  const t = rt.throughput.results;
  const tg = (k) => t[`toolgen · ${k}`]?.perSecond;
  const validRatio = tg("valid") / t["ajv runtime-compiled · valid"]?.perSecond;
  add(
    `validation throughput ≥ ajv's on valid input (±${NOISE_BAND * 100}% counts as equal)`,
    `${perSecond(tg("valid"))} vs ${perSecond(t["ajv runtime-compiled · valid"]?.perSecond)} (${ratio(validRatio)})`,
    Number.isFinite(validRatio) ? validRatio >= 1 - NOISE_BAND : undefined,
  );
  const invalidRatio = tg("invalid") / t["typia validate · invalid"]?.perSecond;
  add(
    "validation throughput ≥ 3× typia's `validate` on invalid input",
    `${perSecond(tg("invalid"))} vs ${perSecond(t["typia validate · invalid"]?.perSecond)} (${ratio(invalidRatio)})`,
    Number.isFinite(invalidRatio) ? invalidRatio >= 3 : undefined,
  );
  const size = report.bundleSize;
  if (size) {
    const { typical } = size;
    add(
      `browser bundle of the runtime and a 10-tool registry ≤ ${kib(BUNDLE_BUDGET_BYTES)} (minified, gzipped; issue #16)`,
      `${kib(typical.gzipBytes)}, with the format checks ${typical.formats.join(", ") || "(none)"} (fixtures/bundle-size)`,
      typical.gzipBytes <= BUNDLE_BUDGET_BYTES,
    );
  }
  if (report.catalog) {
    const c = report.catalog;
    add(
      `the catalog of ${c.n} tools (toolgen docs) ≤ ${kib(CATALOG_BUDGET.bytes)}, first screen ≤ ${CATALOG_BUDGET.firstScreenMs} ms in Chromium (issue #19)`,
      `${kib(c.bytes)}, first screen ${Math.round(c.firstScreenMs)} ms, every entry ${Math.round(c.completeMs)} ms`,
      c.bytes <= CATALOG_BUDGET.bytes && c.firstScreenMs <= CATALOG_BUDGET.firstScreenMs,
    );
  }
  if (report.worstCase) {
    const toolgen = VALIDATORS.filter((v) => v.startsWith("toolgen"));
    const times = report.worstCase.flatMap((c) => toolgen.map((v) => ({ name: `${c.name} (${v.slice("toolgen ".length)})`, ms: c.ms[v] ?? Infinity })));
    const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a), { name: "none", ms: 0 });
    add(
      `worst-case validation of any keyword at the 4 MiB body limit < ${WORST_CASE_BUDGET_MS} ms (issue #20)`,
      `slowest: ${worst.name}, ${Number.isFinite(worst.ms) ? `${worst.ms.toFixed(1)} ms` : "did not finish"}`,
      worst.ms < WORST_CASE_BUDGET_MS,
    );
  }
  if (report.mcpServe) {
    const { toolgen, sdk } = report.mcpServe;
    add(
      "`toolgen serve --http` ≥ 2× the SDK's `McpServer`, p99 ≤ the SDK's, no wrong answer (stateless HTTP, 3,000 calls, 64 in flight)",
      `${perSecond(toolgen.perSecond)} vs ${perSecond(sdk.perSecond)} (${ratio(toolgen.perSecond / sdk.perSecond)}); p99 ${ms(toolgen.p99Ms)} vs ${ms(sdk.p99Ms)}; wrong ${toolgen.wrong} and ${sdk.wrong}`,
      toolgen.perSecond >= 2 * sdk.perSecond && toolgen.p99Ms <= sdk.p99Ms && toolgen.wrong === 0,
    );
  }
  if (report.mcpAuth) {
    const { on, off } = report.mcpAuth;
    add(
      "MCP over HTTP with bearer authentication ≥ 0.9× the throughput without (issue #23)",
      `${perSecond(on)} vs ${perSecond(off)} (${ratio(on / off)})`,
      on / off >= 0.9,
    );
  }
  return lines;
}

function mcpAuthText(mcpAuth) {
  if (!mcpAuth) return "";
  return [
    `### MCP over HTTP, bearer authentication (scripts/bench/mcp-auth-throughput.mjs; ${mcpAuth.calls} calls, ${mcpAuth.concurrency} in flight, median of rounds)`,
    "",
    "| endpoint | throughput |",
    "|---|---:|",
    `| without auth | ${perSecond(mcpAuth.off)} |`,
    `| with auth (ES256 JWT, scopes) | ${perSecond(mcpAuth.on)} |`,
  ].join("\n");
}

function worstCaseText(worstCase) {
  if (!worstCase) return "";
  const cell = (ms) => (ms === null || ms === undefined ? "> 5 s" : `${ms.toFixed(1)} ms`);
  return [
    "### Worst-case validation at the body limit (scripts/bench/worst-case.mjs; fastest of 3)",
    "",
    `| argument built against | size | ${VALIDATORS.join(" | ")} |`,
    `|---|---:|${VALIDATORS.map(() => "---:").join("|")}|`,
    ...worstCase.map((c) => `| ${c.name} | ${(c.bytes / 1048576).toFixed(1)} MiB | ${VALIDATORS.map((v) => cell(c.ms[v])).join(" | ")} |`),
  ].join("\n");
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function bundleSizeText(size) {
  if (!size) return "";
  const row = (label, b) => `| ${label} | ${b.tools} | ${b.formats.join(", ") || "—"} | ${kib(b.minifiedBytes)} | ${kib(b.gzipBytes)} |`;
  return [
    "### Bundle size (esbuild, `--platform=browser`, minified)",
    "",
    "| registry | tools | format checks carried | minified | gzipped |",
    "|---|---:|---|---:|---:|",
    row("fixtures/bundle-size (typical tools)", size.typical),
    row("bench corpus (large nested schemas)", size.corpus),
  ].join("\n");
}

function buildTable(build, reps) {
  const r = build.results;
  const out = [
    `### N = ${build.n} (${build.tools} tools; typia subset ${build.typiaTools})`,
    "",
    `| command | wall, median of ${reps} | ratio | peak RSS | ratio | ms / tool |`,
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const group of ROWS) {
    for (const id of group) {
      const row = r[id];
      if (row.skipped) {
        out.push(`| ${row.label} | skipped: ${row.skipped} | | | | |`);
        continue;
      }
      if (row.failed && !Number.isFinite(row.medianMs)) {
        out.push(`| ${row.label} | failed: ${row.failed.replace(/\|/g, "/")} | | | | |`);
        continue;
      }
      const base = BASE[id] ? r[BASE[id]] : undefined;
      const baseName = BASE[id] ? BASE_NAME[BASE[id]] : "";
      const runs = row.singleRun ? " (1 run)" : "";
      out.push(
        `| ${row.label}${runs} | ${ms(row.medianMs)} | ${base ? `${ratio(row.medianMs / base.medianMs)} ${baseName}` : ""} | ${mib(row.medianRssKiB)} | ${
          base ? ratio(row.medianRssKiB / base.medianRssKiB) : ""
        } | ${(row.medianMs / toolsOf(build, id)).toFixed(2)} |`,
      );
    }
  }
  if (r.toolgen.diagnostics) out.push("", `toolgen build printed diagnostics: ${r.toolgen.diagnostics}`);
  return out.join("\n");
}

function linearityTable(builds) {
  if (builds.length < 2) return "";
  const ids = ROWS.flat().filter((id) => builds.every((b) => Number.isFinite(b.results[id].medianMs)));
  const head = `| command | ${builds.map((b) => `ms/tool at N=${b.n}`).join(" | ")} | ${builds.slice(1).map((b, i) => `marginal ${builds[i].n}→${b.n}`).join(" | ")} |`;
  const out = ["### Linearity (ms per tool; marginal = extra ms per extra tool)", "", head, `|---|${builds.map(() => "---:").join("|")}|${builds.slice(1).map(() => "---:").join("|")}|`];
  for (const id of ids) {
    const per = builds.map((b) => (b.results[id].medianMs / toolsOf(b, id)).toFixed(2));
    out.push(`| ${builds[0].results[id].label} | ${per.join(" | ")} | ${marginal(builds, id).map((v) => v.toFixed(2)).join(" | ")} |`);
  }
  return out.join("\n");
}

function runtimeTables(rt) {
  const t = rt.throughput.results;
  const row = (name, valid, invalid) =>
    `| ${name} | ${perSecond(t[valid]?.perSecond)} | ${perSecond(t[invalid]?.perSecond)} | ${ratio(t[valid]?.perSecond / t["ajv runtime-compiled · valid"]?.perSecond)} | ${ratio(
      t[invalid]?.perSecond / t["typia validate · invalid"]?.perSecond,
    )} |`;
  return [
    `### Runtime: a registry of ${rt.n} tools`,
    "",
    `Generated registry module: ${bytes(rt.generatedTsBytes)} of TypeScript, ${bytes(rt.generatedJsBytes)} compiled; manifest ${bytes(rt.manifestBytes)}.`,
    `Building it (single runs): \`tsc\` over the sources ${ms(rt.compile.wallMs)}, \`toolgen build\` ${ms(rt.build.wallMs)} (${mib(rt.build.maxRssKiB)}), the registry module with \`ts.transpileModule\` (as esbuild or swc would: one file, no type check) ${ms(rt.transpile.transpileMs)}.`,
    "",
    `| cold start (fresh process, median of ${rt.cold.runs}) | time |`,
    "|---|---:|",
    `| Node.js start, before the import (not counted) | ${ms(rt.cold.nodeStartMs)} |`,
    `| \`import\` of the compiled generated registry | ${ms(rt.cold.importMs)} |`,
    `| first call (\`${rt.firstCall.name}\`, lazy import of its module, validation, invoke): ${rt.firstCall.status} | ${ms(rt.cold.firstCallMs)} |`,
    `| **import + first call** | **${ms(rt.cold.totalMs)}** |`,
    `| whole process, wall (peak RSS ${mib(rt.cold.maxRssKiB)}) | ${ms(rt.cold.processWallMs)} |`,
    `| then every entry ready to list (\`registry.entries\`; information) | ${ms(rt.cold.listAllMs)} |`,
    `| for comparison: ajv compiling the ${rt.ajvStartup.schemas} input schemas at start-up (median of ${rt.ajvStartup.runs}) | ${ms(rt.ajvStartup.compileMs)} (+ ${ms(rt.ajvStartup.totalMs - rt.ajvStartup.compileMs)} loading ajv) |`,
    ...(rt.callStartup ? [`| \`toolgen call\` of one tool, whole process (median of ${rt.callStartup.large.wallMs.length}): ${rt.n} tools against 4 | ${ms(rt.callStartup.large.medianMs)} against ${ms(rt.callStartup.small.medianMs)} |`] : []),
    ...(rt.split ? splitTable(rt) : []),
    "",
    `Validation throughput over ${rt.throughput.cases} request types (the first typia-compatible ones; validations per second, tinybench):`,
    "",
    "| validator | valid input | invalid input | valid, × ajv | invalid, × typia |",
    "|---|---:|---:|---:|---:|",
    row("toolgen (compiled from the schema on first use)", "toolgen · valid", "toolgen · invalid"),
    row("ajv 8, compiled at run time (allErrors)", "ajv runtime-compiled · valid", "ajv runtime-compiled · invalid"),
    row("typia `createValidate`", "typia validate · valid", "typia validate · invalid"),
    `| toolgen \`registry.call\` → error outcome (information) | | ${perSecond(t["toolgen registry.call · invalid (with outcome)"]?.perSecond)} | | |`,
    "",
    `Errors reported for the ${rt.throughput.cases} invalid inputs: toolgen ${rt.throughput.errorCounts.toolgen}, ajv ${rt.throughput.errorCounts.ajv}, typia ${rt.throughput.errorCounts.typia} (typia's \`validate\` does not report unexpected properties; \`validateEquals\` would).`,
    ...(rt.throughput.problems.length ? ["", `**Validators disagree:** ${rt.throughput.problems.slice(0, 5).join("; ")}`] : []),
  ].join("\n");
}

function moduleInCompilerText(runs) {
  if (!runs?.length) return "";
  const out = ["### The generated module in the application's compiler and editor", "", "| N | `tsc`, sources alone | sources + registry module | ratio | tsserver, file without the registry | importing it | ratio |", "|---:|---:|---:|---:|---:|---:|---:|"];
  for (const m of runs) {
    if (m.failed) out.push(`| ${m.n} | failed: ${m.failed} | | | | | |`);
    else out.push(`| ${m.n} | ${ms(m.compile.without.medianMs)} | ${ms(m.compile.with.medianMs)} | ${ratio(m.compile.with.medianMs / m.compile.without.medianMs)} | ${ms(m.editor.withoutMs)} | ${ms(m.editor.withMs)} | ${ratio(m.editor.withMs / m.editor.withoutMs)} |`);
  }
  return out.join("\n");
}

function realisticText(realistic, reps) {
  if (!realistic) return "";
  const q = realistic.results;
  const row = (id, base) => `| ${q[id].label} | ${ms(q[id].medianMs)} | ${base ? `${ratio(q[id].medianMs / q[base].medianMs)} ${BASE_NAME[base]}` : ""} | ${mib(q[id].medianRssKiB)} |`;
  return [
    `### Realistic corpus: zod's sources and ${realistic.tools} tools (realistic-corpus.mjs)`,
    "",
    `| command | wall, median of ${reps} | ratio | peak RSS |`,
    "|---|---:|---:|---:|",
    row("floor"),
    row("toolgen", "floor"),
    row("tspcPlain"),
    row("tspcToolgen", "tspcPlain"),
  ].join("\n");
}

function mcpServeText(serve) {
  if (!serve) return "";
  const row = (label, r) => `| ${label} | ${perSecond(r.perSecond)} | ${ms(r.p99Ms)} | ${r.wrong} |`;
  return [
    `### Serving: stateless MCP over HTTP (scripts/bench/mcp-serve-throughput.mjs; ${serve.calls} calls, ${serve.concurrency} in flight, median of ${serve.rounds} rounds)`,
    "",
    "| server (its own process) | throughput | p99 latency | wrong answers |",
    "|---|---:|---:|---:|",
    row("toolgen (`createMcpHandler` on `serveHandler`, as `toolgen serve --http`)", serve.toolgen),
    row("SDK `McpServer`, a server and transport per request (its stateless example)", serve.sdk),
  ].join("\n");
}

export function formatReport(report) {
  const m = report.machine;
  const versions = Object.entries(m.versions).map(([k, v]) => `${k} ${v}`).join(", ");
  const budget = ["### Budget (issues #7 and #18)", "", "| budget line | measured | verdict |", "|---|---|---|", ...report.budget.map((b) => `| ${b.line} | ${b.measured}${b.note ? ` — ${b.note}` : ""} | ${b.verdict} |`)];
  return [
    `## Results`,
    "",
    `Node ${m.node}, ${m.cores} cores (${m.cpu}), ${m.memoryGiB.toFixed(1)} GiB; ${versions}. Peak memory: ${m.memorySource}. ` +
      `Load average ${m.loadAtStart.toFixed(2)} at start, ${m.loadAtEnd.toFixed(2)} at end; ${Math.round(report.durationS)} s in all.`,
    "",
    ...report.builds.map((b) => buildTable(b, report.options.reps) + "\n"),
    linearityTable(report.builds),
    "",
    moduleInCompilerText(report.moduleInCompiler),
    "",
    realisticText(report.realistic, report.options.reps),
    "",
    runtimeTables(report.runtime),
    "",
    bundleSizeText(report.bundleSize),
    "",
    worstCaseText(report.worstCase),
    "",
    mcpServeText(report.mcpServe),
    "",
    mcpAuthText(report.mcpAuth),
    "",
    budget.join("\n"),
  ].join("\n");
}

/** The cold start of the same registry written with `split: true`, beside the single module's. */
function splitTable(rt) {
  const { split } = rt;
  const both = (label, pick) => `| ${label} | ${ms(pick(rt.cold))} | ${ms(pick(split.cold))} |`;
  return [
    "",
    `The same registry written with \`split: true\` (\`toolgen build\` ${ms(split.build.wallMs)}): a module of ${bytes(split.generatedJsBytes)} compiled, holding the entry heads, and ${split.chunks} chunks of ${bytes(split.chunkJsBytes)} in all${split.listJsBytes ? `, the entry list ${bytes(split.listJsBytes)} of it` : ""} (first call: ${split.firstCallStatus}).`,
    "",
    `| cold start (fresh process, median of ${split.cold.runs}) | single module | \`split: true\` |`,
    "|---|---:|---:|",
    both("`import` of the compiled generated registry", (c) => c.importMs),
    both("first call", (c) => c.firstCallMs),
    both("**import + first call**", (c) => c.totalMs),
    both("then every entry ready to list (`await registry.load()`, `registry.entries`)", (c) => c.listAllMs),
    both("whole process, wall", (c) => c.processWallMs),
  ];
}
