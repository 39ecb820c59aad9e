import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, sized } from "../../scripts/bench/worst-case.mjs";
import { compile, copyFixture, toolgen, TOOLGEN_BIN } from "../../test-support/temp-project.js";

/**
 * The worst-case arguments through the real server: `toolgen serve --http` on
 * fixtures/worst-case, two clients sending arguments built to be expensive, each body close to
 * the 4 MiB limit, while a third calls `ping`. Every attack must be answered, and the ping's
 * latency must stay what it is on an idle server, give or take the time one attack takes.
 */
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const BUDGET = BODY_LIMIT - 4096;

/** Arguments for `ingest` that fill the body: one per kind of costly check. */
function attacks(): Array<{ name: string; args: Record<string, unknown> }> {
  const count = (bytes: number, itemBytes: number) => Math.floor(bytes / itemBytes);
  const run = (bytes: number, unit: string, tail: string) => unit.repeat(Math.floor(bytes / 16 / unit.length)) + tail;
  const kinds: Array<[string, (bytes: number) => Record<string, unknown>]> = [
    ["uniqueItems on numbers", (b) => ({ ids: Array.from({ length: count(b, 8) }, (_, i) => i) })],
    ["uniqueItems on objects", (b) => ({ points: Array.from({ length: count(b, 16) }, (_, i) => ({ x: i, y: -i })) })],
    ["email format", (b) => ({ emails: Array.from({ length: 14 }, (_, i) => run(b, ["a", "a.", "a-", "a@"][i % 4]!, "\u0000")) })],
    ["pattern", (b) => ({ slugs: Array.from({ length: 14 }, (_, i) => run(b, ["a-", "a", "-a"][i % 3]!, "!")) })],
    ["additionalProperties", (b) => ({ scores: Object.fromEntries(Array.from({ length: count(b, 16) }, (_, i) => [`k${i}`, "x"])) })],
    ["anyOf", (b) => ({ events: Array.from({ length: count(b, 24) }, () => ({ kind: "click", x: "1" })) })],
    ["maxLength before a quadratic pattern", (b) => ({ contact: "\u0000@\u0000" + ".\u0000".repeat(count(b, 8)) })],
    ["maxItems", (b) => ({ few: Array.from({ length: count(b, 2) }, () => 1) })],
  ];
  return kinds.map(([name, make]) => ({ name, args: sized(make, BUDGET) }));
}

let server: ChildProcess;
let url: string;
let cleanup: () => void;

beforeAll(async () => {
  const fixture = copyFixture("worst-case");
  const { dir } = fixture;
  expect(toolgen(["build"], dir).status).toBe(0);
  compile(dir);
  server = spawn(process.execPath, [TOOLGEN_BIN, "serve", "--http", "0"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  server.stderr!.setEncoding("utf8");
  while (!/at (http:\S+)/.test(stderr)) stderr += String((await once(server.stderr!, "data"))[0]);
  url = /at (http:\S+)/.exec(stderr)![1]!;
  cleanup = fixture.cleanup;
}, 60_000);

afterAll(() => {
  server?.kill("SIGTERM");
  cleanup?.();
});

let id = 0;
async function call(name: string, args: Record<string, unknown>): Promise<{ ms: number; status: number; result: { isError?: boolean; content: Array<{ text: string }> } }> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } });
  expect(body.length).toBeLessThanOrEqual(BODY_LIMIT);
  const start = performance.now();
  const response = await fetch(url, { method: "POST", headers: HEADERS, body });
  const json = (await response.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } };
  return { ms: performance.now() - start, status: response.status, result: json.result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("toolgen serve --http under worst-case arguments", () => {
  it("answers every attack, and a concurrent ping waits at most about one attack's time", async () => {
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push((await call("ping", {})).ms);

    const bodies = attacks();
    const attackTimes: number[] = [];
    let attacking = true;
    const attacker = async (offset: number) => {
      for (let i = offset; attacking; i++) {
        const { name, args } = bodies[i % bodies.length]!;
        const answer = await call("ingest", args);
        expect([name, answer.status]).toEqual([name, 200]);
        attackTimes.push(answer.ms);
      }
    };
    const attackers = Promise.all([attacker(0), attacker(4)]);
    // Awaited below; an attacker failing while the pings run is not an unhandled rejection meanwhile.
    attackers.catch(() => undefined);
    const busy: number[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        const answer = await call("ping", {});
        expect(answer.result.content[0]!.text).toBe("pong");
        busy.push(answer.ms);
      }
    } finally {
      // A failed ping still waits for the attackers, whose failures are then this test's, not unhandled.
      attacking = false;
      await attackers;
    }

    const report = `idle ping median ${median(idle).toFixed(1)} ms; under attack ${median(busy).toFixed(1)} ms (max ${Math.max(...busy).toFixed(1)}); attacks median ${median(attackTimes).toFixed(1)} ms (max ${Math.max(...attackTimes).toFixed(1)}, ${attackTimes.length} sent)`;
    console.log(report);
    // No attack stalls the server: a super-linear check at 4 MiB takes tens of seconds. Each
    // keyword's own time (under 500 ms) is the worst-case-validation suite's and the bench's
    // line; here two attacks share one event loop and two shared cores, and at 2 s the slowest
    // of ~35 read 1.5–2.06 s on unchanged code.
    expect(Math.max(...attackTimes), report).toBeLessThan(5000);
    // "About" one attack: a ping may also wait while the other attacker's 4 MiB body is read
    // and parsed; on a busy machine the medians came within 5 % of each other (363 ms of pings
    // against 346 ms of attacks), where a stall would be seconds.
    expect(median(busy), report).toBeLessThan(median(idle) + 1.25 * median(attackTimes));
  }, 120_000);
});
