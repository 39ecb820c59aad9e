#!/usr/bin/env node
// Part of `npm test`: the portability suite drives Debian's Chromium (Deno, Bun and workerd
// come from npm). Installs it with apt-get where it is missing and this is root on Debian;
// otherwise says what to install, and fails.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.error(`toolgen tests: ${CHROMIUM} is missing; install Debian's 'chromium' package (the browser tests use it).`);
    process.exit(1);
  }
  console.error("toolgen tests: installing Debian's chromium package for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: ["ignore", "ignore", "inherit"], env });
}
