import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, REPO_ROOT, toolgen, TOOLGEN_BIN } from "../../../test-support/temp-project.js";

/** `toolgen call` is a process: what a tool prints or leaves running must not spoil its output or keep it alive. */
describe("toolgen call, as a process", () => {
  let dir: string;
  let cleanup: () => void;

  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("demo"));
    writeFileSync(
      path.join(dir, "src/chatty.ts"),
      `import type { ToolContext } from "@toolgen/runtime";

console.log("loading chatty");

/**
 * Logs while it works.
 * @tool
 */
export function chatty(): string {
  console.log("debug noise");
  return "done";
}

/**
 * Never finishes, and keeps a timer running.
 * @tool
 */
export function stuck(): Promise<string> {
  return new Promise(() => void setInterval(() => {}, 1000));
}

/**
 * Never finishes, and leaves nothing that could finish it.
 * @tool
 */
export function hang(): Promise<string> {
  return new Promise(() => {});
}

/**
 * Throws from a timer and leaves a rejected promise, then answers.
 * @tool
 */
export async function stray(): Promise<string> {
  setTimeout(() => { throw new Error("boom in a timer"); }, 1);
  setTimeout(() => { throw Object.create(null); }, 2);
  void Promise.reject(new Error("nobody awaits this"));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return "answered";
}

/**
 * Leaves a rejected promise and answers at once.
 * @tool
 */
export function strayAtOnce(): string {
  void Promise.reject(new Error("left behind"));
  return "answered";
}

/**
 * Answers, leaving a timer that throws a moment later.
 * @tool
 */
export function strayAfter(): string {
  setTimeout(() => { throw new Error("boom after the answer"); }, 30);
  return "answered";
}

/**
 * Answers, leaving an interval that would run for ever.
 * @tool
 */
export function leavesInterval(): string {
  setInterval(() => {}, 1000);
  return "answered";
}

/**
 * Waits until its call is aborted, and cleans up.
 * @tool
 */
export function waitForAbort(context: ToolContext): Promise<string> {
  console.log("waiting");
  const working = setInterval(() => {}, 1000);
  return new Promise((_resolve, reject) => context.signal.addEventListener("abort", () => {
    clearInterval(working);
    console.log("cleaned up");
    reject(context.signal.reason);
  }));
}
`,
    );
    expect(toolgen(["build"], dir).status).toBe(0);
    compile(dir);
  });
  afterAll(() => cleanup());

  it("--json prints the outcome alone on stdout; what the tool and its module (as it loads) print goes to stderr", () => {
    const run = toolgen(["call", "chatty", "--json"], dir);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ status: "ok", text: "done" });
    expect(run.stderr).toBe("loading chatty\ndebug noise\n");
  });

  it("--args @- reads the arguments from stdin", () => {
    const run = spawnSync(process.execPath, [TOOLGEN_BIN, "call", "convert_length", "--args", "@-", "--json"], { cwd: dir, input: '{"value":5,"from":"km","to":"mi"}', encoding: "utf8", timeout: 60_000 });
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "ok" });
    // A file that is not there, or a folder, is said so, named as given.
    expect(toolgen(["call", "convert_length", "--args", "@args/nowhere.json"], dir)).toMatchObject({ status: 2, stderr: "toolgen: --args @args/nowhere.json: no such file.\n" });
    expect(toolgen(["call", "convert_length", "--args", "@."], dir)).toMatchObject({ status: 2, stderr: "toolgen: --args @.: a folder, not a file.\n" });
  });

  it("exits once the outcome is printed, even when the tool left a timer running (--timeout)", () => {
    // The spawn's own limit only keeps a regression from hanging the suite; the call's timeout is 200 ms.
    const run = spawnSync(process.execPath, [TOOLGEN_BIN, "call", "stuck", "--timeout", "200", "--json"], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "error", error: { code: "timeout" } });
  });

  it("says so when the tool's promise can never settle (nothing left to run), exit 1, where Node.js would end it without a word", () => {
    const run = toolgen(["call", "hang", "--json"], dir);
    expect([run.status, run.stdout]).toEqual([1, ""]);
    expect(run.stderr).toBe("loading chatty\ntoolgen: 'hang' never settled: its promise is pending with nothing left that could settle it (no timer, no I/O), so the call can never finish. Under 'toolgen serve' it would hold its client until a timeout (--timeout here).\n");
  });

  it("an error outside the call (a timer's throw, an unhandled rejection) is one line each with where it was thrown; the outcome is printed, exit 1", () => {
    const run = toolgen(["call", "stray", "--json"], dir);
    expect([run.status, JSON.parse(run.stdout)]).toEqual([1, { status: "ok", text: "answered" }]);
    expect(run.stderr).toMatch(/^toolgen: 'stray' raised an error outside its call \(a throw in a timer, or a promise nothing awaits\): nobody awaits this \(at stray \(file:\/\/\/.*\/dist\/chatty\.js:\d+:\d+\)\)$/m);
    expect(run.stderr).toMatch(/^toolgen: 'stray' raised an error outside its call \(a throw in a timer, or a promise nothing awaits\): boom in a timer \(at .*\/dist\/chatty\.js:\d+:\d+\)\)$/m);
    expect(run.stderr).toContain("toolgen: 'stray' raised an error outside its call (a throw in a timer, or a promise nothing awaits): {}\n");
    expect(run.stderr).not.toMatch(/Node\.js v|^\s+at /m);
  });

  it("a rejection a tool leaves as it answers at once is said after the outcome, exit 1", () => {
    const run = toolgen(["call", "stray_at_once", "--json"], dir);
    expect([run.status, JSON.parse(run.stdout)]).toEqual([1, { status: "ok", text: "answered" }]);
    expect(run.stderr).toMatch(/^toolgen: 'stray_at_once' raised an error outside its call \(a throw in a timer, or a promise nothing awaits\): left behind \(at /m);
  });

  it("a timer the tool left throwing a moment after the answer is said too, exit 1; an interval it left does not keep the process", () => {
    const run = toolgen(["call", "stray_after", "--json"], dir);
    expect([run.status, JSON.parse(run.stdout)]).toEqual([1, { status: "ok", text: "answered" }]);
    expect(run.stderr).toMatch(/^toolgen: 'stray_after' raised an error outside its call \(a throw in a timer, or a promise nothing awaits\): boom after the answer \(at /m);
    const left = toolgen(["call", "leaves_interval", "--json"], dir);
    expect([left.status, JSON.parse(left.stdout), left.stderr]).toEqual([0, { status: "ok", text: "answered" }, "loading chatty\n"]);
  });

  it("Ctrl-C aborts the call (the tool sees its signal and cleans up) and prints the aborted outcome, exit 130", async () => {
    const child = spawn(process.execPath, [TOOLGEN_BIN, "call", "wait_for_abort", "--json"], { cwd: dir });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
      if (stderr.includes("waiting") && !child.killed) child.kill("SIGINT");
    });
    const [code] = (await once(child, "exit")) as [number | null];
    expect([code, JSON.parse(stdout)]).toEqual([130, { status: "error", error: { code: "aborted", message: "The call to 'wait_for_abort' was aborted." } }]);
    expect(stderr).toContain("cleaned up");
  });

  it("runs from a subfolder, and in a deployed copy of package.json and the build alone (no tsconfig, no sources): package.json names the manifest", () => {
    expect(JSON.parse(toolgen(["call", "chatty", "--json"], path.join(dir, "src")).stdout)).toEqual({ status: "ok", text: "done" });
    const deployed = mkdtempSync(path.join(tmpdir(), "toolgen-deployed-"));
    try {
      cpSync(path.join(dir, "package.json"), path.join(deployed, "package.json"));
      cpSync(path.join(dir, "dist"), path.join(deployed, "dist"), { recursive: true });
      symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(deployed, "node_modules"), "junction");
      expect(JSON.parse(toolgen(["call", "chatty", "--json"], deployed).stdout)).toEqual({ status: "ok", text: "done" });
      const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
      const served = spawnSync(process.execPath, [TOOLGEN_BIN, "serve"], { cwd: deployed, input: `${JSON.stringify(initialize)}\n`, encoding: "utf8", timeout: 60_000 });
      expect(served.status).toBe(0);
      expect(JSON.parse(served.stdout)).toMatchObject({ id: 0, result: { serverInfo: { name: "toolgen-demo", version: "1.0.0" } } });
    } finally {
      rmSync(deployed, { recursive: true, force: true });
    }
  });
});
