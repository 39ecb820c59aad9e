// Child process of the benchmark: validation throughput on the same request types and the
// same valid and invalid arguments, with
//   - toolgen's validators, compiled from the input schemas on the first call (`compileSchema`);
//   - ajv 8 compiling the manifest's input schemas at run time (draft 2020-12, allErrors, formats);
//   - typia's `createValidate<Request>()` (validate collects every error), compiled by tspc;
//   - toolgen's `registry.call` on invalid input (validation plus the model-facing error outcome),
//     for information.
// Prints one JSON line: validations per second for each, and the checks that every validator
// accepts the valid samples and rejects the invalid ones.
//
// Usage: node validation-throughput.mjs --registry <dist/tools.generated.js> --manifest <…json>
//          --typia <dist/validators.js> --samples <samples.json> [--time <ms per task>]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Bench } from "tinybench";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js").default;
const addFormats = require("ajv-formats").default;

const options = {};
for (let i = 2; i < process.argv.length; i += 2) options[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
const time = Number(options.time ?? 1000);

const registryModule = await import(pathToFileURL(options.registry).href);
const typiaModule = await import(pathToFileURL(options.typia).href);
const manifest = JSON.parse(readFileSync(options.manifest, "utf8"));
const samples = JSON.parse(readFileSync(options.samples, "utf8"));

const definitionByExport = new Map(registryModule.definitions.map((d) => [d.entry.implementation.export, d]));
const entryByExport = new Map(manifest.entries.map((e) => [e.implementation.export, e]));
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

const cases = samples
  .filter((s) => typiaModule.validators[s.identifier] && definitionByExport.has(s.identifier))
  .map((s) => ({
    identifier: s.identifier,
    name: entryByExport.get(s.identifier).name,
    valid: s.valid,
    invalid: s.invalid,
    toolgen: definitionByExport.get(s.identifier).validate,
    ajv: ajv.compile(entryByExport.get(s.identifier).inputSchema),
    typia: typiaModule.validators[s.identifier],
  }));
if (cases.length === 0) throw new Error("no request type is in both the registry and the typia validators");

// Each validator must agree on what is valid, or the comparison means nothing.
const problems = [];
for (const c of cases) {
  if (!c.toolgen(c.valid)) problems.push(`${c.identifier}: toolgen rejects the valid sample ${JSON.stringify(c.toolgen.errors)}`);
  if (c.toolgen(c.invalid)) problems.push(`${c.identifier}: toolgen accepts the invalid sample`);
  if (!c.ajv(c.valid)) problems.push(`${c.identifier}: ajv rejects the valid sample`);
  if (c.ajv(c.invalid)) problems.push(`${c.identifier}: ajv accepts the invalid sample`);
  if (!c.typia(c.valid).success) problems.push(`${c.identifier}: typia rejects the valid sample`);
  if (c.typia(c.invalid).success) problems.push(`${c.identifier}: typia accepts the invalid sample`);
}
const errorCounts = {
  toolgen: cases.reduce((n, c) => (c.toolgen(c.invalid), n + (c.toolgen.errors?.length ?? 0)), 0),
  ajv: cases.reduce((n, c) => (c.ajv(c.invalid), n + (c.ajv.errors?.length ?? 0)), 0),
  typia: cases.reduce((n, c) => n + (c.typia(c.invalid).errors?.length ?? 0), 0),
};

let sink = 0;
// Large generated validators take V8 a while to optimize: every task runs through one full
// pass first (not reported), then the measured pass.
const createBench = (ms) => addTasks(new Bench({ time: ms, warmupTime: Math.min(500, ms / 2) }));
await createBench(time).run();
const bench = createBench(time);
await bench.run();

function addTasks(bench) {
  return bench
    .add("toolgen · valid", () => {
      for (const c of cases) sink += c.toolgen(c.valid) ? 1 : 0;
    })
    .add("ajv runtime-compiled · valid", () => {
      for (const c of cases) sink += c.ajv(c.valid) ? 1 : 0;
    })
    .add("typia validate · valid", () => {
      for (const c of cases) sink += c.typia(c.valid).success ? 1 : 0;
    })
    .add("toolgen · invalid", () => {
      for (const c of cases) sink += c.toolgen(c.invalid) ? 0 : c.toolgen.errors.length;
    })
    .add("ajv runtime-compiled · invalid", () => {
      for (const c of cases) sink += c.ajv(c.invalid) ? 0 : c.ajv.errors.length;
    })
    .add("typia validate · invalid", () => {
      for (const c of cases) sink += c.typia(c.invalid).errors.length;
    })
    .add("toolgen registry.call · invalid (with outcome)", async () => {
      for (const c of cases) {
        const outcome = await registryModule.registry.call(c.name, c.invalid);
        sink += outcome.status === "error" ? 1 : 0;
      }
    });
}

const results = {};
for (const task of bench.tasks) {
  const r = task.result;
  results[task.name] = r.state === "completed" ? { perSecond: (cases.length * 1000) / r.period, runs: r.latency.samplesCount ?? undefined } : { error: String(r.error ?? r.state) };
}
console.log(JSON.stringify({ cases: cases.length, problems, errorCounts, results, sink: sink > 0 }));
