import { readFileSync } from "node:fs";
import * as path from "node:path";
import { contentText, type EntryHead, type Outcome } from "@toolgen/runtime";
import { withToolOutputOnStderr } from "../output/tool-output.js";
import { loadBuiltRegistry } from "../project/load-built-registry.js";
import { locateBuiltPackage, workspaceRootNote } from "../project/locate-built-package.js";
import { UsageError } from "./usage-error.js";
import { describeStrayError } from "../output/stray-error.js";

export interface CallCommandOptions {
  project?: string;
  args?: string;
  json?: boolean;
  host?: string[];
  timeout?: string;
}

/**
 * `toolgen call <name|uri> --args '<json>'|@file`: discovers the built registry (the
 * package's manifest and its dependencies'), calls a tool or prompt by name or reads a
 * resource by URI (anything with a scheme, `notes:///deploy`), and prints the outcome. Every
 * outcome, including errors, is a normal result: exit 0; `--json` prints the outcome exactly.
 * What the tool itself prints goes to stderr.
 */
export async function runCall(name: string, options: CallCommandOptions): Promise<number> {
  if (isUri(name) && options.args !== undefined) throw new UsageError(`--args is not used when reading a resource: the variables of its URI template are the arguments (${name}).`);
  const args = parseArgs(options.args);
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout);
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs <= 0)) throw new UsageError(`--timeout must be a positive whole number of milliseconds; got '${options.timeout}'.`);
  const info = await locateBuiltPackage(options.project);
  // Only what this call reaches is imported ahead to check its exports: importing every module of a large project is most of a call's start-up.
  const reached = isUri(name) ? (head: EntryHead) => head.kind === "resource" : (head: EntryHead) => head.name === name;
  // What a module prints as it loads goes to stderr too: stdout is the outcome's alone.
  const registry = await withToolOutputOnStderr(() => loadBuiltRegistry(info, { hosts: options.host ?? [], workingDirectory: process.cwd() }, reached));
  const atWorkspaceRoot = registry.entries.length === 0 ? workspaceRootNote(info.packageJson) : undefined;
  if (atWorkspaceRoot) process.stderr.write(atWorkspaceRoot);
  // A tool whose promise nothing can settle any more (no timer, no I/O left) would end the
  // process with no word (Node.js's exit 13 for an unsettled await): said, and exit 1.
  const neverSettled = () => {
    process.stderr.write(`toolgen: '${name}' never settled: its promise is pending with nothing left that could settle it (no timer, no I/O), so the call can never finish. Under 'toolgen serve' it would hold its client until a timeout (--timeout here).\n`);
    process.exitCode = 1;
  };
  process.once("beforeExit", neverSettled);
  // An error no call awaits (a throw in the tool's timer, a promise it left unhandled) is the
  // tool's: said in one line with where it was thrown, the call goes on, and the exit is 1.
  let strayErrors = 0;
  const stray = (error: unknown) => {
    strayErrors++;
    process.stderr.write(`toolgen: '${name}' raised an error outside its call (a throw in a timer, or a promise nothing awaits): ${describeStrayError(error)}\n`);
  };
  // Ctrl-C or SIGTERM aborts the call (its context.signal), whose outcome, aborted, is printed;
  // the exit code is then the signal's (130, 143). A second signal ends the process at once.
  const stop = new AbortController();
  let stoppedBy: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy = signal === "SIGINT" ? 130 : 143;
    for (const s of SIGNALS) process.off(s, onSignal);
    stop.abort();
  };
  process.on("uncaughtException", stray);
  process.on("unhandledRejection", stray);
  for (const s of SIGNALS) process.on(s, onSignal);
  try {
    const callOptions = { ...(timeoutMs === undefined ? {} : { timeoutMs }), signal: stop.signal };
    const outcome = await withToolOutputOnStderr(() => (isUri(name) ? registry.readResource(name, callOptions) : registry.dispatch(name, args, callOptions)));
    process.stdout.write(options.json ? JSON.stringify(outcome) + "\n" : describeOutcome(outcome) + "\n");
    // What the tool left running may still throw (a timer it set, a rejection Node reports once
    // the microtasks have run): the call waits for it until nothing is left to run, or
    // LEFT_WORK_MS at most (an interval it left would keep the process forever).
    process.off("beforeExit", neverSettled);
    await new Promise((resolve) => {
      setTimeout(resolve, LEFT_WORK_MS).unref();
      process.once("beforeExit", resolve);
    });
    return stoppedBy ?? (strayErrors > 0 ? 1 : 0);
  } finally {
    process.off("beforeExit", neverSettled);
    for (const s of SIGNALS) process.off(s, onSignal);
  }
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** How long a call waits, after its outcome, for what the tool left running to throw. */
const LEFT_WORK_MS = 200;

/** Entry names never hold ':'; URIs always do. */
function isUri(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(name);
}

function parseArgs(raw: string | undefined): unknown {
  if (raw === undefined) return {};
  let text = raw;
  if (raw.startsWith("@")) {
    // `@-` is stdin, as curl reads it: `… | toolgen call name --args @-`.
    let bytes: Buffer;
    try {
      bytes = readFileSync(raw === "@-" ? 0 : path.resolve(raw.slice(1)));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new UsageError(`--args ${raw}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a folder, not a file" : `cannot read it (${(error as Error).message})`}.`);
    }
    try {
      // Strictly: a byte that is not UTF-8 would otherwise reach the tool as U+FFFD. A BOM is dropped.
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new UsageError(`--args ${raw}: not valid UTF-8 text.`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--args${raw.startsWith("@") ? ` ${raw}` : ""} is not valid JSON: ${(error as Error).message}.`);
  }
}

function describeOutcome(outcome: Outcome): string {
  switch (outcome.status) {
    case "ok":
      if (outcome.messages) return outcome.messages.map((m) => `[${m.role}] ${contentText([m.content])}`).join("\n");
      if (outcome.resource?.blob !== undefined) return `(${outcome.resource.mimeType ?? "binary"}, base64) ${outcome.resource.blob}`;
      return outcome.text;
    case "error":
      return `error [${outcome.error.code}]: ${outcome.error.message}`;
    case "suspended":
      return `suspended: '${outcome.call.name}' is executed by the host (call id ${outcome.call.id}) with ${JSON.stringify(outcome.call.arguments)}`;
    case "ended":
      return `ended${outcome.value === undefined ? "" : `: ${JSON.stringify(outcome.value)}`}`;
  }
}
