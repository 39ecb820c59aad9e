// Child process of the benchmark: what a registry without precompiled validators pays at
// start-up — ajv (draft 2020-12, allErrors, formats) compiling every input schema of a
// manifest. Prints one JSON line.
//
// Usage: node ajv-startup.mjs <toolgen.manifest.json>
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const t0 = performance.now();
const Ajv2020 = require("ajv/dist/2020.js").default;
const addFormats = require("ajv-formats").default;
const manifest = JSON.parse(readFileSync(process.argv[2], "utf8"));
const t1 = performance.now();
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
for (const entry of manifest.entries) ajv.compile(entry.inputSchema);
const t2 = performance.now();
console.log(JSON.stringify({ schemas: manifest.entries.length, loadMs: t1 - t0, compileMs: t2 - t1, totalMs: t2 - t0 }));
