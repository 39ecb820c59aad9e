import { spawnSync } from "node:child_process";
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
      `console.log("loading chatty");

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
