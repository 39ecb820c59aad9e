#!/usr/bin/env node
// `npm run bench`: toolgen against its peers on a generated corpus (scripts/bench/generate-corpus.mjs),
// and the performance budget of issues #7 and #18. See docs/benchmarks.md.
//
//   node scripts/bench/run.mjs [--n 100,500,1000] [--reps 5] [--quick] [--runtime-n 1000]
//                              [--cold-runs 15] [--validators 40] [--time 1000] [--single-run-s 60]
//                              [--json <file>] [--keep] [--repo <toolgen checkout>]
//
// For each N, every build command runs once to warm up, then `--reps` times, interleaved
// (the order rotates each round), each in a fresh process; the tables show medians. A command
// whose warm-up took longer than --single-run-s seconds is not repeated (marked "1 run").
// --quick: N = 100, 2 rounds, a 100-tool registry and short throughput runs (a smoke test).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchBundleSize } from "./bundle-size.mjs";
import { benchCatalog } from "./catalog.mjs";
import { benchMcpAuth } from "./mcp-auth-throughput.mjs";
import { benchMcpServe } from "./mcp-serve-throughput.mjs";
import { patchTypescript } from "./patched-typescript.mjs";
import { generateRealisticCorpus } from "./realistic-corpus.mjs";
import { benchWorstCase } from "./worst-case-validation.mjs";
import { evaluateBudget, formatReport } from "./format-report.mjs";
import { generateCorpus, REPO_ROOT } from "./generate-corpus.mjs";
import { measureNode, median, memorySource } from "./measure-process.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

function parseArguments(argv) {
  const options = { n: [100, 500, 1000], reps: 5, quick: false, keep: false, runtimeN: undefined, coldRuns: 15, validators: 40, time: 1000, singleRunS: 60, json: undefined, repo: REPO_ROOT };
  const given = new Set();
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${key} needs a value`);
      return v;
    };
    given.add(key);
    if (key === "--n") options.n = value().split(",").map((s) => Number(s.trim()));
    else if (key === "--reps") options.reps = Number(value());
    else if (key === "--quick") options.quick = true;
    else if (key === "--keep") options.keep = true;
    else if (key === "--runtime-n") options.runtimeN = Number(value());
    else if (key === "--cold-runs") options.coldRuns = Number(value());
    else if (key === "--validators") options.validators = Number(value());
    else if (key === "--time") options.time = Number(value());
    else if (key === "--single-run-s") options.singleRunS = Number(value());
    else if (key === "--json") options.json = path.resolve(value());
    else if (key === "--repo") options.repo = path.resolve(value());
    else if (key === "--help" || key === "-h") {
      console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(1, 12).map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
      process.exit(0);
    } else throw new Error(`unknown option ${key} (try --help)`);
  }
  if (options.quick) {
    if (!given.has("--n")) options.n = [100];
    if (!given.has("--reps")) options.reps = 2;
    if (!given.has("--cold-runs")) options.coldRuns = 5;
    if (!given.has("--time")) options.time = 200;
  }
  if (options.n.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--n takes positive integers, e.g. --n 100,500,1000");
  options.n.sort((a, b) => a - b);
  options.runtimeN ??= Math.max(...options.n);
  return options;
}

/** The commands, resolved in the checkout under test. */
function locateTools(repo) {
  const modules = path.join(repo, "node_modules");
  const tools = {
    tsc: path.join(modules, "typescript/bin/tsc"),
    tsserver: path.join(modules, "typescript/lib/tsserver.js"),
    tspc: path.join(modules, "ts-patch/bin/tspc.js"),
    tjsg: path.join(modules, "ts-json-schema-generator/bin/ts-json-schema-generator.js"),
    toolgen: path.join(repo, "packages/cli/bin/toolgen.js"),
  };
  for (const [name, file] of Object.entries(tools)) if (!existsSync(file)) throw new Error(`missing ${name}: ${file} (npm install?)`);
  if (!existsSync(path.join(repo, "packages/cli/dist/index.js"))) throw new Error("toolgen is not built: run `npm run build` first");
  const transformerPackage = path.join(modules, "@toolgen/transformer/package.json");
  let transformer = { available: false, note: "packages/transformer does not exist in this checkout" };
  if (existsSync(transformerPackage)) {
    const pkg = JSON.parse(readFileSync(transformerPackage, "utf8"));
    const main = path.join(path.dirname(transformerPackage), pkg.exports?.["."]?.default ?? pkg.main ?? "index.js");
    transformer = existsSync(main) ? { available: true } : { available: false, note: `@toolgen/transformer is not built (${path.relative(repo, main)} missing)` };
  }
  return { ...tools, transformer };
}

function readPackageVersion(repo, name) {
  return JSON.parse(readFileSync(path.join(repo, "node_modules", name, "package.json"), "utf8")).version;
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

/** Deletes what toolgen (CLI or transformer) writes, so the next command sees the bare sources. */
function removeToolgenOutput(dir) {
  rmSync(path.join(dir, "src/tools.generated.ts"), { force: true });
  rmSync(path.join(dir, "dist/toolgen.manifest.json"), { force: true });
  rmSync(path.join(dir, "dist/tools.generated.js"), { force: true });
}

function buildCases({ tools, toolgenDir, typiaDir, workspace }) {
  const schemaOut = path.join(workspace, "ts-json-schema-generator.schema.json");
  /** A compiler run with the transformer plugin (tsconfig.transformer.json), its output removed after. */
  const transformerCase = (id, label, compiler) => ({
    id,
    label,
    cwd: toolgenDir,
    args: [compiler, "-p", "tsconfig.transformer.json"],
    skip: tools.transformer.available ? undefined : tools.transformer.note,
    after: () => removeToolgenOutput(toolgenDir),
  });
  return [
    { id: "floor", label: "`tsc --noEmit` (floor)", cwd: toolgenDir, args: [tools.tsc, "-p", "tsconfig.json", "--noEmit"] },
    { id: "toolgen", label: "`toolgen build`", cwd: toolgenDir, args: [tools.toolgen, "build", "-p", "tsconfig.json"], after: () => removeToolgenOutput(toolgenDir) },
    { id: "tjsg", label: "ts-json-schema-generator (all types)", cwd: toolgenDir, args: [tools.tjsg, "-f", "tsconfig.json", "--type", "*", "-o", schemaOut] },
    { id: "tscEmit", label: "`tsc` (emit)", cwd: toolgenDir, args: [tools.tsc, "-p", "tsconfig.json"] },
    { id: "tspcPlain", label: "`tspc`, no plugin (emit)", cwd: toolgenDir, args: [tools.tspc, "-p", "tsconfig.json"] },
    transformerCase("tspcToolgen", "`tspc` + @toolgen/transformer", tools.tspc),
    transformerCase("patchedToolgen", "`tsc` patched by `ts-patch install` + @toolgen/transformer", tools.patchedTsc),
    { id: "tscEmitTypia", label: "`tsc` (emit), typia subset", cwd: typiaDir, args: [tools.tsc, "-p", "tsconfig.json"] },
    { id: "typia", label: "`tspc` + typia `llm.application`", cwd: typiaDir, args: [tools.tspc, "-p", "tsconfig.typia.json"] },
  ];
}

function runCase(item) {
  item.before?.();
  const result = measureNode(item.args, { cwd: item.cwd, env: item.env ?? { ...process.env, NO_COLOR: "1" } });
  item.after?.();
  return result;
}

function benchBuilds({ n, options, tools, workspace }) {
  const toolgenDir = path.join(workspace, `n${n}`, "toolgen");
  const typiaDir = path.join(workspace, `n${n}`, "typia");
  const modulesFrom = path.join(options.repo, "node_modules");
  const toolgenCorpus = generateCorpus({ n, dir: toolgenDir, variant: "toolgen", modulesFrom });
  const typiaCorpus = generateCorpus({ n, dir: typiaDir, variant: "typia", modulesFrom });
  const results = measureInterleaved(buildCases({ tools, toolgenDir, typiaDir, workspace }), options, `N=${n}: ${toolgenCorpus.tools} tools (typia subset ${typiaCorpus.tools})`);
  return { n, tools: toolgenCorpus.tools, typiaTools: typiaCorpus.tools, results };
}

/**
 * Runs every case once to warm up, then `options.reps` rounds, interleaved (the order rotating
 * each round), each in a fresh process: `{ [id]: { wallMs[], maxRssKiB[], medianMs, … } }`.
 */
function measureInterleaved(cases, options, label) {
  const results = Object.fromEntries(cases.map((c) => [c.id, { id: c.id, label: c.label, cwd: c.cwd, wallMs: [], maxRssKiB: [], skipped: c.skip }]));
  log(`${label}; warm-up`);
  for (const item of cases) {
    if (item.skip) continue;
    const warm = runCase(item);
    results[item.id].warmup = { wallMs: warm.wallMs, maxRssKiB: warm.maxRssKiB };
    if (!warm.ok) {
      results[item.id].failed = `exit ${warm.status}: ${(warm.stderr || warm.stdout).trim().split("\n").slice(0, 6).join(" | ")}`;
      log(`${item.label} failed: ${results[item.id].failed}`);
    } else if (item.id === "toolgen" && warm.stderr.trim()) {
      results[item.id].diagnostics = warm.stderr.trim().split("\n").slice(0, 4).join(" | ");
    }
  }
  // A command whose warm-up ran longer than --single-run-s is not repeated: its warm-up is its
  // only sample (said so in the table), or one size of N would take most of an hour.
  for (const item of cases) {
    const warm = results[item.id].warmup;
    if (warm && warm.wallMs > options.singleRunS * 1000) {
      results[item.id].singleRun = true;
      results[item.id].wallMs.push(warm.wallMs);
      results[item.id].maxRssKiB.push(warm.maxRssKiB);
    }
  }
  const active = cases.filter((c) => !c.skip && !results[c.id].failed && !results[c.id].singleRun);
  for (let rep = 0; rep < options.reps; rep++) {
    const order = active.map((_, i) => active[(i + rep) % active.length]);
    for (const item of order) {
      const run = runCase(item);
      if (!run.ok) {
        results[item.id].failed = `exit ${run.status} in round ${rep + 1}`;
        continue;
      }
      results[item.id].wallMs.push(run.wallMs);
      results[item.id].maxRssKiB.push(run.maxRssKiB);
    }
    log(`${label}: round ${rep + 1}/${options.reps} done (load ${loadavg()[0].toFixed(2)})`);
  }
  for (const r of Object.values(results)) {
    r.medianMs = median(r.wallMs);
    r.medianRssKiB = median(r.maxRssKiB);
  }
  return results;
}

function runJson(args, cwd) {
  const run = measureNode(args, { cwd });
  if (!run.ok) throw new Error(`node ${args.map((a) => path.basename(a)).join(" ")} failed: ${run.stderr || run.stdout}`);
  const lines = run.stdout.trim().split("\n");
  return { ...JSON.parse(lines[lines.length - 1]), wallMs: run.wallMs, maxRssKiB: run.maxRssKiB };
}

/** Medians of the cold-start processes' measurements (see cold-start.mjs). */
function coldMedians(runs) {
  const of = (key) => median(runs.map((run) => run[key]));
  return {
    runs: runs.length,
    nodeStartMs: of("nodeStartMs"),
    importMs: of("importMs"),
    firstCallMs: of("firstCallMs"),
    totalMs: of("totalMs"),
    processWallMs: of("wallMs"),
    maxRssKiB: of("maxRssKiB"),
    listAllMs: of("listAllMs"),
  };
}

function benchRuntime({ options, tools, workspace }) {
  const n = options.runtimeN;
  const modulesFrom = path.join(options.repo, "node_modules");
  const dir = path.join(workspace, `runtime-${n}`);
  const corpus = generateCorpus({ n, dir, variant: "toolgen", modulesFrom });
  // The sources with tsc, then the registry module as esbuild or swc would compile it (one file,
  // no type check): tsc over a program holding the generated module is measured apart, below.
  log(`runtime: tsc, toolgen build and transpiling the registry module of a ${n}-tool corpus`);
  const compile = measureNode([tools.tsc, "-p", "tsconfig.json"], { cwd: dir });
  if (!compile.ok) throw new Error(`tsc (runtime corpus) failed: ${compile.stdout}${compile.stderr}`);
  const build = measureNode([tools.toolgen, "build", "-p", "tsconfig.json"], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
  if (!build.ok) throw new Error(`toolgen build (runtime corpus) failed: ${build.stderr}`);
  const registryJs = path.join(dir, "dist/tools.generated.js");
  const transpile = runJson([path.join(HERE, "transpile-registry.mjs"), path.join(dir, "src/tools.generated.ts"), registryJs], dir);
  const manifestPath = path.join(dir, "dist/toolgen.manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const first = corpus.samples[0];
  const firstEntry = manifest.entries.find((e) => e.implementation.export === first.identifier);

  log(`runtime: cold start, ${options.coldRuns} fresh processes`);
  const coldScript = path.join(HERE, "cold-start.mjs");
  const cold = [];
  for (let i = 0; i < options.coldRuns; i++) cold.push(runJson([coldScript, registryJs, firstEntry.name, JSON.stringify(first.valid)], dir));
  const badCall = cold.find((c) => c.status !== "ok");
  const ajvScript = path.join(HERE, "ajv-startup.mjs");
  const ajvRuns = [];
  for (let i = 0; i < Math.max(3, Math.ceil(options.coldRuns / 5)); i++) ajvRuns.push(runJson([ajvScript, manifestPath], dir));

  log(`runtime: typia validators for the first ${options.validators} typia-compatible request types`);
  const typiaDir = path.join(workspace, "validation-typia");
  generateCorpus({ n: options.validators * 2, dir: typiaDir, variant: "typia", validators: options.validators, modulesFrom });
  const typiaBuild = measureNode([tools.tspc, "-p", "tsconfig.typia.json"], { cwd: typiaDir });
  if (!typiaBuild.ok) throw new Error(`tspc (typia validators) failed: ${typiaBuild.stdout}${typiaBuild.stderr}`);
  log(`runtime: validation throughput (${options.time} ms per task)`);
  const throughput = runJson(
    [
      path.join(HERE, "validation-throughput.mjs"),
      "--registry", registryJs,
      "--manifest", manifestPath,
      "--typia", path.join(typiaDir, "dist/validators.js"),
      "--samples", path.join(dir, "samples.json"),
      "--time", String(options.time),
    ],
    dir,
  );

  log("runtime: toolgen call start-up against a 4-tool corpus");
  const callStartup = benchCallStartup({ dir, name: firstEntry.name, args: first.valid, tools, workspace, options });

  // Sizes of the single module, before the split build below rewrites it.
  const sizes = { generatedTsBytes: statSync(path.join(dir, "src/tools.generated.ts")).size, generatedJsBytes: statSync(registryJs).size, manifestBytes: statSync(manifestPath).size };

  // The same registry written with `split: true` (heads in the module, each source file's
  // entries and validators in a chunk imported on first use), compiled and started the same way.
  log(`runtime: the same registry with split: true, cold start, ${options.coldRuns} fresh processes`);
  writeFileSync(path.join(dir, "toolgen.config.json"), `${JSON.stringify({ split: true })}\n`);
  const splitBuild = measureNode([tools.toolgen, "build", "-p", "tsconfig.json"], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
  if (!splitBuild.ok) throw new Error(`toolgen build (split) failed: ${splitBuild.stderr}`);
  const splitTranspile = runJson([path.join(HERE, "transpile-registry.mjs"), path.join(dir, "src/tools.generated.ts"), registryJs], dir);
  const splitCold = [];
  for (let i = 0; i < options.coldRuns; i++) splitCold.push(runJson([coldScript, registryJs, firstEntry.name, JSON.stringify(first.valid)], dir));
  const badSplitCall = splitCold.find((c) => c.status !== "ok");

  return {
    n,
    build: { wallMs: build.wallMs, maxRssKiB: build.maxRssKiB },
    compile: { wallMs: compile.wallMs, maxRssKiB: compile.maxRssKiB },
    transpile: { wallMs: transpile.wallMs, transpileMs: transpile.transpileMs, maxRssKiB: transpile.maxRssKiB },
    ...sizes,
    firstCall: { name: firstEntry.name, status: badCall ? `${badCall.status} ${JSON.stringify(badCall.error ?? "")}` : "ok" },
    cold: coldMedians(cold),
    split: {
      build: { wallMs: splitBuild.wallMs, maxRssKiB: splitBuild.maxRssKiB },
      generatedJsBytes: splitTranspile.bytes,
      chunks: splitTranspile.chunks,
      chunkJsBytes: splitTranspile.chunkBytes,
      listJsBytes: splitTranspile.listBytes,
      firstCallStatus: badSplitCall ? `${badSplitCall.status} ${JSON.stringify(badSplitCall.error ?? "")}` : "ok",
      cold: coldMedians(splitCold),
    },
    ajvStartup: {
      runs: ajvRuns.length,
      schemas: ajvRuns[0].schemas,
      compileMs: median(ajvRuns.map((r) => r.compileMs)),
      totalMs: median(ajvRuns.map((r) => r.totalMs)),
      processWallMs: median(ajvRuns.map((r) => r.wallMs)),
      maxRssKiB: median(ajvRuns.map((r) => r.maxRssKiB)),
    },
    throughput,
    callStartup,
  };
}

/**
 * What the generated registry module costs the application's compiler and editor, at one N:
 * after `toolgen build`, interleaved rounds of `tsc` (emit) over the sources alone and over
 * the sources and the module; then of a fresh tsserver's first semantic diagnostics for a file
 * that imports the registry, against the same file without the import (and no module).
 */
function benchModuleInCompiler({ build, tools, options }) {
  const dir = build.results.floor.cwd;
  const generated = measureNode([tools.toolgen, "build", "-p", "tsconfig.json"], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
  if (!generated.ok) return { n: build.n, failed: `toolgen build: ${generated.stderr}` };
  const modulePath = path.join(dir, "src/tools.generated.ts");
  const moduleText = readFileSync(modulePath, "utf8");
  removeToolgenOutput(dir);
  const withModule = (present) => () => (present ? writeFileSync(modulePath, moduleText) : rmSync(modulePath, { force: true }));
  const cases = [
    { id: "without", label: "`tsc`, the sources alone", cwd: dir, args: [tools.tsc, "-p", "tsconfig.json"], before: withModule(false) },
    { id: "with", label: "`tsc`, the sources and the registry module", cwd: dir, args: [tools.tsc, "-p", "tsconfig.json"], before: withModule(true) },
  ];
  // A compile of 100 tools or fewer is short (under a second), so a busy machine moves its
  // median most: it gets three times the rounds, which cost little.
  const reps = build.n <= 100 ? options.reps * 3 : options.reps;
  const compile = measureInterleaved(cases, { ...options, reps }, `N=${build.n}: tsc with and without the generated registry module`);
  const app = path.join(dir, "src/app.ts");
  const editor = { without: [], with: [] };
  log(`N=${build.n}: tsserver's first semantic diagnostics, with and without the registry`);
  for (let round = 0; round <= options.reps; round++) {
    for (const kind of round % 2 ? ["with", "without"] : ["without", "with"]) {
      withModule(kind === "with")();
      writeFileSync(app, kind === "with" ? APP_WITH_REGISTRY : APP_WITHOUT_REGISTRY);
      const measured = firstSemanticDiagnosticsSync(app, dir, tools.tsserver);
      if (round > 0) editor[kind].push(measured); // the first round warms the file cache
    }
  }
  rmSync(app, { force: true });
  removeToolgenOutput(dir);
  return { n: build.n, compile, editor: { withoutMs: median(editor.without), withMs: median(editor.with), rounds: options.reps } };
}

const APP_WITH_REGISTRY = 'import { registry } from "./tools.generated.js";\n\nexport async function handle(name: string, args: unknown) {\n  return registry.dispatch(name, args);\n}\n';
const APP_WITHOUT_REGISTRY = "export async function handle(name: string, args: unknown) {\n  return { name, args };\n}\n";

/** `firstSemanticDiagnostics` in a child process (the bench itself runs synchronously). */
function firstSemanticDiagnosticsSync(file, projectRoot, tsserver) {
  const script = `import { firstSemanticDiagnostics } from ${JSON.stringify(pathToFileURL(path.join(HERE, "tsserver-diagnostics.mjs")).href)};\nconsole.log(JSON.stringify(await firstSemanticDiagnostics(${JSON.stringify({ file, projectRoot, tsserver })})));`;
  const run = measureNode(["--input-type=module", "-e", script], { cwd: projectRoot });
  if (!run.ok) throw new Error(`tsserver measurement failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)).ms;
}

/**
 * The realistic corpus (realistic-corpus.mjs): `toolgen build` against the `tsc --noEmit`
 * floor, and the transformer against `tspc` without a plugin, interleaved as the builds are.
 */
function benchRealistic({ options, tools, workspace }) {
  const dir = path.join(workspace, "realistic");
  const corpus = generateRealisticCorpus({ dir, modulesFrom: path.join(options.repo, "node_modules") });
  const cases = buildCases({ tools, toolgenDir: dir, typiaDir: dir, workspace }).filter((c) => ["floor", "toolgen", "tspcPlain", "tspcToolgen"].includes(c.id));
  return { tools: corpus.tools, results: measureInterleaved(cases, options, `realistic corpus: zod's sources and ${corpus.tools} tools`) };
}

/**
 * `toolgen call` of one tool in the runtime corpus (built) against the same call in a corpus
 * of 4 tools: fresh processes, interleaved, medians.
 */
function benchCallStartup({ dir, name, args, tools, workspace, options }) {
  const small = path.join(workspace, "call-4");
  const corpus = generateCorpus({ n: 4, dir: small, modulesFrom: path.join(options.repo, "node_modules") });
  for (const command of [[tools.toolgen, "build", "-p", "tsconfig.json"], [tools.tsc, "-p", "tsconfig.json"]]) {
    const run = measureNode(command, { cwd: small, env: { ...process.env, NO_COLOR: "1" } });
    if (!run.ok) throw new Error(`${path.basename(command[0])} (4-tool corpus) failed: ${run.stderr}${run.stdout}`);
  }
  const smallManifest = JSON.parse(readFileSync(path.join(small, "dist/toolgen.manifest.json"), "utf8"));
  const first = corpus.samples[0];
  const smallName = smallManifest.entries.find((e) => e.implementation.export === first.identifier).name;
  const call = (cwd, entry, value) => ({ cwd, args: [tools.toolgen, "call", entry, "--args", JSON.stringify(value)], env: { ...process.env, NO_COLOR: "1" } });
  const cases = [
    { id: "large", label: `\`toolgen call\`, ${options.runtimeN} tools`, ...call(dir, name, args) },
    { id: "small", label: "`toolgen call`, 4 tools", ...call(small, smallName, first.valid) },
  ];
  return measureInterleaved(cases, { ...options, reps: Math.max(options.reps, options.coldRuns) }, "toolgen call start-up");
}

function describeMachine(repo) {
  return {
    node: process.version,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGiB: totalmem() / 2 ** 30,
    memorySource: memorySource(),
    versions: {
      typescript: readPackageVersion(repo, "typescript"),
      "ts-patch": readPackageVersion(repo, "ts-patch"),
      "ts-json-schema-generator": readPackageVersion(repo, "ts-json-schema-generator"),
      typia: readPackageVersion(repo, "typia"),
      ajv: readPackageVersion(repo, "ajv"),
      tinybench: readPackageVersion(repo, "tinybench"),
    },
  };
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const tools = locateTools(options.repo);
  const workspace = mkdtempSync(path.join(tmpdir(), "toolgen-bench-"));
  const started = new Date();
  const machine = describeMachine(options.repo);
  machine.loadAtStart = loadavg()[0];
  log(`workspace ${workspace}; N = ${options.n.join(", ")}; ${options.reps} rounds; memory via ${machine.memorySource}`);
  if (!tools.transformer.available) log(`transformer: skipped (${tools.transformer.note})`);
  try {
    tools.patchedTsc = patchTypescript(options.repo, workspace);
    const builds = options.n.map((n) => benchBuilds({ n, options, tools, workspace }));
    // At the smallest N and the largest: the module's share grows with the registry.
    const moduleInCompiler = [...new Set([builds[0], builds.at(-1)])].map((build) => benchModuleInCompiler({ build, tools, options }));
    const realistic = options.quick ? undefined : benchRealistic({ options, tools, workspace });
    const runtime = benchRuntime({ options, tools, workspace });
    log("bundle size: runtime + 10 tools, esbuild for the browser");
    const bundleSize = await benchBundleSize({ workspace, toolgen: tools.toolgen });
    log("MCP over HTTP: toolgen against the SDK's McpServer, stateless, 3,000 calls at 64 in flight");
    const mcpServe = await benchMcpServe({ rounds: options.quick ? 1 : 3 });
    log("MCP over HTTP: throughput with bearer authentication on and off");
    const mcpAuth = await benchMcpAuth({ rounds: options.quick ? 3 : 5 });
    // After the servers: a worker stopped mid-backtrack can keep a core busy for a while.
    log("worst-case validation: every keyword at the body limit, toolgen and ajv");
    const worstCase = await benchWorstCase();
    log("catalog: toolgen docs on 500 tools, opened in Chromium");
    const catalog = await benchCatalog({ workspace, toolgen: tools.toolgen, runs: options.quick ? 2 : 5 });
    machine.loadAtEnd = loadavg()[0];
    const report = { startedAt: started.toISOString(), durationS: (Date.now() - started.getTime()) / 1000, options: { ...options, repo: undefined }, machine, builds, moduleInCompiler, realistic, runtime, bundleSize, worstCase, mcpServe, mcpAuth, catalog };
    report.budget = evaluateBudget(report);
    const text = formatReport(report);
    process.stdout.write(text + "\n");
    if (options.json || options.keep) {
      const jsonFile = options.json ?? path.join(workspace, "results.json");
      mkdirSync(path.dirname(jsonFile), { recursive: true });
      writeFileSync(jsonFile, JSON.stringify(report, null, 2) + "\n");
      log(`results: ${jsonFile}`);
    }
  } finally {
    if (options.keep) log(`kept ${workspace}`);
    else rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
