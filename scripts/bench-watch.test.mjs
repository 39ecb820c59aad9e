// The watch benchmark runs against the current build API (it rotted once, unnoticed): a small
// project (eight files: the script edits the eighth), one round. No timing is checked here;
// the script itself checks that each rebuild saw its edit.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-watch.mjs");

describe("scripts/bench-watch.mjs", () => {
  it("builds, then rebuilds after a description and a function body change", () => {
    const run = spawnSync(process.execPath, [SCRIPT, "80", "1"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^80 tools, 1 rounds/);
    expect(run.stdout).toMatch(/watch rebuild, one description edited: +median \d+ ms/);
    expect(run.stdout).toMatch(/watch rebuild, one function body edited: +median \d+ ms/);
  });
});
