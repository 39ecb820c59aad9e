#!/usr/bin/env node
import nodeModule from "node:module";
import { main } from "../dist/bundle/main.js";

// As TypeScript's own `tsc` does: from Node.js 22.1 on, keep V8's compiled code of the modules
// loaded from here on (the 9 MB compiler above all) in Node's compile cache folder, so a second
// build does not compile them again. Node.js 20 has no compile cache: nothing happens.
try {
  nodeModule.enableCompileCache?.();
} catch {
  // A cache that cannot be set up only costs the time it would have saved.
}

const code = await main(process.argv.slice(2));
// The command is done, and its output written: what a tool left running (the timer of a call
// that timed out) must not keep the process alive. Exit once stdout and stderr have drained.
process.exitCode = code;
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
