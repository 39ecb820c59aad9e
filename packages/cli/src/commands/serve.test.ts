import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, REPO_ROOT, TOOLGEN_BIN, toolgen } from "../../../../test-support/temp-project.js";

/** Mistakes in calling `toolgen serve` (serving itself is tested in packages/mcp). */
describe("toolgen serve, called wrongly", () => {
  let dir: string;
  let cleanup: () => void;

  beforeAll(() => ({ dir, cleanup } = copyFixture("mcp")));
  afterAll(() => cleanup());

  it("refuses a port that is not a number, before loading anything", () => {
    const run = toolgen(["serve", "--http", "eighty"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("toolgen: --http must be a port number from 0 to 65535; got 'eighty'.\n");
  });

  it("says to build first when there is no built manifest, without a stack trace", () => {
    const run = toolgen(["serve", "-p", "tsconfig.json"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^toolgen: dist\/toolgen\.manifest\.json does not exist: run 'toolgen build' and compile the project first\.\n$/);
    expect(run.stdout).toBe("");
  });
});

describe("toolgen serve over stdio, with tools that print and slip", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "toolgen-serve-stray-"));
    mkdirSync(path.join(dir, "src"));
    symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "junction");
    // Implementations imported at start (not on first call): what the module prints then comes before serving.
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "stray", version: "1.0.0", type: "module", toolgen: { lazy: false } }));
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, rootDir: "src", outDir: "dist", skipLibCheck: true, types: [] }, include: ["src"] }));
    writeFileSync(
      path.join(dir, "src/tools.ts"),
      `declare const console: { log(text: string): void };
console.log("loading the tools");

/**
 * Answers, and leaves a rejected promise and a throwing timer behind.
 * @tool
 */
export function slip(): string {
  void Promise.reject(new Error("nobody awaits this"));
  setTimeout(() => { throw new Error("thrown in a timer"); }, 10);
  setTimeout(() => { throw Object.assign(Object.create(null), { code: "E_X" }); }, 20);
  setTimeout(() => { throw new Error("line one\\nline two\\u001b[31m"); }, 30);
  return "slipped";
}

/**
 * Answers.
 * @tool
 */
export function ping(): string {
  return "pong";
}

/**
 * Answers n characters.
 * @tool
 * @param n How many.
 */
export function big(n: number): string {
  return "x".repeat(n);
}
`,
    );
    expect(toolgen(["build"], dir).status).toBe(0);
    compile(dir);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes an answer larger than the pipe holds out in full before it exits (echo … | toolgen serve)", () => {
    const line = (message: object) => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;
    const input = line({ id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) + line({ method: "notifications/initialized" }) + line({ id: 1, method: "tools/call", params: { name: "big", arguments: { n: 300_000 } } });
    const run = spawnSync(process.execPath, [TOOLGEN_BIN, "serve"], { cwd: dir, input, encoding: "utf8", timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    const answers = run.stdout.split("\n").filter(Boolean).map((text) => JSON.parse(text) as { id: number; result: { content?: Array<{ text: string }> } });
    expect(answers.map((a) => [a.id, a.result.content?.[0]?.text.length])).toEqual([
      [0, undefined],
      [1, 300_000],
    ]);
  });

  it("keeps stdout for the protocol while the tools load, and serves on after an error no call awaits", async () => {
    const child = spawn(process.execPath, [TOOLGEN_BIN, "serve"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let ended = false;
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      // `slip` answered: its timer throws 10 ms later; then another call, and the end.
      if (ended || !stdout.includes('"id":1')) return;
      ended = true;
      setTimeout(() => {
        send({ id: 2, method: "tools/call", params: { name: "ping", arguments: {} } });
        child.stdin.end();
      }, 300);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    send({ id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    send({ method: "notifications/initialized" });
    send({ id: 1, method: "tools/call", params: { name: "slip", arguments: {} } });
    const code = await new Promise((resolve) => child.on("exit", resolve));
    const answers = stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { id: number; result: { content: Array<{ text: string }> } });
    expect(answers.map((a) => [a.id, a.result.content?.[0]?.text])).toEqual([
      [0, undefined],
      [1, "slipped"],
      [2, "pong"],
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain("loading the tools\n");
    // One line each, with where it was thrown; a value with no string form, or a message of several lines, too.
    expect(stderr).toMatch(/^toolgen: an error outside any call \(serving goes on\): nobody awaits this \(at slip \(.*\)\)$/m);
    expect(stderr).toMatch(/^toolgen: an error outside any call \(serving goes on\): thrown in a timer \(at .*\)$/m);
    expect(stderr).toContain('toolgen: an error outside any call (serving goes on): {"code":"E_X"}\n');
    expect(stderr).toMatch(/^toolgen: an error outside any call \(serving goes on\): line one line two \[31m \(at .*\)$/m);
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 30_000);
});
