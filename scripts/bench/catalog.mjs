// The catalog of issue #19: `toolgen docs` on a generated project of 500 tools (the bench
// corpus: large nested schemas), its page's size, and how long headless Chromium takes, from
// file://, to show its first screen (the page's own `data-ready-at`) and every entry.
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { generateCorpus } from "./generate-corpus.mjs";



export async function benchCatalog({ workspace, toolgen, n = 500, runs = 5 }) {
  const dir = path.join(workspace, `catalog-${n}`);
  generateCorpus({ n, dir });
  const docs = spawnSync(process.execPath, [toolgen, "docs", "-o", "catalog"], { cwd: dir, encoding: "utf8" });
  if (docs.status !== 0) throw new Error(`toolgen docs failed: ${docs.stderr}`);
  const file = path.join(dir, "catalog/index.html");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  const firstScreen = [];
  const complete = [];
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector("body[data-complete=true]", { timeout: 60_000 });
      // Runs in the page: its document and clock.
      const [ready, done] = await page.evaluate(() => [Number(globalThis.document.body.dataset.readyAt), globalThis.performance.now()]);
      firstScreen.push(ready);
      complete.push(done);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { n, bytes: statSync(file).size, firstScreenMs: median(firstScreen), completeMs: median(complete) };
}
