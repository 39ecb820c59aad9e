import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../../test-support/temp-project.js";

/** serveStdio in a process of its own, over a registry whose `wait` tool answers after `ms`, or "stopped" when its signal aborts (to stderr), and whose `say` tool logs its text. */
const SERVER = `
import { createRegistry } from "@toolgen/runtime";
import { createMcpServer } from "@toolgen/mcp";
import { serveStdio } from "@toolgen/mcp/node";
const registry = createRegistry([]);
registry.register({
  name: "wait",
  description: "Waits.",
  params: [{ name: "ms", type: "number", required: true }],
  fn: ({ ms }, context) => new Promise((resolve) => {
    const timer = setTimeout(() => resolve("waited " + ms), ms);
    context.signal.addEventListener("abort", () => { clearTimeout(timer); process.stderr.write("stopped\\n"); });
  }),
});
registry.register({ name: "say", description: "Logs.", params: [{ name: "text", type: "string", required: true }], fn: ({ text }) => (console.log(text), text) });
// As \`toolgen serve\` does: SIGTERM stops serving.
const stop = new AbortController();
process.once("SIGTERM", () => stop.abort());
await serveStdio(createMcpServer(registry, { identity: { name: "s", version: "1.0.0" }, stateful: true }), { graceMs: Number(process.argv[1]), signal: stop.signal });
process.stderr.write("served\\n");
`;

const lines = (...messages: object[]) => messages.map((m) => `${JSON.stringify({ jsonrpc: "2.0", ...m })}\n`).join("");
const INITIALIZE = { id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
const call = (id: number, ms: number) => ({ id, method: "tools/call", params: { name: "wait", arguments: { ms } } });

/** Writes `input` and closes stdin at once, as `echo … | toolgen serve` does: what came out, and how long the server took to exit. */
function oneShot(input: string, graceMs: number): Promise<{ answers: Array<{ id: number; result?: { content: Array<{ text: string }> } }>; stderr: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--input-type=module", "-e", SERVER, String(graceMs)], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve) =>
    child.on("exit", () => resolve({ answers: stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as never), stderr, ms: performance.now() - started })),
  );
}

describe("serveStdio when the client closes stdin", () => {
  it("answers the calls still in flight before it exits", async () => {
    const { answers } = await oneShot(lines(INITIALIZE, { method: "notifications/initialized" }, call(1, 300), call(2, 50)), 5000);
    expect(answers.filter((a) => a.id > 0).map((a) => [a.id, a.result?.content[0]?.text])).toEqual([
      [2, "waited 50"],
      [1, "waited 300"],
    ]);
  }, 20_000);

  it("waits no longer than its grace period: a call still running then is aborted", async () => {
    const { answers, stderr, ms } = await oneShot(lines(INITIALIZE, { method: "notifications/initialized" }, call(1, 60_000)), 300);
    expect(answers.map((a) => a.id)).toEqual([0]);
    expect(stderr).toContain("stopped");
    expect(ms).toBeLessThan(10_000);
  }, 20_000);

  it("answers a last request whose line has no newline", async () => {
    const { answers } = await oneShot(lines(INITIALIZE, { method: "notifications/initialized" }, call(1, 10)).trimEnd(), 5000);
    expect(answers.map((a) => a.id)).toEqual([0, 1]);
  }, 20_000);

  it("does not wait for a call the client cancelled", async () => {
    const { answers, ms } = await oneShot(lines(INITIALIZE, { method: "notifications/initialized" }, call(1, 60_000), { method: "notifications/cancelled", params: { requestId: 1 } }), 30_000);
    expect(answers.map((a) => a.id)).toEqual([0]);
    expect(ms).toBeLessThan(10_000);
  }, 20_000);
});

describe("serveStdio while a call runs", () => {
  /** The server with `wait` running `ms`: `act(child)` once the call is in flight; then its exit and what it wrote. */
  function during(ms: number, graceMs: number, act: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, ["--input-type=module", "-e", SERVER, String(graceMs)], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let acted = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      // The initialize answer is out: the call is sent, and acted on a moment later — once, not again for every later chunk.
      if (!acted && stdout.includes('"id":0')) {
        acted = true;
        setTimeout(() => act(child), 200);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.stdin.write(lines(INITIALIZE, { method: "notifications/initialized" }, call(1, ms)));
    return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr })));
  }

  it("a client gone (its end of stdout closed) ends serving quietly when the answer cannot be written (EPIPE), exit 0", async () => {
    const { code, stderr } = await during(500, 30_000, (child) => child.stdout!.destroy());
    expect({ code, stderr }).toEqual({ code: 0, stderr: "served\n" });
  }, 20_000);

  it("SIGTERM lets the call finish within the grace period, answers it, and exits 0", async () => {
    const { code, signal, stdout, stderr } = await during(500, 5000, (child) => child.kill("SIGTERM"));
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: "served\n" });
    expect(stdout).toContain('"text":"waited 500"');
  }, 20_000);

  it("SIGTERM: a request sent after the signal is not taken, so the exit waits for the calls running then only", async () => {
    const { code, stdout, stderr } = await during(500, 3000, (child) => {
      child.kill("SIGTERM");
      setTimeout(() => child.stdin!.write(lines(call(2, 60_000))), 50);
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: "served\n" });
    expect(stdout).toContain('"text":"waited 500"');
  }, 20_000);

  it("a client that closed stderr: a tool's log is lost, and serving goes on", async () => {
    const { code, stdout } = await during(300, 5000, (child) => {
      child.stderr!.destroy();
      child.stdin!.write(lines({ id: 2, method: "tools/call", params: { name: "say", arguments: { text: "hello" } } }));
      setTimeout(() => child.stdin!.end(), 300);
    });
    expect(code).toBe(0);
    expect(stdout).toContain('"id":2');
  }, 20_000);
});
