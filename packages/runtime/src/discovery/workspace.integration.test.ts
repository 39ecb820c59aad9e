import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, toolgen } from "../../../../test-support/temp-project.js";
import type { Outcome, Registry } from "../index.js";
import { discoverManifests } from "./discover-manifests.js";
import type { DiscoverRegistryOptions } from "./load-discovered.js";

/**
 * fixtures/workspace, installed the way npm lays it out (app → text-tools → legacy-tools
 * through node_modules links), built with the real toolgen CLI and tsc once for the file.
 */
let dir: string;
let cleanup: () => void;
let app: string;
let createAppRegistry: (options?: DiscoverRegistryOptions) => Promise<Registry>;

beforeAll(async () => {
  ({ dir, cleanup } = copyFixture("workspace"));
  app = path.join(dir, "app");
  link(path.join(dir, "text-tools"), path.join(app, "node_modules/@fixture/text-tools"));
  link(path.join(dir, "legacy-tools"), path.join(dir, "text-tools/node_modules/@fixture/legacy-tools"));
  for (const pkg of ["text-tools", "app"]) {
    const build = toolgen(["build", "-p", "tsconfig.json"], path.join(dir, pkg));
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
    compile(path.join(dir, pkg));
  }
  ({ createAppRegistry } = (await import(pathToFileURL(path.join(app, "dist/main.js")).href)) as { createAppRegistry: typeof createAppRegistry });
}, 240_000); // two toolgen builds and two tsc runs: slow on a loaded machine
afterAll(() => cleanup());

function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at, "junction");
}

describe("discovery from the application root", () => {
  it("finds the manifests in dependency order: dependencies before dependents, the application last", () => {
    const found = discoverManifests(app);
    expect(found.map((m) => [m.packageName, m.formatVersion, m.displayPath])).toEqual([
      ["@fixture/legacy-tools", 1, "../legacy-tools/toolgen.manifest.json"],
      ["@fixture/text-tools", 2, "../text-tools/dist/toolgen.manifest.json"],
      ["@fixture/app", 2, "dist/toolgen.manifest.json"],
    ]);
  });

  it("registers every package's entries in discovery order (the application's code, through its generated module)", async () => {
    const registry = await createAppRegistry();
    expect(registry.entries.map((e) => e.name)).toEqual(["reverse_text", "word_count", "slugify", "summarize", "bundled_text", "app_status", "wait_for_cancel"]);
  });

  it("calls a tool of a format-2 package with its precompiled validator", async () => {
    const registry = await createAppRegistry();
    expect(await registry.dispatch("word_count", { text: "one two  three" })).toEqual({ status: "ok", text: "3" });
    expect(await registry.dispatch("word_count", { text: 3 })).toMatchObject({ error: { code: "invalid_arguments", payload: { issues: [{ path: "/text", expected: "a string", received: "the number 3" }] } } });
  });

  it("reads a legacy (format 1) manifest: positional arguments, defaults, the interpreting validator", async () => {
    const registry = await createAppRegistry();
    expect(await registry.dispatch("reverse_text", { text: "abc" })).toEqual({ status: "ok", text: "cba" });
    expect(await registry.dispatch("reverse_text", { text: "a b c", byWord: true })).toEqual({ status: "ok", text: "c b a" });
    expect(await registry.dispatch("reverse_text", { text: "abc", by_word: true })).toEqual({
      status: "error",
      error: {
        code: "invalid_arguments",
        message: "Invalid arguments for 'reverse_text' (1 problem):\n- /by_word: expected no such property (it is not accepted here), received the boolean true",
        payload: { issues: [{ path: "/by_word", expected: "no such property (it is not accepted here)", received: "the boolean true" }] },
      },
    });
  });

  it("a duplicate across packages is an error naming both origins; an override chooses explicitly", async () => {
    await expect(createAppRegistry({ hosts: ["legacy"] })).rejects.toThrow(
      `The name 'slugify' is provided twice: by @fixture/legacy-tools (../legacy-tools/toolgen.manifest.json) and by @fixture/text-tools (../text-tools/dist/toolgen.manifest.json). Remove one, or choose the one to keep with overrides: { "slugify": "@fixture/text-tools" } (the "overrides" key of the toolgen configuration, for the toolgen CLI; the overrides option of discoverRegistry).`,
    );
    const legacy = await createAppRegistry({ hosts: ["legacy"], overrides: { slugify: "@fixture/legacy-tools" } });
    expect(await legacy.dispatch("slugify", { title: "Hello World" })).toEqual({ status: "ok", text: "legacy:hello_world" });
    const modern = await createAppRegistry({ hosts: ["legacy"], overrides: { slugify: "@fixture/text-tools" } });
    expect(await modern.dispatch("slugify", { title: "Hello World" })).toEqual({ status: "ok", text: "hello-world" });
    await expect(createAppRegistry({ overrides: { slugify: "@fixture/app" } })).rejects.toThrow("The override for 'slugify' chooses @fixture/app, which does not provide it (provided by: @fixture/legacy-tools, @fixture/text-tools).");
  });

  it("a toolset limited to one host is there only for that host; a call without it is told why", async () => {
    const withoutHost = await createAppRegistry();
    expect(withoutHost.get("open_in_editor")).toBeUndefined();
    expect(await withoutHost.dispatch("open_in_editor", { file: "a.ts" })).toMatchObject({ error: { code: "unknown_tool", message: expect.stringContaining("It exists but is not registered here: it is @supportedFor ide only") } });
    const ide = await createAppRegistry({ hosts: ["ide"] });
    expect(await ide.dispatch("open_in_editor", { file: "a.ts" })).toEqual({ status: "ok", text: "opened a.ts" });
  });

  it("renders a discovered prompt and reads a discovered resource by URI", async () => {
    const registry = await createAppRegistry();
    expect(await registry.dispatch("summarize", { text: "Long text." })).toEqual({
      status: "ok",
      text: "Summarize in one sentence:\nLong text.",
      messages: [{ role: "user", content: { type: "text", text: "Summarize in one sentence:\nLong text." } }],
    });
    expect(await registry.readResource("text:///readme")).toEqual({ status: "ok", text: "contents of readme", resource: { uri: "text:///readme", mimeType: "text/plain" } });
    expect(await registry.readResource("text:///a/b")).toMatchObject({ error: { code: "unknown_tool" } });
  });

  it("the application's generated module gives a typed registry of its own tools", async () => {
    const { ownStatus } = (await import(pathToFileURL(path.join(app, "dist/main.js")).href)) as { ownStatus: () => Promise<Outcome> };
    expect(await ownStatus()).toEqual({ status: "ok", text: "hosts: none" });
  });
});

describe("under node --disallow-code-generation-from-strings", () => {
  it("a generated registry and a discovered legacy package both validate and call", () => {
    const script = path.join(dir, "no-codegen.mjs");
    writeFileSync(
      script,
      `import { createAppRegistry } from "./app/dist/main.js";
import { registry as textTools } from "./text-tools/dist/tools.generated.js";
let codegen = "allowed";
try { new Function("return 1"); } catch { codegen = "refused"; }
const discovered = await createAppRegistry();
const outcomes = [
  await textTools.call("word_count", { text: "a b" }),
  await textTools.dispatch("word_count", { text: 1 }),
  await discovered.dispatch("reverse_text", { text: "abc" }),
];
console.log(JSON.stringify({ codegen, outcomes: outcomes.map((o) => o.status === "ok" ? o.text : o.error.code) }));
`,
    );
    const run = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", script], { cwd: dir, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ codegen: "refused", outcomes: ["2", "invalid_arguments", "cba"] });
  });
});

describe("toolgen call, through the real binary", () => {
  const call = (...args: string[]) => toolgen(["call", ...args], app);

  it("calls a dependency's tool with --args @file and prints the outcome exactly with --json", () => {
    const file = path.join(dir, "args.json");
    writeFileSync(file, JSON.stringify({ text: "x y z" }));
    const run = call("word_count", "--args", `@${file}`, "--json");
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toEqual({ status: "ok", text: "3" });
    writeFileSync(file, "\uFEFF" + JSON.stringify({ text: "a b" })); // a BOM, as some editors write
    expect(JSON.parse(call("word_count", "--args", `@${file}`, "--json").stdout)).toEqual({ status: "ok", text: "2" });
    writeFileSync(file, Buffer.concat([Buffer.from('{"text":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]));
    expect(call("word_count", "--args", `@${file}`)).toMatchObject({ status: 2, stderr: `toolgen: --args @${file}: not valid UTF-8 text.\n` });
  });

  it("--host (repeatable) declares host identities: the toolset limited to one of them appears", () => {
    expect(call("open_in_editor", "--args", '{"file":"a.ts"}', "--host", "cli", "--host", "ide")).toMatchObject({ status: 0, stdout: "opened a.ts\n", stderr: "" });
  });

  it("--timeout ends a call that does not finish, with exit 0 and the timeout outcome", () => {
    const run = call("wait_for_cancel", "--timeout", "50", "--json");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ status: "error", error: { code: "timeout", message: "'wait_for_cancel' did not finish within 50 ms." } });
  });

  it("reads a resource by URI and renders a prompt", () => {
    expect(call("text:///notes").stdout).toBe("contents of notes\n");
    expect(call("summarize", "--args", '{"text":"T"}').stdout).toBe("[user] Summarize in one sentence:\nT\n");
  });

  it("a duplicate across packages is a configuration error: exit 2, both origins named, no stack", () => {
    const run = call("slugify", "--args", '{"title":"x"}', "--host", "legacy");
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `toolgen: The name 'slugify' is provided twice: by @fixture/legacy-tools (../legacy-tools/toolgen.manifest.json) and by @fixture/text-tools (../text-tools/dist/toolgen.manifest.json). Remove one, or choose the one to keep with overrides: { "slugify": "@fixture/text-tools" } (the "overrides" key of the toolgen configuration, for the toolgen CLI; the overrides option of discoverRegistry).\n`,
    );
  });

  it("the application's configuration chooses which package keeps a duplicated name (overrides)", () => {
    const config = path.join(app, "toolgen.config.json");
    writeFileSync(config, JSON.stringify({ overrides: { slugify: "@fixture/legacy-tools" } }));
    try {
      const run = call("slugify", "--args", '{"title":"Hello World"}', "--host", "legacy", "--json");
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toMatchObject({ status: "ok" });
      writeFileSync(config, JSON.stringify({ overrides: { slugify: "@fixture/nobody" } }));
      expect(call("slugify", "--args", '{"title":"x"}', "--host", "legacy")).toMatchObject({ status: 2, stderr: expect.stringContaining("The override for 'slugify' chooses @fixture/nobody, which does not provide it") });
    } finally {
      rmSync(config);
    }
  });

  it("toolgen list and inspect show the dependencies' entries as call and serve register them, and the same duplicate error", () => {
    const list = toolgen(["list", "--json"], app);
    expect(list.stderr).toBe("");
    // Every entry once, those a registry without hosts leaves out too (open_in_editor is @supportedFor ide).
    expect((JSON.parse(list.stdout) as Array<{ name: string }>).map((e) => e.name)).toEqual(["reverse_text", "word_count", "slugify", "summarize", "bundled_text", "open_in_editor", "app_status", "wait_for_cancel"]);
    expect(toolgen(["inspect", "word_count", "--json"], app)).toMatchObject({ status: 0, stdout: expect.stringContaining('"name": "word_count"') });
    expect(toolgen(["inspect", "word_count"], app).stdout).toMatch(/^source: @fixture\/text-tools@1\.0\.0, src\/[\w-]+\.ts:\d+:\d+$/m);
    expect(toolgen(["inspect", "open_in_editor", "--provider", "openai"], app)).toMatchObject({ status: 1, stderr: expect.stringContaining("'open_in_editor' is not registered for an application that declares no host") });
    const openai = toolgen(["list", "--provider", "openai", "--host", "legacy"], app);
    expect(openai.status).toBe(2);
    expect(openai.stderr).toContain("toolgen: The name 'slugify' is provided twice: by @fixture/legacy-tools");
  });

  it("usage mistakes exit 2 with a clear message", () => {
    expect(call("word_count", "--timeout", "soon")).toMatchObject({ status: 2, stderr: "toolgen: --timeout must be a positive whole number of milliseconds; got 'soon'.\n" });
    expect(call("word_count", "--timeout", "1.5")).toMatchObject({ status: 2, stderr: "toolgen: --timeout must be a positive whole number of milliseconds; got '1.5'.\n" });
  });

  it("a corrupted dependency manifest fails before any call, naming the file and the field", () => {
    const manifestPath = path.join(dir, "legacy-tools/toolgen.manifest.json");
    const original = readFileSync(manifestPath, "utf8");
    try {
      const broken = JSON.parse(original) as { tools: Array<Record<string, unknown>> };
      broken.tools[0]!.module = "lib/missing.js";
      writeFileSync(manifestPath, JSON.stringify(broken));
      const run = call("word_count", "--args", '{"text":"a"}');
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(
        'toolgen: ../legacy-tools/toolgen.manifest.json: not compiled since its last \'toolgen build\'\n  $.tools[0].module: expected a compiled JavaScript module of the package (compile it after \'toolgen build\'), received "lib/missing.js", which does not exist\n',
      );
    } finally {
      writeFileSync(manifestPath, original);
    }
  });
});
