import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packedProject } from "../../test-support/packed-project.js";
import { compile, REPO_ROOT, toolgen, TSC_BIN } from "../../test-support/temp-project.js";
import { bundle, bundleWithMetafile, CHROMIUM, freePort } from "./runtimes.js";

/**
 * The portable fixture (a `Date` tool, an `@format email` tool, a request-style tool, a tool
 * throwing `ToolError`), installed from the packed packages, built with `toolgen build` and
 * `tsc`, bundled with esbuild and run in each runtime an AI application ships to: a Node.js
 * bundle alone in an empty folder, Deno without permissions, Bun, workerd without
 * `nodejs_compat`, and a Chromium page under a CSP without `'unsafe-eval'`.
 */
const BIN = path.join(REPO_ROOT, "node_modules/.bin");
let project: { dir: string; cleanup: () => void };
const cleanups: Array<() => void | Promise<void>> = [];

beforeAll(() => {
  project = packedProject("portable", ["runtime", "mcp"]);
  const built = toolgen(["build"], project.dir);
  expect(built.stderr).toBe("");
  compile(project.dir);
  for (const entry of ["print-matrix.mjs", "browser-matrix.mjs", "deno-serve.mjs", "bun-serve.mjs"]) copyFileSync(path.join(import.meta.dirname, "entries", entry), path.join(project.dir, entry));
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  project.cleanup();
});

/** A folder of its own for a bundle, with no `node_modules` in it or above it. */
function isolated(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-isolated-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (let at = dir; ; at = path.dirname(at)) {
    expect(existsSync(path.join(at, "node_modules")), `${at}/node_modules`).toBe(false);
    if (path.dirname(at) === at) break;
  }
  return dir;
}

/** What every runtime must answer, outcome by outcome. */
function expectMatrix(json: string): void {
  const outcomes = JSON.parse(json) as Record<string, unknown>;
  expect(outcomes.dates).toEqual({ status: "ok", text: "30" }); // the tool throws unless both arrive as Dates
  expect(outcomes.request).toEqual({ status: "ok", text: "Hello, Ada!!" });
  expect(outcomes.email).toEqual({ status: "ok", text: "example.org" });
  expect(outcomes.invalidEmail).toMatchObject({
    status: "error",
    error: { code: "invalid_arguments", payload: { issues: [{ path: "/address", expected: "a string in email format", received: 'the string "not-an-email"' }] } },
  });
  expect(outcomes.toolError).toEqual({ status: "error", error: { code: "tool_error", message: "Seat 13 is taken.", payload: { seat: 13, alternatives: [12, 14] } } });
}

function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 60_000, env: { ...process.env, ...env } });
  expect(result.stderr.replace(/^Download .*\n/gm, "")).toBe("");
  expect(result.status).toBe(0);
  return result.stdout.trim();
}

/** Starts a server process; resolves once it printed `listening` (or its own readiness line). */
async function start(command: string, args: readonly string[], cwd: string, ready: RegExp, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(() => void child.kill("SIGKILL"));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${command} exited with ${String(code)}:\n${output}`)));
  });
  return child;
}

/** The official MCP client against a `createMcpHandler` endpoint: list, a call, an invalid call. */
async function expectMcp(url: string): Promise<void> {
  const client = new Client({ name: "portability", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["days_between", "email_domain", "greet", "reserve_seat"]);
    expect(await client.callTool({ name: "days_between", arguments: { from: "2026-01-01T00:00:00Z", to: "2026-01-31T00:00:00Z" } })).toMatchObject({ content: [{ type: "text", text: "30" }], structuredContent: { result: 30 } });
    const invalid = await client.callTool({ name: "email_domain", arguments: { address: "nope" } });
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toContain("/address: expected a string in email format");
  } finally {
    await client.close();
  }
}

describe("the same tools in every runtime", () => {
  it("Node.js: an esbuild bundle alone in an empty folder, no node_modules anywhere above it", async () => {
    const file = await bundle(project.dir, "print-matrix.mjs", "node");
    const dir = isolated();
    copyFileSync(file, path.join(dir, "app.mjs"));
    expectMatrix(run(process.execPath, ["app.mjs"], dir));
  });

  it("Deno, with no permissions at all", async () => {
    const file = await bundle(project.dir, "print-matrix.mjs", "neutral");
    const dir = isolated();
    copyFileSync(file, path.join(dir, "app.mjs"));
    expectMatrix(run(path.join(BIN, "deno"), ["run", "--no-prompt", "--no-config", "--no-lock", "app.mjs"], dir, { DENO_DIR: path.join(dir, ".deno"), NO_COLOR: "1" }));
  });

  it("Deno, from the TypeScript sources and node_modules, with --sloppy-imports (deploy.md's recipe)", () => {
    // The generated module imports the tools as `./tools.js` (NodeNext's spelling): Deno finds `tools.ts` with --sloppy-imports.
    writeFileSync(path.join(project.dir, "deno-sources.ts"), 'import { runMatrix } from "./src/matrix.ts";\nconsole.log(JSON.stringify(await runMatrix()));\n');
    expectMatrix(run(path.join(BIN, "deno"), ["run", "--no-prompt", "--no-lock", "--sloppy-imports", "deno-sources.ts"], project.dir, { DENO_DIR: path.join(project.dir, ".deno"), NO_COLOR: "1" }));
  });

  it("Bun", async () => {
    const file = await bundle(project.dir, "print-matrix.mjs", "neutral");
    const dir = isolated();
    copyFileSync(file, path.join(dir, "app.mjs"));
    expectMatrix(run(path.join(BIN, "bun"), ["app.mjs"], dir));
  });

  it("workerd without nodejs_compat: the module Worker runs the calls and serves MCP through createMcpHandler", async () => {
    const file = await bundle(project.dir, "dist/worker.js", "neutral");
    const dir = isolated();
    copyFileSync(file, path.join(dir, "worker.mjs"));
    const port = await freePort();
    writeFileSync(
      path.join(dir, "config.capnp"),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.mjs", esModule = embed "worker.mjs") ],
  compatibilityDate = "2025-09-01",
);
`,
    );
    const workerd = spawn(path.join(BIN, "workerd"), ["serve", "config.capnp"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => void workerd.kill("SIGKILL"));
    const matrix = await fetchWhenUp(`http://127.0.0.1:${port}/matrix`);
    expectMatrix(matrix);
    await expectMcp(`http://127.0.0.1:${port}/mcp`);
  });

  it("Deno.serve and Bun.serve: the same Worker handler answers the official MCP client", async () => {
    const denoFile = await bundle(project.dir, "deno-serve.mjs", "neutral");
    const denoPort = await freePort();
    await start(path.join(BIN, "deno"), ["run", "--no-prompt", "--no-config", "--no-lock", `--allow-net=127.0.0.1:${denoPort}`, denoFile, String(denoPort)], path.dirname(denoFile), /listening/, { DENO_DIR: path.join(project.dir, ".deno"), NO_COLOR: "1" });
    await expectMcp(`http://127.0.0.1:${denoPort}/mcp`);
    const bunFile = await bundle(project.dir, "bun-serve.mjs", "neutral");
    const bunPort = await freePort();
    await start(path.join(BIN, "bun"), [bunFile, String(bunPort)], path.dirname(bunFile), /listening/);
    await expectMcp(`http://127.0.0.1:${bunPort}/mcp`);
  });

  it("Chromium: a browser bundle in a page whose CSP forbids eval, with no console errors", async () => {
    const file = await bundle(project.dir, "browser-matrix.mjs", "browser");
    const script = readFileSync(file);
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>toolgen</title><script src="/probe.js"></script><script type="module" src="/app.js"></script></head><body></body></html>`;
    const server: Server = createServer((req, res) => {
      const csp = "default-src 'none'; script-src 'self'; connect-src 'self'";
      if (req.url === "/app.js") res.writeHead(200, { "content-type": "text/javascript", "content-security-policy": csp }).end(script);
      // The page's own proof that the CSP is in force: its eval is refused.
      else if (req.url === "/probe.js") res.writeHead(200, { "content-type": "text/javascript" }).end('try { eval("1"); globalThis.evalRefused = false; } catch { globalThis.evalRefused = true; }');
      else res.writeHead(200, { "content-type": "text/html", "content-security-policy": csp }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
    cleanups.push(() => browser.close());
    const tab = await browser.newPage();
    const problems: string[] = [];
    tab.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    tab.on("pageerror", (error) => problems.push(error.message));
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expectMatrix(await tab.evaluate(() => (globalThis as unknown as { matrix: Promise<string> }).matrix));
    expect(await tab.evaluate(() => (globalThis as unknown as { evalRefused: boolean }).evalRefused)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe("what an application imports is platform-neutral", () => {
  const NEUTRAL = ["@toolgen/runtime", "@toolgen/runtime/providers", "@toolgen/runtime/validation", "@toolgen/runtime/formats", "@toolgen/mcp"];
  const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

  /** Every module a bundle of `specifier` reads, and every import any of them makes. */
  async function graph(specifier: string) {
    const entry = `entry-${specifier.replace(/\W+/g, "-")}.mjs`;
    writeFileSync(path.join(project.dir, entry), `export * from "${specifier}";\n`);
    const { metafile } = await bundleWithMetafile(project.dir, entry, "neutral", { external: [...BUILTINS] });
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    return { inputs: Object.keys(metafile.inputs), imports };
  }

  it.each(NEUTRAL)("%s imports no Node.js built-in, directly or through a dependency, and its own code reads no process", async (specifier) => {
    const { inputs, imports } = await graph(specifier);
    expect(imports.filter((i) => BUILTINS.has(i))).toEqual([]);
    const own = inputs.filter((file) => file.includes("node_modules/@toolgen/"));
    expect(own.length).toBeGreaterThan(0);
    for (const file of own) expect([file, /\bprocess\b|\brequire\(|createRequire/.test(readFileSync(path.join(project.dir, file), "utf8"))]).toEqual([file, false]);
  });

  it("the Node-only parts are where the docs say: @toolgen/runtime/discovery and @toolgen/mcp/node import Node built-ins", async () => {
    for (const specifier of ["@toolgen/runtime/discovery", "@toolgen/mcp/node"]) expect((await graph(specifier)).imports.some((i) => BUILTINS.has(i))).toBe(true);
  });

  it.each(["node", "browser", "neutral"] as const)("the application (runtime, generated registry, MCP handler) bundles for --platform=%s without a warning", async (platform) => {
    await expect(bundle(project.dir, "dist/worker.js", platform)).resolves.toContain(platform);
  });

  it("the application's compiler reads @toolgen/runtime's types from its bundled declarations: a handful of files, not one per source module", () => {
    const listed = execFileSync(process.execPath, [TSC_BIN, "-p", project.dir, "--listFilesOnly"], { cwd: project.dir, encoding: "utf8" });
    const runtimeTypes = listed.split("\n").filter((file) => file.includes("node_modules/@toolgen/runtime/"));
    expect(runtimeTypes.length).toBeGreaterThan(0);
    expect(runtimeTypes.length).toBeLessThanOrEqual(8);
    for (const file of runtimeTypes) expect(file).toMatch(/node_modules\/@toolgen\/runtime\/dist\/types\/[^/]+\.d\.ts$/);
  });

  it("a registry that checks email carries the email check and no other format's", async () => {
    const code = readFileSync(await bundle(project.dir, "print-matrix.mjs", "browser"), "utf8");
    expect(code).toContain("[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@");
    for (const other of ["(?:https?|ftp):", "urn:uuid:", "[0-9a-f]{1,4}:){7}", "(?=.{1,253}"]) expect(code).not.toContain(other);
  });
});

/** GETs a URL until the server behind it is up (workerd prints nothing when it is ready). */
async function fetchWhenUp(url: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return await response.text();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
