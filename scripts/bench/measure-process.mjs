// Runs one Node.js command in a fresh process and measures its wall time and peak memory.
// Peak memory comes from GNU time (`/usr/bin/time -v`, "Maximum resident set size") when the
// machine has it, else from the child itself: a preloaded module reports
// `process.resourceUsage().maxRSS` when the process exits.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const GNU_TIME = "/usr/bin/time";
const RSS_PRELOAD = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "rss-on-exit.mjs")).href;

/** How peak memory is measured on this machine. */
export function memorySource() {
  return hasGnuTime() ? "/usr/bin/time -v (Maximum resident set size)" : "process.resourceUsage().maxRSS of the child";
}

let gnuTime;
function hasGnuTime() {
  if (gnuTime === undefined) {
    gnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ["-v", "true"], { encoding: "utf8" }).stderr?.includes("Maximum resident set size");
  }
  return gnuTime;
}

/**
 * Runs `node <args>` in `cwd`. Returns `{ ok, wallMs, maxRssKiB, stdout, stderr, status }`;
 * a non-zero exit is `ok: false`, with the output for the report.
 */
export function measureNode(args, { cwd, env = process.env } = {}) {
  if (hasGnuTime()) {
    const start = performance.now();
    const result = spawnSync(GNU_TIME, ["-v", process.execPath, ...args], { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    const wallMs = performance.now() - start;
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr ?? "");
    const stderr = (result.stderr ?? "").replace(/\tCommand being timed:[\s\S]*$/, "");
    return { ok: result.status === 0, status: result.status, wallMs, maxRssKiB: match ? Number(match[1]) : NaN, stdout: result.stdout, stderr };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-bench-rss-"));
  const file = path.join(dir, "rss");
  try {
    const start = performance.now();
    const result = spawnSync(process.execPath, ["--import", RSS_PRELOAD, ...args], {
      cwd,
      env: { ...env, TOOLGEN_BENCH_RSS_FILE: file },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    const wallMs = performance.now() - start;
    const maxRssKiB = existsSync(file) ? Number(readFileSync(file, "utf8")) : NaN;
    return { ok: result.status === 0, status: result.status, wallMs, maxRssKiB, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The median of the finite values (NaN for none): what every table of the bench shows. */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
