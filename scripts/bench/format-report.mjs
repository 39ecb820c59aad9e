// The benchmark's tables (Markdown, ready for docs/benchmarks.md) and the budget of issue #7.
import { BUNDLE_BUDGET_BYTES } from "./bundle-size-budget.mjs";
import { CATALOG_BUDGET } from "./catalog-budget.mjs";
import { VALIDATORS, WORST_CASE_BUDGET_MS } from "./worst-case-validation.mjs";

/** Which row each ratio is taken against. */
const BASE = { toolgen: "floor", tjsg: "floor", tspcPlain: "tscEmit", tspcToolgen: "tscEmit", typia: "tscEmitTypia" };
const ROWS = [
  ["floor", "toolgen", "tjsg"],
  ["tscEmit", "tspcPlain", "tspcToolgen"],
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
  add(`\`toolgen build\` ≤ 1.2× the \`tsc --noEmit\` floor${at}`, `${ms(r.toolgen.medianMs)} / ${ms(r.floor.medianMs)} = ${ratio(buildRatio)}${perRoundText(r.toolgen, r.floor)}`, usable("toolgen") ? buildRatio <= 1.2 : undefined);
  add(
    `\`toolgen build\` faster than ts-json-schema-generator${at}`,
    `${ms(r.toolgen.medianMs)} vs ${ms(r.tjsg.medianMs)} (${ratio(r.toolgen.medianMs / r.tjsg.medianMs)})`,
    usable("toolgen") && usable("tjsg") ? r.toolgen.medianMs < r.tjsg.medianMs : undefined,
  );
  if (usable("tspcToolgen")) {
    const t = r.tspcToolgen.medianMs / r.tscEmit.medianMs;
    const plain = r.tspcToolgen.medianMs / r.tspcPlain.medianMs;
    add(
      `\`tspc\` with toolgen ≤ 1.15× plain \`tsc\` emit${at}`,
      `${ms(r.tspcToolgen.medianMs)} / ${ms(r.tscEmit.medianMs)} = ${ratio(t)} (${ratio(plain)} \`tspc\` without a plugin${perRoundText(r.tspcToolgen, r.tscEmit)})`,
      t <= 1.15,
    );
  } else {
    add(`\`tspc\` with toolgen ≤ 1.15× plain \`tsc\` emit${at}`, r.tspcToolgen?.skipped ? `skipped: ${r.tspcToolgen.skipped}` : `failed: ${r.tspcToolgen?.failed}`, undefined);
  }
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
      const baseName = BASE[id] === "floor" ? "floor" : BASE[id] ? "its `tsc` emit" : "";
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

function compileWithRegistryText(runs) {
  if (!runs?.length) return "";
  const line = (c) =>
    c.failed
      ? `N = ${c.n}: failed: ${c.failed}`
      : `N = ${c.n}: after \`toolgen build\`, \`tsc\` over the sources and the generated registry module takes ${ms(c.withRegistry.wallMs)} (${mib(c.withRegistry.maxRssKiB)}, one run), ` +
        `against ${ms(c.withoutRegistry.wallMs)} (${mib(c.withoutRegistry.maxRssKiB)}) for the sources alone: ${ratio(c.withRegistry.wallMs / c.withoutRegistry.wallMs)} the time, ${ratio(c.withRegistry.maxRssKiB / c.withoutRegistry.maxRssKiB)} the memory.`;
  return ["### The generated module in the application's `tsc`", "", runs.map(line).join("\n\n")].join("\n");
}

export function formatReport(report) {
  const m = report.machine;
  const versions = Object.entries(m.versions).map(([k, v]) => `${k} ${v}`).join(", ");
  const budget = ["### Budget (issue #7)", "", "| budget line | measured | verdict |", "|---|---|---|", ...report.budget.map((b) => `| ${b.line} | ${b.measured}${b.note ? ` — ${b.note}` : ""} | ${b.verdict} |`)];
  return [
    `## Results`,
    "",
    `Node ${m.node}, ${m.cores} cores (${m.cpu}), ${m.memoryGiB.toFixed(1)} GiB; ${versions}. Peak memory: ${m.memorySource}. ` +
      `Load average ${m.loadAtStart.toFixed(2)} at start, ${m.loadAtEnd.toFixed(2)} at end; ${Math.round(report.durationS)} s in all.`,
    "",
    ...report.builds.map((b) => buildTable(b, report.options.reps) + "\n"),
    linearityTable(report.builds),
    "",
    compileWithRegistryText(report.compileWithRegistry),
    "",
    runtimeTables(report.runtime),
    "",
    bundleSizeText(report.bundleSize),
    "",
    worstCaseText(report.worstCase),
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
