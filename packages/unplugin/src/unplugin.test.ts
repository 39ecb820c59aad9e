import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { inspect } from "node:util";
import { build as esbuild } from "esbuild";
import { build as viteBuild, createServer } from "vite";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { useBundledApp } from "../../../test-support/bundled-app.js";
import toolgenEsbuild from "./esbuild.js";
import { unpluginFactory } from "./index.js";
import toolgenRspack from "./rspack.js";
import toolgenVite from "./vite.js";
import toolgenWebpack from "./webpack.js";

/**
 * The plugin in real bundlers, on fixtures/bundled-app (an application with no toolgen step
 * of its own): the build writes the manifest and the registry module, the bundle imports the
 * module, and the built app runs a tool. Errors fail the bundler's build with toolgen's
 * diagnostics.
 */
const { app, run, GREETED } = useBundledApp();

describe("@toolgen/unplugin", () => {
  it("esbuild: builds the registry before bundling; the bundled app calls a tool", async () => {
    const dir = app();
    await esbuild({ entryPoints: [path.join(dir, "src/app.ts")], bundle: true, platform: "node", format: "esm", outfile: path.join(dir, "out/app.mjs"), logLevel: "silent", plugins: [toolgenEsbuild({ project: dir })] });
    expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(true);
    expect(run(path.join(dir, "out/app.mjs"))).toBe(GREETED);
  });

  it("vite build: the manifest survives Vite emptying its outDir (toolgen's default manifest folder)", async () => {
    const dir = app();
    await viteBuild({ root: dir, logLevel: "silent", plugins: [toolgenVite({ project: dir })], build: { ssr: "src/app.ts", outDir: "dist", emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string }> };
    expect(manifest.entries.map((e) => e.name)).toEqual(["greet"]);
    expect(run(path.join(dir, "dist/app.js"))).toBe(GREETED);
  });

  it("vite dev server: editing a tool's doc comment rebuilds the registry, and the new schema loads without a restart", async () => {
    const dir = app();
    const server = await createServer({ root: dir, logLevel: "silent", configFile: false, plugins: [toolgenVite({ project: dir })], server: { port: 0, strictPort: false } });
    await server.listen();
    try {
      const describeGreet = async () => {
        const module = (await server.ssrLoadModule("/src/tools.generated.ts")) as { registry: { get(name: string): { description: string } | undefined } };
        return module.registry.get("greet")!.description;
      };
      expect(await describeGreet()).toBe("Greets someone.");
      const source = path.join(dir, "src/tools.ts");
      writeFileSync(source, readFileSync(source, "utf8").replace("Greets someone.", "Greets someone warmly."));
      const deadline = Date.now() + 10_000;
      let description = await describeGreet();
      while (description !== "Greets someone warmly." && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        description = await describeGreet();
      }
      expect(description).toBe("Greets someone warmly.");
    } finally {
      await server.close();
    }
  }, 30_000);

  it("vite dev server: creating or editing toolgen.config.json rebuilds the registry", async () => {
    const dir = app();
    const server = await createServer({ root: dir, logLevel: "silent", configFile: false, plugins: [toolgenVite({ project: dir })], server: { port: 0, strictPort: false } });
    await server.listen();
    const registryModule = path.join(dir, "src/tools.generated.ts");
    // `lazy: false` imports the tools' modules statically.
    const lazy = () => !readFileSync(registryModule, "utf8").includes('import * as m0 from "./tools.js"');
    // Saved again each second until it is seen: the dev server's watcher may not have finished its first scan (a busy machine).
    const saveUntil = async (config: string | undefined, expected: boolean) => {
      for (let waited = 0; lazy() !== expected && waited < 300; waited++) {
        if (config !== undefined && waited % 10 === 0) writeFileSync(path.join(dir, "toolgen.config.json"), config);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return lazy();
    };
    try {
      expect(await saveUntil(undefined, true)).toBe(true);
      expect(await saveUntil('{ "lazy": false }\n', false)).toBe(false);
      expect(await saveUntil('{ "lazy": true }\n', true)).toBe(true);
    } finally {
      await server.close();
    }
  }, 100_000);

  it("vite dev server: starts with a toolgen error in the sources, reports it, and builds once the file is fixed", async () => {
    const dir = app();
    const source = path.join(dir, "src/tools.ts");
    const good = readFileSync(source, "utf8");
    writeFileSync(source, `${good}\n/** Counts. @tool */\nexport function count(n: bigint): void {}\n`);
    const stderr = captureToolgenOutput();
    let server: Awaited<ReturnType<typeof createServer>> | undefined;
    try {
      server = await createServer({ root: dir, logLevel: "silent", configFile: false, plugins: [toolgenVite({ project: dir })], server: { port: 0, strictPort: false } });
      await server.listen();
    } finally {
      stderr.restore();
    }
    const reported = stderr.reported;
    try {
      expect(reported.join("")).toMatch(/src\/tools\.ts:\d+:\d+ - error TG2001/);
      // A page that opens shows it in Vite's error overlay, at the diagnostic's place.
      const overlay = (await firstError(server)) as { err: { message: string; plugin: string; loc: { file: string; line: number; column: number } } };
      expect(overlay.err.message).toMatch(/src\/tools\.ts:\d+:\d+ - error TG2001/);
      expect([overlay.err.plugin, path.basename(overlay.err.loc.file), overlay.err.loc.line, overlay.err.loc.column]).toEqual(["toolgen", "tools.ts", good.split("\n").length + 2, 23]);
      expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
      // Saved again each second until it is seen: the dev server's watcher may not have finished its first scan (a busy machine).
      const deadline = Date.now() + 30_000;
      for (let saved = 0; !existsSync(path.join(dir, "src/tools.generated.ts")) && Date.now() < deadline; saved++) {
        if (saved % 10 === 0) writeFileSync(source, good);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const module = (await server.ssrLoadModule("/src/tools.generated.ts")) as { registry: { get(name: string): { description: string } | undefined } };
      expect(module.registry.get("greet")?.description).toBe("Greets someone.");
    } finally {
      await server.close();
    }
  }, 60_000);

  it("vite dev server: an error in a change is printed and shown in the open page's error overlay; the server goes on", async () => {
    const dir = app();
    const server = await createServer({ root: dir, logLevel: "silent", configFile: false, plugins: [toolgenVite({ project: dir })], server: { port: 0, strictPort: false } });
    await server.listen();
    const page = await hmrClient(server);
    const stderr = captureToolgenOutput();
    try {
      const source = path.join(dir, "src/tools.ts");
      const error = page.next((message) => message.type === "error");
      // Saved again each second until it is seen: the dev server's watcher may not have finished its first scan (a busy machine).
      const bad = `${readFileSync(source, "utf8")}\n/** Counts. @tool */\nexport function count(n: bigint): void {}\n`;
      const saving = setInterval(() => writeFileSync(source, bad), 1000);
      writeFileSync(source, bad);
      const shown = (await error.finally(() => clearInterval(saving))) as { err: { message: string; loc: { line: number } } };
      expect(shown.err.message).toMatch(/src\/tools\.ts:\d+:\d+ - error TG2001/);
      expect(shown.err.loc.line).toBe(bad.split("\n").length - 1);
      expect(stderr.reported.join("")).toMatch(/src\/tools\.ts:\d+:\d+ - error TG2001/);
      expect(server.httpServer!.listening).toBe(true);
      // Vite reloads the page after that change; the reloaded page, as any page opened while the sources fail, is told again.
      const later = await hmrClient(server);
      const again = (await later.next((message) => message.type === "error")) as { err: { message: string } };
      expect(again.err.message).toBe(shown.err.message);
      // The edit undone: the registry module is as it was, and the page still showing the error is reloaded.
      const reloaded = later.next((message) => message.type === "full-reload").finally(() => later.close());
      writeFileSync(source, bad.slice(0, bad.indexOf("\n/** Counts.")));
      expect(await reloaded).toMatchObject({ type: "full-reload" });
    } finally {
      stderr.restore();
      page.close();
      await server.close();
    }
  }, 60_000);

  it("takes toolgen config keys as options, over the package's config; a wrong one fails the build naming it", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), `${readFileSync(path.join(dir, "src/tools.ts"), "utf8")}\n/** Says hello. @tool */\nexport function sayHello(): string {\n  return "hello";\n}\n`);
    const bundle = (options: Record<string, unknown>) =>
      esbuild({ entryPoints: [path.join(dir, "src/app.ts")], bundle: true, platform: "node", format: "esm", outfile: path.join(dir, "out/app.mjs"), logLevel: "silent", plugins: [toolgenEsbuild({ project: dir, ...options })] });
    await bundle({ naming: "camelCase" });
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string }> };
    expect(manifest.entries.map((e) => e.name)).toEqual(["greet", "sayHello"]);
    // A mistyped key is told where the bundler's config makes the plugin, with the plugin's own `project` among the keys.
    expect(() => toolgenEsbuild({ project: dir, nameing: "camelCase" } as never)).toThrow(/^toolgen: the toolgen plugin's options: unknown key "nameing"; did you mean "naming"\? \(known: project, manifest, /);
    expect(() => toolgenEsbuild({ projet: dir } as never)).toThrow(/unknown key "projet"; did you mean "project"\?/);
    // webpack's and Rspack's too, which unplugin makes only when the compiler applies them.
    for (const make of [toolgenWebpack, toolgenRspack]) expect(() => make({ nameing: "camelCase" } as never)).toThrow(/did you mean "naming"\?/);
    expect(() => toolgenEsbuild({ naming: "kebab" } as never)).toThrow(/^toolgen: the toolgen plugin's options: "naming" must be /);
    await expect(bundle({ project: path.join(dir, "nope.json") })).rejects.toThrow(/nope\.json; pass the project's tsconfig with the plugin's `project` option\./);
    // A disagreement with package.json is the plugin's options', not the tsconfig's.
    await expect(bundle({ manifest: "other/m.json" })).rejects.toThrow(/error: the toolgen plugin's options: "manifest" is "other\/m\.json", but .*package\.json "toolgen"\."manifest"/);
    // A solution tsconfig: the package's tsconfig goes in the plugin's option, not in a CLI flag.
    writeFileSync(path.join(dir, "tsconfig.solution.json"), JSON.stringify({ files: [], references: [{ path: "./tsconfig.json" }] }));
    await expect(bundle({ project: path.join(dir, "tsconfig.solution.json") })).rejects.toThrow(/only references: pass the tsconfig of a package that has tools with the plugin's `project` option \(/);
    // Options of the wrong kind are said so, as an error with the stack of the config that made the plugin (Node prints one without it in brackets).
    expect(() => toolgenEsbuild({ project: 42 } as never)).toThrow("toolgen: the plugin's `project` option must be a path (a tsconfig or its folder); got 42.");
    expect(() => toolgenEsbuild("camelCase" as never)).toThrow('toolgen: the plugin\'s options must be an object ({ project, naming, … }); got "camelCase".');
    const thrown = (() => {
      try {
        toolgenEsbuild({ nameing: "camelCase" } as never);
      } catch (error) {
        return error;
      }
    })();
    expect(inspect(thrown)).toMatch(/^Error: toolgen: the toolgen plugin's options: unknown key .*\n {4}at /);
  });

  it("warnings are esbuild's warnings, at their file:line:col: its log level decides what is printed", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), `${readFileSync(path.join(dir, "src/tools.ts"), "utf8")}\n/**\n * Greets someone.\n * @tool\n */\nexport function welcome(): string {\n  return "hi";\n}\n`);
    const printed: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => printed.push(String(chunk)) > 0) as typeof process.stderr.write;
    let result;
    try {
      result = await esbuild({ entryPoints: [path.join(dir, "src/app.ts")], bundle: true, platform: "node", format: "esm", outfile: path.join(dir, "out/app.mjs"), logLevel: "silent", plugins: [toolgenEsbuild({ project: dir })] });
    } finally {
      process.stderr.write = write;
    }
    expect(printed.join("")).toBe("");
    expect(result.warnings.map((w) => [w.pluginName, w.text.slice(0, 54), path.basename(w.location!.file), w.location!.line])).toEqual([["toolgen", "TG5003 [duplicate-description]: 'welcome' has the same", "tools.ts", 14]]);
  });

  it("an error fails esbuild's build as esbuild reports errors, at the diagnostic's file:line:col, without the plugin's stack; the build's warnings stay warnings", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), "/** Counts. @tool */\nexport function count(n: bigint): void {}\n/**\n * Says hi.\n * @tool\n * @param name Who. @maxLength 9\n */\nexport function hi(name: string): void {}\n");
    const failed = esbuild({ entryPoints: [path.join(dir, "src/app.ts")], bundle: true, platform: "node", format: "esm", outfile: path.join(dir, "out/app.mjs"), logLevel: "silent", plugins: [toolgenEsbuild({ project: dir })] });
    const error = (await failed.then(() => undefined, (e: unknown) => e)) as Error & { errors: Array<{ pluginName: string; text: string; location: { lineText: string } | null }>; warnings: Array<{ text: string; location: { line: number } | null }> };
    // As esbuild reports an error at its place: file:line:col, then the message, and the line.
    expect(error.message).toMatch(/src\/tools\.ts:2:22: ERROR: \[plugin: toolgen\] TG2001: 'bigint' cannot be carried in JSON/);
    expect(error.message).not.toMatch(/onStart|at .*unplugin/);
    expect(error.errors.map((e) => e.location?.lineText)).toContain("export function count(n: bigint): void {}");
    expect(error.errors.filter((e) => e.pluginName === "toolgen").map((e) => e.text.slice(0, 6))).toEqual(["TG2001"]);
    expect(error.warnings.map((w) => [w.text.slice(0, 6), w.location?.line])).toEqual([["TG1002", 6]]);
    // Nothing is written, as \`toolgen build\` writes nothing: not the manifest either, after the bundle.
    expect([existsSync(path.join(dir, "dist/toolgen.manifest.json")), existsSync(path.join(dir, "src/tools.generated.ts"))]).toEqual([false, false]);
  });

  it("vite build: an error's place (loc) is the one its message says, as Vite prints both", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), "/** Counts. @tool */\nexport function count(n: bigint): void {}\n");
    const failed = viteBuild({ root: dir, logLevel: "silent", plugins: [toolgenVite({ project: dir })], build: { ssr: "src/app.ts", outDir: "dist" } });
    // Vite 8 gathers the plugin's error into `errors`.
    const error = (await failed.then(() => undefined, (e: unknown) => e)) as Error & { errors: Array<{ loc?: { line: number; column: number } }> };
    const [, line, column] = /src\/tools\.ts:(\d+):(\d+) - error TG2001/.exec(error.message)!;
    expect([error.errors[0]?.loc?.line, error.errors[0]?.loc?.column]).toEqual([Number(line), Number(column)]);
  });

  it("vite dev server: a toolgen.config.json created in the package, above a tsconfig in a subfolder, rebuilds the registry", () => {
    const dir = app();
    mkdirSync(path.join(dir, "config"));
    writeFileSync(path.join(dir, "config/tsconfig.app.json"), '{ "extends": "../tsconfig.json" }\n');
    const plugin = unpluginFactory({ project: path.join(dir, "config/tsconfig.app.json") }, { framework: "vite", versions: {} }) as unknown as { buildStart(this: object): void; watchChange(this: object, id: string): void; vite: { configResolved(config: object): void } };
    const context = { warn() {}, addWatchFile() {} };
    plugin.vite.configResolved({ command: "serve" });
    plugin.buildStart.call(context);
    const registryModule = path.join(dir, "src/tools.generated.ts");
    // `lazy: false` imports the tools' modules statically.
    const imported = () => readFileSync(registryModule, "utf8").includes('import * as m0 from "./tools.js"');
    expect(imported()).toBe(false);
    writeFileSync(path.join(dir, "toolgen.config.json"), '{ "lazy": false }\n');
    plugin.watchChange.call(context, path.join(dir, "toolgen.config.json"));
    expect(imported()).toBe(true);
  });

  it("vite dev server with split: a chunk the build rewrote is no reason to build again, a source is", () => {
    const dir = app();
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ split: true }));
    const plugin = unpluginFactory({ project: dir }, { framework: "vite", versions: {} }) as unknown as { buildStart(this: object): void; watchChange(this: object, id: string): void; vite: { configResolved(config: object): void } };
    const context = { warn() {}, addWatchFile() {} };
    plugin.vite.configResolved({ command: "serve" });
    plugin.buildStart.call(context);
    const chunk = path.join(dir, "src/tools.generated.chunks/tools.ts");
    expect(readFileSync(chunk, "utf8")).toContain("Greets someone.");
    // A source edited, and the watcher telling of the chunk first: only the source's change builds.
    const source = path.join(dir, "src/tools.ts");
    writeFileSync(source, readFileSync(source, "utf8").replace("Greets someone.", "Greets someone warmly."));
    plugin.watchChange.call(context, chunk);
    expect(readFileSync(chunk, "utf8")).not.toContain("Greets someone warmly.");
    plugin.watchChange.call(context, source);
    expect(readFileSync(chunk, "utf8")).toContain("Greets someone warmly.");
  });
});

type DevServer = Awaited<ReturnType<typeof createServer>>;

/** What toolgen prints to stderr until `restore`, kept instead of printed. */
function captureToolgenOutput(): { reported: string[]; restore(): void } {
  const reported: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => (typeof chunk === "string" && chunk.includes("toolgen") ? reported.push(chunk) > 0 : write(chunk, ...rest))) as typeof process.stderr.write;
  return { reported, restore: () => void (process.stderr.write = write) };
}

/** A page's connection to Vite's HMR socket: the messages it is sent, as a browser's Vite client gets them. */
async function hmrClient(server: DevServer): Promise<{ next(match: (message: { type: string }) => boolean): Promise<unknown>; close(): void }> {
  const address = server.httpServer!.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/`, "vite-hmr");
  const messages: Array<{ type: string }> = [];
  const waiting: Array<() => void> = [];
  socket.on("message", (data) => {
    messages.push(JSON.parse(String(data)) as { type: string });
    for (const wake of waiting.splice(0)) wake();
  });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  return {
    next: async (match) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message from Vite in 20 s; got ${JSON.stringify(messages.map((m) => m.type))}`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 1000);
        });
      }
    },
    close: () => socket.close(),
  };
}

/** The first error a page that connects now is sent (Vite keeps one sent before any page connected). */
async function firstError(server: DevServer): Promise<unknown> {
  const page = await hmrClient(server);
  try {
    return await page.next((message) => message.type === "error");
  } finally {
    page.close();
  }
}
