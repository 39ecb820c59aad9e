#!/usr/bin/env node
import nodeModule from "node:module";
import { setImmediate as afterPendingEvents } from "node:timers/promises";
import { main } from "../dist/bundle/main.js";

// As TypeScript's own `tsc` does: from Node.js 22.1 on, keep V8's compiled code of the modules
// loaded from here on (the 9 MB compiler above all) in Node's compile cache folder, so a second
// build does not compile them again. Node.js 20 has no compile cache: nothing happens.
try {
  nodeModule.enableCompileCache?.();
} catch {
  // A cache that cannot be set up only costs the time it would have saved.
}

// Output that could not be written (a full disk: `toolgen list --json > tools.json`) fails the
// command, said on stderr; a reader that left (`| head -1`, EPIPE) does not. The first error is
// the cause: writes after it fail as the stream's own.
let outputError;
process.stdout.on("error", (error) => (outputError ??= error));

const code = await main(process.argv.slice(2));
// A failed write is reported a tick or two later, as the stream's error: let it arrive.
await afterPendingEvents();
const failed = outputError !== undefined && outputError.code !== "EPIPE";
if (failed) process.stderr.write(`toolgen: cannot write the output: ${outputError.message}\n`);
const exit = failed && code === 0 ? 1 : code;
// The command is done, and its output written: what a tool left running (the timer of a call
// that timed out) must not keep the process alive. Exit once stdout and stderr have drained.
process.exitCode = exit;
process.stdout.write("", () => process.stderr.write("", () => process.exit(exit)));
