// The worst case of validation, per keyword: the arguments of scripts/bench/worst-case.mjs,
// each as large as the HTTP body limit allows, validated by toolgen's validator
// (compileSchema) and ajv 8 (compiled at run time, allErrors, ajv-formats) — the
// fastest of three runs each. Every validator runs in a worker thread that is stopped after
// TIMEOUT_MS: a validator that backtracks or compares pairwise would otherwise not finish
// (ajv does not, on several of these).
import { createRequire } from "node:module";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { ARGUMENT_BYTES, fastest, worstCases } from "./worst-case.mjs";

export const VALIDATORS = ["toolgen compiled", "ajv runtime-compiled"];
const TIMEOUT_MS = 5_000;
/** The budget of issue #20: toolgen validates any argument the body limit allows in less than this. */
export const WORST_CASE_BUDGET_MS = 500;

/** `[{ name, bytes, ms: { [validator]: number | null } }]`; null: still running after TIMEOUT_MS. */
export async function benchWorstCase() {
  const cases = worstCases();
  const results = cases.map((c) => ({ name: c.name, bytes: JSON.stringify(c.argument(ARGUMENT_BYTES)).length, ms: {} }));
  for (const validator of VALIDATORS) {
    let worker;
    const start = () => (worker = new Worker(new URL(import.meta.url), { workerData: { validator } }));
    start();
    for (let i = 0; i < cases.length; i++) {
      const measured = await measureIn(worker, i);
      results[i].ms[validator] = measured;
      if (measured === null) {
        await worker.terminate();
        start();
      }
    }
    await worker.terminate();
  }
  return results;
}

/** The worker's time for case `i`, or null when it has not answered within TIMEOUT_MS. */
function measureIn(worker, i) {
  return new Promise((resolve, reject) => {
    const settle = (finish) => (value) => {
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError);
      finish(value);
    };
    const onMessage = settle(resolve);
    const onError = settle(reject);
    const timer = setTimeout(() => onMessage(null), TIMEOUT_MS);
    worker.on("message", onMessage).on("error", onError);
    worker.postMessage(i);
  });
}

/** In the worker: the validators of one kind for every case, then one measurement per message. */
async function serve({ validator }) {
  const cases = worstCases();
  const validate = await validatorsOf(validator, cases);
  parentPort.on("message", async (i) => {
    const argument = cases[i].argument(ARGUMENT_BYTES);
    parentPort.postMessage(await fastest(() => validate[i](argument)));
  });
}

async function validatorsOf(kind, cases) {
  const schemas = cases.map((c) => c.schema);
  if (kind === "toolgen compiled") {
    const { formatLookup, compileSchema } = await import("@toolgen/runtime");
    const { ALL_FORMATS } = await import("@toolgen/runtime/formats");
    return schemas.map((schema) => compileSchema(schema, formatLookup(ALL_FORMATS)));
  }
  const require = createRequire(import.meta.url);
  const Ajv2020 = require("ajv/dist/2020.js").default;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  require("ajv-formats").default(ajv);
  return schemas.map((schema) => ajv.compile(schema));
}

if (!isMainThread) await serve(workerData);
