import { existsSync, readdirSync, readFileSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { rspack, type Compiler as RspackCompiler, type Configuration as RspackConfiguration } from "@rspack/core";
import { transform } from "esbuild";
import { type InputOptions, rolldown } from "rolldown";
import { rollup, type Plugin as RollupPlugin, watch as rollupWatch } from "rollup";
import { describe, expect, it } from "vitest";
import webpack, { type Configuration as WebpackConfiguration } from "webpack";
import { useBundledApp } from "../../../test-support/bundled-app.js";
import { REPO_ROOT } from "../../../test-support/temp-project.js";
import toolgenRolldown from "./rolldown.js";
import toolgenRollup from "./rollup.js";
import toolgenRspack from "./rspack.js";
import toolgenWebpack from "./webpack.js";

/**
 * The plugin's Rollup, webpack and Rspack entries on fixtures/bundled-app: each bundle runs a
 * tool, and under webpack's and Rspack's watchers a toolgen error fails that compilation with
 * its diagnostic, and the watcher goes on: fixing the file builds again.
 */
const { app, run, GREETED } = useBundledApp();
const BAD_TOOL = "\n/** Counts. @tool */\nexport function count(n: bigint): void {}\n";
/** A tool file of its own, as a person adds one while the watcher runs. */
const NEW_TOOL = "/**\n * Multiplies two numbers.\n * @tool\n */\nexport function multiply(a: number, b: number): number {\n  return a * b;\n}\n";

/** TypeScript for Rollup, which reads JavaScript alone: `./x.js` finds `./x.ts`, which esbuild compiles. */
const typescript: RollupPlugin = {
  name: "typescript",
  resolveId(source, importer) {
    if (!importer || !source.startsWith(".") || !source.endsWith(".js")) return null;
    const file = path.resolve(path.dirname(importer), source.replace(/\.js$/, ".ts"));
    return existsSync(file) ? file : null;
  },
  async transform(code, id) {
    return id.endsWith(".ts") ? { code: (await transform(code, { loader: "ts", format: "esm", target: "es2022" })).code, map: null } : null;
  },
};

describe("@toolgen/unplugin/rolldown", () => {
  it("builds the registry before bundling; the bundled app calls a tool; an error's place is the one its message says", async () => {
    const dir = app();
    const options: InputOptions = { input: path.join(dir, "src/app.ts"), platform: "node", external: (id: string) => id.startsWith("@toolgen/"), resolve: { extensionAlias: { ".js": [".ts", ".js"] } }, logLevel: "silent" };
    const bundle = await rolldown({ ...options, plugins: [toolgenRolldown({ project: dir })] });
    await bundle.write({ dir: path.join(dir, "out"), format: "esm", entryFileNames: "app.mjs" });
    await bundle.close();
    expect(run(path.join(dir, "out/app.mjs"))).toBe(GREETED);
    writeFileSync(path.join(dir, "src/tools.ts"), readFileSync(path.join(dir, "src/tools.ts"), "utf8") + BAD_TOOL);
    // rolldown builds when asked for the output.
    const error = (await rolldown({ ...options, plugins: [toolgenRolldown({ project: dir })] }).then((failing) => failing.generate({ format: "esm" })).then(() => undefined, (e: unknown) => e)) as Error & { errors?: Array<{ loc?: { line: number; column: number } }> };
    const [, line, column] = /src\/tools\.ts:(\d+):(\d+) - error TG2001/.exec(error.message)!;
    expect([error.errors?.[0]?.loc?.line, error.errors?.[0]?.loc?.column]).toEqual([Number(line), Number(column)]);
  });
});

describe("@toolgen/unplugin/rollup", () => {
  it("builds the registry before bundling; the bundled app calls a tool", async () => {
    const dir = app();
    const bundle = await rollup({ input: path.join(dir, "src/app.ts"), plugins: [toolgenRollup({ project: dir }), typescript], external: (id) => id.startsWith("@toolgen/"), onwarn: () => {} });
    await bundle.write({ dir: path.join(dir, "out"), format: "esm", entryFileNames: "app.mjs" });
    await bundle.close();
    expect(run(path.join(dir, "out/app.mjs"))).toBe(GREETED);
  });

  it("an error fails the build with toolgen's diagnostic, once", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), readFileSync(path.join(dir, "src/tools.ts"), "utf8") + BAD_TOOL);
    const failed = rollup({ input: path.join(dir, "src/app.ts"), plugins: [toolgenRollup({ project: dir }), typescript], external: (id) => id.startsWith("@toolgen/"), onwarn: () => {} });
    const error = (await failed.then(() => undefined, (e: unknown) => e)) as Error;
    expect(error.message).toMatch(/src\/tools\.ts:11:23 - error TG2001/);
    const { id, loc } = error as Error & { id?: string; loc?: { file: string; line: number; column: number } };
    expect([path.basename(id!), path.basename(loc!.file), loc!.line, loc!.column]).toEqual(["tools.ts", "tools.ts", 11, 22]);
    // Rollup prints the message, then the stack without it (handleError in rollup/dist/shared/rollup.js).
    expect(error.stack!.replace(`${error.name}: ${error.message}\n`, "")).not.toContain("TG2001");
  });

  it("a warning reaches onwarn as Rollup's own warnings do, at its file:line:col", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), `${readFileSync(path.join(dir, "src/tools.ts"), "utf8")}\n/**\n * Greets someone.\n * @tool\n */\nexport function welcome(): string {\n  return "hi";\n}\n`);
    const warnings: Array<{ plugin?: string; message: string; loc?: { file?: string; line: number; column: number } }> = [];
    const bundle = await rollup({ input: path.join(dir, "src/app.ts"), plugins: [toolgenRollup({ project: dir }), typescript], external: (id) => id.startsWith("@toolgen/"), onwarn: (warning) => void warnings.push(warning) });
    await bundle.close();
    const ours = warnings.filter((w) => w.plugin === "toolgen");
    expect(ours.map((w) => [/src\/tools\.ts:14:17 - warning TG5003 \[duplicate-description\]: 'welcome' has the same description/.test(w.message), path.basename(w.loc!.file!), w.loc!.line])).toEqual([[true, "tools.ts", 14]]);
    // Its place as the CLI prints it, from the current folder, not the absolute path.
    expect(ours[0]!.message).toContain(`: ${path.relative(process.cwd(), dir).split(path.sep).join("/")}/src/tools.ts:14:17 - warning`);
  });
});

describe("@toolgen/unplugin/rollup in watch mode", () => {
  it("a toolgen error fails that rebuild with its diagnostic, once, and the fixed file builds again", async () => {
    const dir = app();
    const tools = path.join(dir, "src/tools.ts");
    const good = readFileSync(tools, "utf8");
    await watchRollup(dir, [
      (event) => event.code === "BUNDLE_END" && (writeFileSync(tools, good + BAD_TOOL), true),
      (event) => {
        if (event.code !== "ERROR") return false;
        expect(event.error!.message).toMatch(/src\/tools\.ts:11:23 - error TG2001/);
        expect(event.error!.message.match(/error TG2001/g)).toHaveLength(1);
        writeFileSync(tools, good.replace("Greets someone.", "Greets someone warmly."));
        return true;
      },
      (event) => event.code === "BUNDLE_END" && readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8").includes("Greets someone warmly."),
    ]);
  }, 60_000);
});

/**
 * Runs a Rollup watcher, calling `steps` in turn with its events (a step that returns true is
 * done, and may edit a file to start the next), until the last is done.
 */
async function watchRollup(dir: string, steps: Array<(event: { code: string; error?: Error }) => boolean>): Promise<void> {
  const watcher = rollupWatch({ input: path.join(dir, "src/app.ts"), plugins: [toolgenRollup({ project: dir }), typescript], external: (id) => id.startsWith("@toolgen/"), onwarn: () => {}, output: { dir: path.join(dir, "out"), format: "esm" }, watch: { buildDelay: 50 } });
  try {
    await new Promise<void>((resolve, reject) => {
      let step = 0;
      watcher.on("event", (event) => {
        if ("result" in event) void event.result?.close();
        try {
          if (steps[step]!(event as { code: string; error?: Error }) && ++step === steps.length) resolve();
        } catch (failure) {
          reject(failure as Error);
        }
      });
    });
  } finally {
    await watcher.close();
  }
}

describe("@toolgen/unplugin/rollup in watch mode, from what the build read", () => {
  it("a first build that fails still watches the sources: fixing the file builds again", async () => {
    const dir = app();
    const tools = path.join(dir, "src/tools.ts");
    const good = readFileSync(tools, "utf8");
    writeFileSync(tools, good + BAD_TOOL);
    await watchRollup(dir, [
      // The fix comes a moment later, as a person's would: the watcher starts following the files as the build fails.
      (event) => event.code === "ERROR" && (setTimeout(() => writeFileSync(tools, good.replace("Greets someone.", "Greets someone warmly.")), 500), true),
      (event) => event.code === "BUNDLE_END" && readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8").includes("Greets someone warmly."),
    ]);
  }, 60_000);

  it("a tool file added while watching is built into the registry", async () => {
    const dir = app();
    await watchRollup(dir, [
      // A moment later, as a person's would: the watcher starts following the folder as the build ends.
      (event) => event.code === "BUNDLE_END" && (setTimeout(() => writeFileSync(path.join(dir, "src/more.ts"), NEW_TOOL), 1000), true),
      (event) => event.code === "BUNDLE_END" && readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8").includes("Multiplies two numbers."),
    ]);
  }, 60_000);

  it("a toolgen.config.json created while watching rebuilds the registry with it", async () => {
    const dir = app();
    await watchRollup(dir, [
      (event) => event.code === "BUNDLE_END" && (setTimeout(() => writeFileSync(path.join(dir, "toolgen.config.json"), '{ "lazy": false }\n'), 1000), true),
      // `lazy: false` imports the tools' modules statically.
      (event) => event.code === "BUNDLE_END" && readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8").includes('import * as m0 from "./tools.js"'),
    ]);
  }, 60_000);

  it("a file of types only, which the bundle never imports, rebuilds the registry when its doc comments change", async () => {
    const dir = app();
    const types = path.join(dir, "src/types.ts");
    writeFileSync(types, "export interface Greeting {\n  /** Who to greet. */\n  name: string;\n}\n");
    writeFileSync(path.join(dir, "src/tools.ts"), 'import type { Greeting } from "./types.js";\n\n/**\n * Greets someone.\n * @tool\n */\nexport function greet({ name }: Greeting): string {\n  return `Hello, ${name}!`;\n}\n');
    await watchRollup(dir, [
      (event) => event.code === "BUNDLE_END" && (writeFileSync(types, readFileSync(types, "utf8").replace("Who to greet.", "Whom to greet.")), true),
      (event) => event.code === "BUNDLE_END" && readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8").includes("Whom to greet."),
    ]);
  }, 60_000);
});

/** webpack's and Rspack's options for the fixture: TypeScript through a loader, `./x.js` finding `./x.ts`, Node.js built-ins left out. */
function options(dir: string, plugin: unknown, loader: object) {
  return {
    mode: "development",
    devtool: false,
    target: "node",
    context: dir,
    entry: path.join(dir, "src/app.ts"),
    output: { path: path.join(dir, "out"), filename: "app.cjs" },
    resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
    module: { rules: [{ test: /\.ts$/, ...loader }] },
    plugins: [plugin],
    infrastructureLogging: { level: "none" },
  };
}

type Stats = { hasErrors(): boolean; toJson(options: object): { errors?: Array<{ message: string }> } };
type Watching = { close(callback: () => void): void };
type WatchingCompiler = { hooks: { watchRun: { tap(name: string, hook: () => void): void } }; watch(options: object, handler: (error: Error | null, stats?: Stats) => void): Watching; run(callback: (error: Error | null, stats?: Stats) => void): void };

/** One compilation's errors, as the bundler reports them. */
const errorsOf = (stats: Stats) => (stats.toJson({ errors: true }).errors ?? []).map((e) => e.message).join("\n");

/**
 * Runs `compiler` in watch mode, calling `steps` in turn with each compilation's result (a
 * step edits a file to start the next one), and resolves once the last has run; a watcher
 * that stops (a fatal error) fails it.
 */
function watch(compiler: WatchingCompiler, steps: Array<(stats: Stats) => void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let step = 0;
    const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
      try {
        if (error) throw error;
        steps[step++]!(stats!);
        if (step === steps.length) watching.close(() => resolve());
      } catch (failure) {
        watching.close(() => reject(failure as Error));
      }
    });
  });
}

describe.each([
  ["webpack", (config: object) => webpack(config as WebpackConfiguration) as unknown as WatchingCompiler, toolgenWebpack, { loader: path.join(REPO_ROOT, "test-support/esbuild-ts-loader.mjs") }],
  ["rspack", (config: object) => rspack(config as RspackConfiguration) as RspackCompiler as unknown as WatchingCompiler, toolgenRspack, { loader: "builtin:swc-loader", options: { jsc: { parser: { syntax: "typescript" }, target: "es2022" } }, type: "javascript/auto" }],
] as const)("@toolgen/unplugin/%s", (_name, compile, toolgen, loader) => {
  it("builds the registry before bundling; the bundled app calls a tool", async () => {
    const dir = app();
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    const stats = await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result!))));
    expect(errorsOf(stats)).toBe("");
    expect(run(path.join(dir, "out/app.cjs"))).toBe(GREETED);
  });

  it("a failed build writes nothing, as toolgen build writes nothing: not the manifest either, after the compilation", async () => {
    const dir = app();
    writeFileSync(path.join(dir, "src/tools.ts"), readFileSync(path.join(dir, "src/tools.ts"), "utf8") + BAD_TOOL);
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    const stats = await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result!))));
    expect(errorsOf(stats)).toMatch(/error TG2001/);
    expect([existsSync(path.join(dir, "dist/toolgen.manifest.json")), existsSync(path.join(dir, "src/tools.generated.ts"))]).toEqual([false, false]);
  });

  it("a wrong option throws where the config makes the plugin, naming it", () => {
    expect(() => toolgen({ project: app(), include: ["src"] } as never)).toThrow(/^toolgen: the toolgen plugin's options: unknown key "include" \(known: project, /);
  });

  it("in watch mode, a built project without a toolgen.config.json compiles once at start", async () => {
    const dir = app();
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result!))));
    // The build's files dated a minute back: a watcher takes a file written within its clock's
    // accuracy (about 2 s) before it starts as changed, which would be a second compilation for another reason.
    const past = new Date(Date.now() - 60_000);
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) if (!file.startsWith("node_modules")) utimesSync(path.join(dir, file), past, past);
    const watcher = compile(options(dir, toolgen({ project: dir }), loader));
    let compilations = 0;
    await new Promise<void>((resolve, reject) => {
      const watching = watcher.watch({ aggregateTimeout: 50 }, (error) => {
        if (error) return watching.close(() => reject(error));
        // A second compilation would start at once: the missing file read as changed.
        if (++compilations === 1) setTimeout(() => watching.close(() => resolve()), 2500);
      });
    });
    expect(compilations).toBe(1);
  }, 60_000);

  it("in watch mode, the compilation after an edit bundles the registry module that edit wrote, not the one before it", async () => {
    const dir = app();
    const tools = path.join(dir, "src/tools.ts");
    const good = readFileSync(tools, "utf8");
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    const bundled = () => readFileSync(path.join(dir, "out/app.cjs"), "utf8");
    await watch(compiler, [
      (stats) => {
        expect(errorsOf(stats)).toBe("");
        expect(bundled()).toContain("Greets someone.");
        writeFileSync(tools, good.replace("Greets someone.", "Greets someone warmly."));
      },
      (stats) => {
        expect(errorsOf(stats)).toBe("");
        expect(bundled()).toContain("Greets someone warmly.");
      },
    ]);
  }, 60_000);

  it("in watch mode, a tool file added is built into the registry", async () => {
    const dir = app();
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    const registryModule = () => readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8");
    let added = false;
    await new Promise<void>((resolve, reject) => {
      const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
        if (error || stats!.hasErrors()) return watching.close(() => reject(error ?? new Error(errorsOf(stats!))));
        if (!added) {
          // Once the compilations the first build's own writes start are over.
          added = true;
          setTimeout(() => writeFileSync(path.join(dir, "src/more.ts"), NEW_TOOL), 1500);
        } else if (registryModule().includes("Multiplies two numbers.")) watching.close(() => resolve());
      });
    });
  }, 60_000);

  it("in watch mode, a tool file deleted is gone from the registry, and that compilation has no error", async () => {
    const dir = app();
    const more = path.join(dir, "src/more.ts");
    writeFileSync(more, NEW_TOOL);
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    const registryModule = () => readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8");
    const outcomes: string[] = [];
    let deletion: ReturnType<typeof setTimeout> | undefined;
    // The file goes once the watcher is quiet (the first build's own writes start compilations): not during a compilation.
    compiler.hooks.watchRun.tap("test", () => clearTimeout(deletion));
    await new Promise<void>((resolve, reject) => {
      const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
        if (error) return watching.close(() => reject(error));
        outcomes.push(errorsOf(stats!));
        if (existsSync(more)) deletion = setTimeout(() => unlinkSync(more), 1000);
        else if (!registryModule().includes("Multiplies two numbers.")) watching.close(() => resolve());
      });
    });
    expect(outcomes.filter(Boolean)).toEqual([]);
  }, 60_000);

  it("in watch mode, a toolgen error fails that compilation with its diagnostic, and the fixed file builds again", async () => {
    const dir = app();
    const tools = path.join(dir, "src/tools.ts");
    const entry = path.join(dir, "src/app.ts");
    const good = readFileSync(tools, "utf8");
    const compiler = compile(options(dir, toolgen({ project: dir }), loader));
    await watch(compiler, [
      (stats) => {
        expect(errorsOf(stats)).toBe("");
        // Two sources changed at once: one toolgen build, one error.
        writeFileSync(tools, good + BAD_TOOL);
        writeFileSync(entry, `${readFileSync(entry, "utf8")}\n`);
      },
      (stats) => {
        expect(errorsOf(stats)).toMatch(/src\/tools\.ts:11:23 - error TG2001/);
        expect(errorsOf(stats).match(/error TG2001/g)).toHaveLength(1);
        writeFileSync(tools, good.replace("Greets someone.", "Greets someone warmly."));
      },
      (stats) => {
        expect(errorsOf(stats)).toBe("");
        expect(readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8")).toContain("Greets someone warmly.");
      },
    ]);
  }, 60_000);
});

describe("importEnding: minimal, for a bundler that does not map .js to .ts (Next.js's webpack and Turbopack)", () => {
  it("webpack without extensionAlias bundles the app, its imports extensionless as the app's own", async () => {
    const dir = app();
    const entry = path.join(dir, "src/app.ts");
    writeFileSync(entry, readFileSync(entry, "utf8").replace('"./tools.generated.js"', '"./tools.generated"'));
    const config = options(dir, toolgenWebpack({ project: dir, importEnding: "minimal" }), { loader: path.join(REPO_ROOT, "test-support/esbuild-ts-loader.mjs") });
    const compiler = webpack({ ...config, resolve: { extensions: [".ts", ".js"] } } as WebpackConfiguration) as unknown as WatchingCompiler;
    const stats = await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result!))));
    expect(errorsOf(stats)).toBe("");
    expect(readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8")).toContain('import("./tools")');
    expect(run(path.join(dir, "out/app.cjs"))).toBe(GREETED);
  });
});
