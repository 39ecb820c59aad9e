// Preloaded (`node --import`) into a measured child when /usr/bin/time is missing: writes the
// process's peak resident set size in KiB to $TOOLGEN_BENCH_RSS_FILE when it exits.
import { writeFileSync } from "node:fs";

const file = process.env.TOOLGEN_BENCH_RSS_FILE;
if (file) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
