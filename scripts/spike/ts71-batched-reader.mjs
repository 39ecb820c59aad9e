#!/usr/bin/env node
// Spike: can TypeScript 7.1's native API (`typescript/sync`, a dev build) read a project's tool
// signatures fast enough? Follows scripts/spike/ts7-reader.mjs (7.0.2, one round trip per
// question), but asks through 7.1's generator forms (`method.gen(...)`) driven by `api.batch(...)`,
// which sends every request pending in a round in ONE round trip. The walk is one generator per
// type, so each level of the type graph costs a couple of round trips, not one per question.
//
// Both readers walk what the analyzer reads: every function declaration tagged @tool in the
// project's own source files, its signature, each parameter's type and the return type, then
// recursively union/intersection members, array and tuple element types, for object types every
// property (its type and its JSDoc tags) and index signatures' value types — each type once.
//
//   mkdir /tmp/ts71env && npm install --prefix /tmp/ts71env -E typescript@7.1.0-dev.20261021.1
//   node scripts/spike/ts71-batched-reader.mjs <project folder> [--runs 3] [--ts71 /tmp/ts71env]
//
// (a dev build, so not one of the repository's dependencies). The result is in docs/analyzer.md
// ("TypeScript 7's native API").
//
// Budget for a native reader: total (project ready + walk) ≤ 0.5× the JavaScript reader and
// ≤ 1.5× TS 7.1's own `tsc --noEmit -p <project>`.
import * as path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { readWithJs } from "./read-with-js.mjs";
import { execFileSync } from "node:child_process";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const project = path.resolve(args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? ".");
const runs = Number(option("--runs", 3)) || 3;
const ts71Home = path.resolve(option("--ts71", process.env.TS71_ENV ?? "/tmp/ts71env"));
const ts6Home = path.resolve(option("--ts6", path.join(path.dirname(new URL(import.meta.url).pathname), "../..")));
const tsconfig = path.join(project, "tsconfig.json");
const ts71Require = createRequire(path.join(ts71Home, "package.json"));
const ts71 = (subpath) => import(pathToFileURL(ts71Require.resolve(`typescript/${subpath}`)).href);
const tsc71 = path.join(ts71Home, "node_modules", ".bin", "tsc");

/** (a) The JavaScript compiler (TypeScript 6, in process): program, then the walk. */
const readJs = () => readWithJs(createRequire(path.join(ts6Home, "package.json"))("typescript"), tsconfig);

/**
 * Counts what goes over the pipe: round trips (every message to the compiler process, a batch page
 * included), batches, the requests inside them by method, and the client's time in the pipe
 * (`channel.requestSync`) versus around it (JSON encode/decode in `client.apiRequest`).
 */
function instrument(client) {
  const stats = { roundTrips: 0, batches: 0, batchSizes: [], requests: 0, byMethod: {}, pipeMs: 0, apiRequestMs: 0 };
  const count = (method, n = 1) => ((stats.requests += n), (stats.byMethod[method] = (stats.byMethod[method] ?? 0) + n));
  const { channel } = client;
  const requestSync = channel.requestSync.bind(channel);
  const requestBinarySync = channel.requestBinarySync.bind(channel);
  const timed = (fn) => (...a) => {
    const t = performance.now();
    try { return fn(...a); } finally { stats.roundTrips++; stats.pipeMs += performance.now() - t; }
  };
  channel.requestSync = timed(requestSync);
  channel.requestBinarySync = timed(requestBinarySync);
  const apiRequest = client.apiRequest.bind(client);
  client.apiRequest = (method, params) => {
    if (method === "batchRequests") params.requests.forEach((r) => count(r.method));
    else count(method);
    const t = performance.now();
    try { return apiRequest(method, params); } finally { stats.apiRequestMs += performance.now() - t; }
  };
  const apiRequestBinary = client.apiRequestBinary.bind(client);
  client.apiRequestBinary = (method, params) => (count(method), apiRequestBinary(method, params));
  const batchRequests = client.batchRequests.bind(client);
  client.batchRequests = (requests) => (stats.batches++, stats.batchSizes.push(requests.length), batchRequests(requests));
  return stats;
}

/** (b) The native 7.1 compiler: a project snapshot, then the same walk as generators, batched per round. */
async function readWithNative() {
  const { API, all, TypeFlags, ObjectFlags } = await ts71("sync");
  const { isFunctionDeclaration, getJSDocTags } = await ts71("ast");
  const started = performance.now();
  const api = new API({ cwd: project, collectTiming: true });
  const stats = instrument(api.client);
  try {
    const snapshot = api.createSnapshot({ openProjects: [tsconfig] });
    const { program, checker } = snapshot.getConfiguredProject(tsconfig) ?? snapshot.getProjects()[0];
    const readyMs = performance.now() - started;
    api.resetTimingInfo(); // bookkeeping, outside the timed phases and the counts
    const ready = { ...stats, byMethod: { ...stats.byMethod }, batchSizes: [...stats.batchSizes] };
    const walkStarted = performance.now();

    // eslint-disable-next-line require-yield -- a generator that asks nothing, beside ones that do
    const value = function* (v) { return v; };
    const seen = new Set();
    /** One type: ask everything independent in one round, then what depends on it, then recurse. */
    function* visit(type) {
      if (seen.has(type.id)) return;
      seen.add(type.id);
      const object = (type.flags & TypeFlags.Object) !== 0;
      const reference = object && (type.objectFlags & ObjectFlags.Reference) !== 0; // only references can be arrays
      const [members, isArray, properties, indexInfos] = yield* all(
        type.flags & TypeFlags.UnionOrIntersection ? type.getTypes.gen() : value(undefined),
        reference ? checker.isArrayType.gen(type) : value(false),
        object ? checker.getPropertiesOfType.gen(type) : value([]),
        object ? checker.getIndexInfosOfType.gen(type) : value([]),
      );
      const elements = isArray || type.isTupleType();
      yield* all(
        ...(members ?? []).map(visit),
        ...indexInfos.map((info) => visit(info.valueType)),
        (function* () {
          const [typeArguments, propertyTypes] = yield* all(
            elements ? checker.getTypeArguments.gen(type) : value([]),
            properties.length ? checker.getTypeOfSymbol.gen(properties) : value([]), // one request for all
            ...properties.map((property) => checker.getJsDocTagsOfSymbol.gen(property)), // no array form
          );
          yield* all(...typeArguments.map(visit), ...propertyTypes.map(visit));
        })(),
      );
    }
    /** One tool: its signature, then parameters and return type. */
    function* tool(declaration) {
      const signature = yield* checker.getSignatureFromDeclaration.gen(declaration);
      const [parameters, returnType] = yield* all(signature.getParameters.gen(), checker.getReturnTypeOfSignature.gen(signature));
      const parameterTypes = parameters.length ? yield* checker.getTypeOfSymbol.gen(parameters) : [];
      yield* all(visit(returnType), ...parameterTypes.map(visit));
    }

    const own = program.getSourceFileNames().filter((f) => !f.includes("/node_modules/") && !/\.d\.[cm]?ts$/.test(f));
    const files = api.batch(...own.map((f) => program.getSourceFile.gen(f)));
    const declarations = files.flatMap((file) =>
      file.statements.filter((s) => isFunctionDeclaration(s) && getJSDocTags(s).some((t) => t.tagName.text === "tool")),
    );
    api.batch(...declarations.map(tool));
    const walkMs = performance.now() - walkStarted;

    const walk = {
      roundTrips: stats.roundTrips - ready.roundTrips,
      batches: stats.batches - ready.batches,
      batchSizes: stats.batchSizes.slice(ready.batchSizes.length),
      requests: stats.requests - ready.requests,
      byMethod: Object.fromEntries(Object.entries(stats.byMethod).map(([m, n]) => [m, n - (ready.byMethod[m] ?? 0)]).filter(([, n]) => n > 0)),
      pipeMs: stats.pipeMs - ready.pipeMs,
      apiRequestMs: stats.apiRequestMs - ready.apiRequestMs,
    };
    const timing = api.getTimingInfo().totals; // server-measured processing time of the walk's requests
    Object.assign(walk, { serverMs: timing.serverTimeMs, bytesReceived: timing.bytesReceived });
    return { tools: declarations.length, types: seen.size, readyMs, walkMs, totalMs: readyMs + walkMs, walk };
  } finally {
    api.close();
  }
}

function tscNoEmit() {
  const started = performance.now();
  try {
    execFileSync(tsc71, ["--noEmit", "-p", project], { stdio: "pipe" });
  } catch (error) {
    if (error.status === undefined) throw error; // type errors still time the check
  }
  return { totalMs: performance.now() - started };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;
const results = { js: [], native: [], tsc: [] };
for (let i = 0; i < runs; i++) {
  results.js.push(readJs());
  results.native.push(await readWithNative());
  results.tsc.push(tscNoEmit());
}
const m = (rs, key) => median(rs.map((r) => r[key]));
const [js, native] = [results.js.at(-1), results.native.at(-1)];
const jsTotal = m(results.js, "totalMs");
const nativeTotal = m(results.native, "totalMs");
const tscTotal = m(results.tsc, "totalMs");
console.log(`project ${project}; medians of ${runs} interleaved runs`);
console.log(`js (TS ${createRequire(path.join(ts6Home, "package.json"))("typescript").version})  tools ${js.tools}, types ${js.types}; ready ${ms(m(results.js, "readyMs"))}, total ${ms(jsTotal)}`);
console.log(`native (TS ${ts71Require("typescript/package.json").version})  tools ${native.tools}, types ${native.types}; ready ${ms(m(results.native, "readyMs"))}, walk ${ms(m(results.native, "walkMs"))}, total ${ms(nativeTotal)}`);
const w = native.walk;
console.log(`  walk (last run): ${w.roundTrips} round trips (${w.batches} batches), ${w.requests} requests: ${Object.entries(w.byMethod).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}`);
console.log(`  requests per batch: ${w.batchSizes.join(", ")}`);
console.log(`  walk time split (last run, walk ${ms(native.walkMs)}): server ${ms(w.serverMs)}, pipe incl. server ${ms(w.pipeMs)}, JSON encode/decode ${ms(w.apiRequestMs - w.pipeMs)}, rest of client (generators, objects) ${ms(native.walkMs - w.apiRequestMs)}; ${(w.bytesReceived / 1e6).toFixed(1)} MB received`);
console.log(`tsc --noEmit (TS 7.1)  total ${ms(tscTotal)}`);
console.log(`budget: native ${ms(nativeTotal)} vs 0.5× js ${ms(0.5 * jsTotal)} → ${nativeTotal <= 0.5 * jsTotal ? "met" : "NOT met"}; vs 1.5× tsc --noEmit ${ms(1.5 * tscTotal)} → ${nativeTotal <= 1.5 * tscTotal ? "met" : "NOT met"}`);
