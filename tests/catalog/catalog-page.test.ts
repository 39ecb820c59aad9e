import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../test-support/temp-project.js";

/**
 * `toolgen docs` as a reader meets it: the catalog of fixtures/demo (and of a 500-tool
 * generated project) opened from file:// in headless Chromium, with no server.
 */
const CHROMIUM = "/usr/bin/chromium";
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let browser: Browser;
let dir: string;
let cleanup: () => void;
let catalog: string;

beforeAll(async () => {
  ({ dir, cleanup } = copyFixture("demo"));
  const docs = toolgen(["docs"], dir);
  expect(docs).toMatchObject({ status: 0, stdout: "toolgen: catalog of 4 entries -> docs/tools/index.html\n" });
  catalog = pathToFileURL(path.join(dir, "docs/tools/index.html")).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  cleanup?.();
});

/** The catalog open in a fresh page, with every console error and page error collected. */
async function open(url = catalog, options: { width?: number; height?: number; dark?: boolean; bypassCSP?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1200, height: options.height ?? 900 }, colorScheme: options.dark ? "dark" : "light", bypassCSP: options.bypassCSP ?? false });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("request", (request) => {
    if (!request.url().startsWith("file:")) problems.push(`fetched ${request.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector("body[data-complete=true]");
  return { page, problems };
}

/** The catalog of fixtures/demo with one more source file, `src/<name>.ts` (removed again): its file:// URL. */
function catalogWith(name: string, source: string): string {
  const file = path.join(dir, `src/${name}.ts`);
  writeFileSync(file, source);
  try {
    expect(toolgen(["docs", "-o", `docs/${name}`], dir).status).toBe(0);
  } finally {
    rmSync(file);
  }
  return pathToFileURL(path.join(dir, `docs/${name}/index.html`)).href;
}

const entryNames = (page: Page) => page.$$eval("article.entry:not([hidden]) h2 a", (links) => links.map((a) => a.textContent));

describe("toolgen docs: the catalog page", () => {
  it("opens from file:// without a console error or a request, every entry present", async () => {
    const { page, problems } = await open();
    expect(await entryNames(page)).toEqual(["days_between", "search_notes", "convert_length", "convert_temperature"]);
    expect(await page.textContent("h1")).toBe("toolgen-demo 1.0.0");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the search narrows the list by name, description or tag, and says how many match", async () => {
    const { page } = await open();
    await page.fill("#search", "convert");
    expect(await entryNames(page)).toEqual(["convert_length", "convert_temperature"]);
    expect(await page.textContent("#status")).toBe("2 of 4 entries match");
    await page.fill("#search", "rollback notes");
    expect(await entryNames(page)).toEqual([]);
    await page.fill("#search", "");
    expect((await entryNames(page)).length).toBe(4);
    await page.close();
  });

  it("the search finds a resource by its URI or its MIME type", async () => {
    const url = catalogWith("memos", "/**\n * A memo, as Markdown.\n * @resource memos://{id}\n * @mimeType text/markdown\n * @param id The note.\n */\nexport function memo(id: string): string {\n  return id;\n}\n");
    const { page } = await open(url);
    for (const typed of ["memos://", "text/markdown"]) {
      await page.fill("#search", typed);
      expect([typed, await entryNames(page)]).toEqual([typed, ["memo"]]);
    }
    await page.close();
  });

  it("a provider's tab shows exactly what toolgen list --provider gives for the tool; arrow keys move between tabs", async () => {
    const { page } = await open();
    const article = page.locator("#entry-convert_length");
    await article.locator("details.providers > summary").click();
    await article.locator("[role=tab][data-provider=anthropic]").click();
    const shown = JSON.parse((await article.locator("[role=tabpanel] pre").textContent())!) as Array<{ name: string }>;
    const listed = JSON.parse(toolgen(["list", "--provider", "anthropic"], dir).stdout) as Array<{ name: string }>;
    expect(shown).toEqual(listed.filter((t) => t.name === "convert_length"));
    await article.locator("[role=tab][data-provider=anthropic]").press("ArrowRight");
    expect(await article.locator("[role=tab][aria-selected=true]").textContent()).toBe("gemini");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("gemini");
    await page.close();
  });

  it("a @supportedFor tool's tab says it is sent only by an application that declares one of its hosts, as list --provider --host gives it", async () => {
    const url = catalogWith("admin", "/**\n * Runs an admin operation.\n * @tool\n * @supportedFor claude chatgpt\n */\nexport function adminOp(): string {\n  return \"\";\n}\n");
    const { page } = await open(url);
    const article = page.locator("#entry-admin_op");
    await article.locator("details.providers > summary").click();
    await article.locator("[role=tab][data-provider=anthropic]").click();
    expect(await article.locator("[role=tabpanel] p.note").textContent()).toBe("Sent only by an application that declares one of its hosts (claude, chatgpt): toolgen list --provider anthropic --host claude.");
    const shown = JSON.parse((await article.locator("[role=tabpanel] pre").textContent())!) as Array<{ name: string }>;
    expect(shown.map((t) => t.name)).toEqual(["admin_op"]);
    await page.close();
  });

  it("an @external tool's mcp tab says an MCP server does not offer it; an @excludedFor tool's says which hosts leave it out", async () => {
    const url = catalogWith(
      "hosted",
      "/**\n * Asks the user.\n * @tool\n * @external\n * @param question What to ask.\n */\nexport declare function askUser(question: string): string;\n\n/**\n * Runs a local shell command.\n * @tool\n * @excludedFor web\n */\nexport function runLocal(): string {\n  return \"\";\n}\n",
    );
    const { page } = await open(url);
    const external = page.locator("#entry-ask_user");
    await external.locator("details.providers > summary").click();
    await external.locator("[role=tab][data-provider=mcp]").click();
    expect(await external.locator("[role=tabpanel] p.issues-none").textContent()).toBe("mcp is not offered this tool: it is @external, and an MCP server's client could not run it.");
    expect(JSON.parse((await external.locator("[role=tabpanel] pre").textContent())!)).toEqual([]);
    await external.locator("[role=tab][data-provider=anthropic]").click();
    expect(await external.locator("[role=tabpanel] p.issues-none").textContent()).toBe("anthropic loses nothing of the schema: below is how it receives it.");
    const excluded = page.locator("#entry-run_local");
    await excluded.locator("details.providers > summary").click();
    await excluded.locator("[role=tab][data-provider=openai]").click();
    expect(await excluded.locator("[role=tabpanel] p.note").textContent()).toBe("Not sent by an application that declares one of the hosts it excludes (web).");
    await page.close();
  });

  it("shows each argument's type in TypeScript words, whether it is required, its default and its constraints", async () => {
    const { page } = await open();
    const rows = await page.$$eval("#entry-convert_length table.parameters tbody tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows[0]).toEqual(["value", "number", "yes", "", "", "The length to convert."]);
    expect(rows[1]![1]).toBe('"mm" | "cm" | "m" | "km" | "in" | "ft" | "mi"');
    expect(rows[3]).toEqual(["precision", "number", "no", "2", "", "Decimal places in the result."]);
    await page.close();
  });

  it("an example call is shown only whole: every required argument from its @examples or default", async () => {
    const tools = [
      "/**\n * Searches.\n * @tool\n * @param query What to look for.\n * @param limit How many.\n */\nexport function searchAll(query: string, limit = 10): string {\n  return query + limit;\n}",
      "/**\n * Finds.\n * @tool\n * @param limit How many.\n */\nexport function findAll(/** What to look for. @examples [\"red shoes\"] */ query: string, limit = 10): string {\n  return query + limit;\n}",
    ];
    const { page, problems } = await open(catalogWith("examples", tools.join("\n")));
    expect(await page.$$("#entry-search_all details.examples")).toHaveLength(0);
    const shown = await page.$eval("#entry-find_all details.examples code", (code) => code.textContent);
    expect(JSON.parse(shown!)).toEqual({ name: "find_all", arguments: { query: "red shoes", limit: 10 } });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("every element id is unique, also for names that extend one another (get-user, get-user-name)", async () => {
    const users = ["get-user", "get-user-name", "get-user-tab-openai", "get-user-panel"].map((name, i) => `/**\n * Reads user ${i}.\n * @tool ${name}\n */\nexport function user${i}(): string {\n  return "";\n}\n`);
    const { page, problems } = await open(catalogWith("users", users.join("\n")));
    const ids = await page.$$eval("[id]", (elements) => elements.map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(await page.getAttribute("#entry-get-user-name", "aria-labelledby")).toBe("entry-get-user-name:name");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a parameter's type in TypeScript's words: a tuple's optional and rest elements, a recursive type by its name, parentheses only around a union, keys that are no identifiers quoted", async () => {
    const shapes = [
      "export interface TreeNode {\n  label: string;\n  children?: TreeNode[];\n}",
      "/**\n * Draws shapes.\n * @tool\n * @param head A label and numbers.\n * @param pair A label and maybe a number.\n * @param tree The tree.\n * @param lines The lines.\n * @param marks The marks.\n * @param headers The headers.\n */",
      "export function drawShapes(head: [string, ...number[]], pair: [string, number?], tree: TreeNode, lines: { id: string; kind: \"a\" | \"b\" }[], marks: (string | number)[], headers: { \"content-type\": string; \"a b\"?: number }): string {\n  return \"\";\n}\n",
    ];
    const { page, problems } = await open(catalogWith("shapes", shapes.join("\n")));
    const types = await page.$$eval("#entry-draw_shapes table.parameters tbody td[data-label=type]", (cells) => cells.map((c) => c.textContent));
    expect(types).toEqual(["[string, ...number[]]", "[string, number?]", "{ label: string; children?: TreeNode[] }", '{ id: string; kind: "a" | "b" }[]', "(string | number)[]", '{ "content-type": string; "a b"?: number }']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("has no serious accessibility violation (axe-core), in the light and the dark scheme, with a provider's JSON wider than its box", async () => {
    const url = catalogWith("wide", `/**\n * ${"A description far wider than the page. ".repeat(8)}\n * @tool\n */\nexport function wideOne(): string {\n  return "";\n}\n`);
    for (const dark of [false, true]) {
      // axe-core comes in as an inline script, which the page's own policy would refuse.
      const { page } = await open(url, { dark, bypassCSP: true });
      for (const name of ["convert_length", "wide_one"]) await page.locator(`#entry-${name} details.providers > summary`).click();
      await page.waitForSelector("#entry-wide_one [role=tabpanel] pre");
      expect(await page.$eval("#entry-wide_one [role=tabpanel] pre", (pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
      expect(await seriousViolations(page), dark ? "dark" : "light").toEqual([]);
      await page.close();
    }
  });

  it("lets only its own script and stylesheet run (Content-Security-Policy): markup slipped in runs nothing and loads nothing", async () => {
    const { page, problems } = await open();
    expect(problems).toEqual([]);
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<img src="https://example.com/x.png" onerror="window.pwned = 1"><script>window.pwned = 2</script>`));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // Refused by the policy (the browser still reports the request it did not make).
    expect(problems.filter((p) => p.includes("Content Security Policy")).length).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it("keeps a description's line breaks, as the model gets them", async () => {
    const url = catalogWith("lines", "/**\n * First line.\n * Second line.\n * @tool\n */\nexport function twoLines(): string {\n  return \"\";\n}\n");
    const { page } = await open(url);
    const [height, lineHeight] = await page.$eval("#entry-two_lines .description", (p) => [p.getBoundingClientRect().height, Number.parseFloat(getComputedStyle(p).lineHeight)]);
    expect(height).toBeGreaterThan(1.5 * lineHeight);
    await page.close();
  });

  it("shows a description's bidirectional controls as escapes, as list does: no text is shown reversed", async () => {
    const url = catalogWith("bidi", "/**\n * Safe \u202Eesrever\u202C text.\n * @tool\n */\nexport function bidiText(): string {\n  return \"\";\n}\n");
    const { page } = await open(url);
    expect(await page.$eval("#entry-bidi_text .description", (p) => p.textContent)).toBe("Safe \\u{202e}esrever\\u{202c} text.");
    await page.close();
  });

  it("fits a phone's width, and its screenshot is not blank", async () => {
    const { page } = await open(catalog, { width: 375, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const shot = await page.screenshot();
    const blank = await browser.newPage({ viewport: { width: 375, height: 700 } });
    const empty = await blank.screenshot();
    // A page with text and bars compresses far worse than an empty one.
    expect(shot.length).toBeGreaterThan(empty.length * 5);
    await blank.close();
    await page.close();
  });

  it("writes the same bytes twice", () => {
    const first = readFileSync(path.join(dir, "docs/tools/index.html"), "utf8");
    expect(toolgen(["docs"], dir).status).toBe(0);
    expect(readFileSync(path.join(dir, "docs/tools/index.html"), "utf8")).toBe(first);
  });
});

/** axe-core's serious and critical violations on the page, as `id (nodes)`. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run();
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length})`);
  });
}

describe("toolgen docs --against", () => {
  it("marks each changed entry with its worst change, lists the changes, and sums them up", async () => {
    expect(toolgen(["build"], dir).status).toBe(0);
    writeFileSync(path.join(dir, "v1.json"), readFileSync(path.join(dir, "dist/toolgen.manifest.json")));
    const units = path.join(dir, "src/units.ts");
    writeFileSync(units, readFileSync(units, "utf8").replace('"ft" | "mi"', '"ft"').replace("Decimal places in the result.", "Decimal places."));
    expect(toolgen(["docs", "--against", "v1.json", "-o", "against"], dir).status).toBe(0);
    const { page, problems } = await open(pathToFileURL(path.join(dir, "against/index.html")).href, { bypassCSP: true });
    expect(await page.textContent("#diff-title")).toBe("Changes against v1.json");
    expect(await page.textContent(".diff p")).toBe("2 breaking, 0 compatible, 1 cosmetic: a major release.");
    expect(await page.$$eval("article .badge.change-breaking", (badges) => badges.map((b) => b.closest("article")!.id))).toEqual(["entry-convert_length"]);
    expect(await page.locator("#entry-convert_length .changes li").allTextContents()).toEqual([
      'breaking /input/from enum-value-removed: no longer accepts "mi"',
      'cosmetic /input/precision description-changed: description "Decimal places in the result." → "Decimal places."',
      'breaking /input/to enum-value-removed: no longer accepts "mi"',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("toolgen docs on 500 generated tools", () => {
  it("writes a page of at most 2 MB that opens with every entry and searches", async () => {
    const corpus = path.join(dir, "corpus");
    execFileSync(process.execPath, [path.resolve("scripts/bench/generate-corpus.mjs"), "--n", "500", "--out", corpus]);
    expect(toolgen(["docs", "-o", "catalog"], corpus).status).toBe(0);
    const file = path.join(corpus, "catalog/index.html");
    expect(statSync(file).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    const { page, problems } = await open(pathToFileURL(file).href);
    expect((await entryNames(page)).length).toBe(500);
    await page.fill("#search", "invoice");
    const found = (await entryNames(page)).length;
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(500);
    expect(problems).toEqual([]);
    // A link to an entry the first screen does not render opens at it.
    const far = (await page.$$eval("article.entry", (articles) => articles.map((a) => a.id)))[300]!;
    const linked = await open(`${pathToFileURL(file).href}#${far}`);
    expect(await linked.page.$eval(`[id="${far}"]`, (article) => Math.round(article.getBoundingClientRect().top))).toBe(0);
    await linked.page.close();
    await page.close();
  }, 120_000);
});
