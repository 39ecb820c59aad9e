// Child process of the benchmark: imports a compiled generated registry and makes its first
// call, timing both from inside a fresh Node.js process (Node's own start-up is reported apart:
// no library can shorten it); then, for information, what it takes to have every entry ready to
// list (`await registry.load()`, then reading `registry.entries`). Prints one JSON line.
//
// Usage: node cold-start.mjs <dist/tools.generated.js> <tool name> <arguments JSON>
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [registryPath, name, argsJson] = process.argv.slice(2);
const args = JSON.parse(argsJson);
const t0 = performance.now();
const module = await import(pathToFileURL(registryPath).href);
const t1 = performance.now();
const outcome = await module.registry.call(name, args);
const t2 = performance.now();
await module.registry.load?.();
const listed = module.registry.entries.length;
const t3 = performance.now();
console.log(
  JSON.stringify({
    nodeStartMs: t0,
    importMs: t1 - t0,
    firstCallMs: t2 - t1,
    totalMs: t2 - t0,
    listAllMs: t3 - t2,
    listed,
    status: outcome.status,
    ...(outcome.status === "error" ? { error: outcome.error } : {}),
  }),
);
