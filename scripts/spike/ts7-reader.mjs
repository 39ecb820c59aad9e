#!/usr/bin/env node
// Spike of issue #21: what reading a project's tool signatures costs through TypeScript 7's
// native API (`typescript/unstable/sync`, a separate process spoken to over a pipe) against the
// JavaScript compiler (TypeScript 6.0, in process). Both walk what the analyzer reads: every
// exported function tagged @tool, its signature, each parameter's type and, recursively,
// properties (with their JSDoc), union and intersection members, array and tuple elements,
// index signatures, type arguments — each type once. Batched where the native API allows.
//
//   node scripts/spike/ts7-reader.mjs <project folder> [--runs 3]
//
// The result, and what it means for a native reader, is in docs/analyzer.md ("TypeScript 7's
// native API").
import * as path from "node:path";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { readWithJs } from "./read-with-js.mjs";

const require = createRequire(import.meta.url);
const project = path.resolve(process.argv[2] ?? ".");
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 3;
const tsconfig = path.join(project, "tsconfig.json");

/** The JavaScript compiler: program, then the walk. */
const readJs = () => readWithJs(require("typescript"), tsconfig);

/** The native compiler through its API: a project snapshot, then the same walk, a level of types at a time. */
async function readWithNative() {
  const { API, TypeFlags } = await import("typescript-7/unstable/sync");
  const started = performance.now();
  const api = new API({ cwd: project });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [tsconfig] });
    const { program, checker: raw } = snapshot.getProject(tsconfig) ?? snapshot.getProjects()[0];
    const readyMs = performance.now() - started;
    // Every call the walk makes, counted by method: each is a round trip to the compiler process.
    const calls = {};
    const checker = new Proxy(raw, { get: (target, key) => (typeof target[key] === "function" ? (...args) => ((calls[key] = (calls[key] ?? 0) + 1), target[key](...args)) : target[key]) });
    const seen = new Set();
    let questions = 0;
    let level = [];
    let tools = 0;
    for (const fileName of program.getSourceFileNames()) {
      if (fileName.includes("/node_modules/") || fileName.endsWith(".d.ts")) continue;
      const file = program.getSourceFile(fileName);
      const functions = file.statements.filter((s) => s.kind === 263 /* FunctionDeclaration */ && /@tool\b/.test(file.text.slice(s.pos, s.getStart?.() ?? s.pos + 2000)));
      tools += functions.length;
      for (const fn of functions) {
        const signature = checker.getSignatureFromDeclaration(fn);
        questions++;
        const parameters = signature.getParameters();
        level.push(...checker.getTypeOfSymbol(parameters), checker.getReturnTypeOfSignature(signature));
        questions += 3;
      }
    }
    while (level.length > 0) {
      const next = [];
      const fresh = level.filter((t) => t && !seen.has(t.id) && seen.add(t.id));
      for (const type of fresh) {
        if (type.isUnionType?.() || type.isIntersectionType?.()) next.push(...type.getTypes());
        if (checker.isArrayType(type) || checker.isTupleType(type)) next.push(...checker.getTypeArguments(type));
        questions += 2;
        if (type.flags & TypeFlags.Object) {
          const properties = checker.getPropertiesOfType(type);
          questions++;
          if (properties.length) {
            next.push(...checker.getTypeOfSymbol(properties));
            for (const p of properties) checker.getJsDocTagsOfSymbol(p);
            questions += 1 + properties.length;
          }
          for (const info of checker.getIndexInfosOfType(type)) next.push(info.valueType ?? info.type);
          questions++;
        }
      }
      level = next;
    }
    const walkedMs = performance.now() - started;
    const probe = performance.now();
    for (let i = 0; i < 2000; i++) raw.getNonNullableType(raw.getStringType());
    const roundTripUs = ((performance.now() - probe) / 4000) * 1000;
    return { tools, types: seen.size, questions, readyMs, totalMs: walkedMs, calls, roundTripUs };
  } finally {
    api.close();
  }
}

/** The async API: the same walk with every question of a level in flight at once (pipelined on the pipe). */
async function readWithNativeAsync() {
  const { API, TypeFlags } = await import("typescript-7/unstable/async");
  const started = performance.now();
  const api = new API({ cwd: project });
  try {
    const snapshot = await api.updateSnapshot({ openProjects: [tsconfig] });
    const { program, checker } = snapshot.getProject(tsconfig) ?? snapshot.getProjects()[0];
    const readyMs = performance.now() - started;
    const seen = new Set();
    let level = [];
    let tools = 0;
    for (const fileName of await program.getSourceFileNames()) {
      if (fileName.includes("/node_modules/") || fileName.endsWith(".d.ts")) continue;
      const file = await program.getSourceFile(fileName);
      const functions = file.statements.filter((s) => s.kind === 263 && /@tool\b/.test(file.text.slice(s.pos, s.pos + 2000)));
      tools += functions.length;
      const signatures = await Promise.all(functions.map((fn) => checker.getSignatureFromDeclaration(fn)));
      for (const signature of signatures) {
        const parameters = await signature.getParameters();
        if (parameters.length) level.push(...(await checker.getTypeOfSymbol(parameters)));
        level.push(await checker.getReturnTypeOfSignature(signature));
      }
    }
    while (level.length > 0) {
      const fresh = level.filter((t) => t && !seen.has(t.id) && seen.add(t.id));
      const next = [];
      await Promise.all(
        fresh.map(async (type) => {
          if (type.isUnionType?.() || type.isIntersectionType?.()) next.push(...(await type.getTypes()));
          const [isArray, isTuple] = await Promise.all([checker.isArrayType(type), checker.isTupleType(type)]);
          if (isArray || isTuple) next.push(...(await checker.getTypeArguments(type)));
          if (type.flags & TypeFlags.Object) {
            const [properties, infos] = await Promise.all([checker.getPropertiesOfType(type), checker.getIndexInfosOfType(type)]);
            if (properties.length) {
              const [types] = await Promise.all([checker.getTypeOfSymbol(properties), ...properties.map((p) => checker.getJsDocTagsOfSymbol(p))]);
              next.push(...types);
            }
            for (const info of infos) next.push(info.valueType ?? info.type);
          }
        }),
      );
      level = next;
    }
    return { tools, types: seen.size, readyMs, totalMs: performance.now() - started };
  } finally {
    await api.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { js: [], native: [], "native async": [] };
for (let i = 0; i < runs; i++) {
  results.js.push(readJs());
  results.native.push(await readWithNative());
  results["native async"].push(await readWithNativeAsync());
}
for (const [name, rs] of Object.entries(results)) {
  const r = rs.at(-1);
  console.log(`${name.padEnd(13)} tools ${r.tools}, types ${r.types}${r.questions ? `, questions ${r.questions}` : ""}; program ${Math.round(median(rs.map((x) => x.readyMs)))} ms, total ${Math.round(median(rs.map((x) => x.totalMs)))} ms (median of ${runs})`);
  if (r.calls) console.log(`        round trips: ${Object.values(r.calls).reduce((a, b) => a + b, 0)} (${Object.entries(r.calls).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}); one round trip ≈ ${r.roundTripUs.toFixed(1)} µs`);
}
