import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, TOOLGEN_BIN } from "../../../test-support/temp-project.js";

describe("toolgen watch (the real binary)", () => {
  let dir: string;
  let cleanup: () => void;
  let child: ChildProcess;
  let stdout = "";

  /** Resolves once stdout holds `count` matches of `pattern`. */
  const waitFor = (pattern: RegExp, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if ((stdout.match(new RegExp(pattern, "g")) ?? []).length >= count) resolve();
        else if (child.exitCode !== null) reject(new Error(`watch exited early:\n${stdout}`));
        else setTimeout(check, 50);
      };
      check();
    });

  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    child = spawn(process.execPath, [TOOLGEN_BIN, "watch", "-p", dir], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
    child.stdout!.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
    cleanup();
  });

  it("builds once, rebuilds after an edit writing only what changed, and stops on SIGTERM with exit 0", async () => {
    await waitFor(/toolgen: watching \. for changes/);
    expect(stdout).toMatch(/^\[\d\d:\d\d:\d\d\] toolgen: 3 entries in \d+ ms, wrote dist\/toolgen\.manifest\.json, src\/tools\.generated\.ts$/m);

    // A description changes: both outputs change, and only they are written.
    const file = path.join(dir, "src/forecast.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace("Forecasts the weather at a place.", "Forecasts the weather, watched."));
    await waitFor(/toolgen: 3 entries in \d+ ms.*\n/, 2);
    expect(stdout.split("\n").filter((line) => line.includes("toolgen: 3 entries"))[1]).toMatch(/^\[\d\d:\d\d:\d\d\] toolgen: 3 entries in \d+ ms, wrote dist\/toolgen\.manifest\.json, src\/tools\.generated\.ts$/);
    expect(JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")).entries[0].description).toBe("Forecasts the weather, watched.");

    // A clean step deletes the manifest (in the compiler's output folder): it is written again.
    rmSync(path.join(dir, "dist/toolgen.manifest.json"));
    await waitFor(/toolgen: 3 entries in \d+ ms, wrote dist\/toolgen\.manifest\.json\n/);
    expect(JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")).entries[0].description).toBe("Forecasts the weather, watched.");

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    // Its own writes of the registry module and the manifest did not trigger another rebuild.
    expect(stdout.match(/toolgen: 3 entries/g)).toHaveLength(3);
  });

  it("a project left without sources is an error, not an empty registry written over the last good one", async () => {
    child = spawn(process.execPath, [TOOLGEN_BIN, "watch", "-p", dir], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
    stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    await waitFor(/toolgen: watching \. for changes/);
    const manifest = readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8");
    rmSync(path.join(dir, "src"), { recursive: true });
    for (let waited = 0; !stderr.includes("no source files") && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stdout + stderr, stdout + stderr).toMatch(/toolgen: no source files in tsconfig\.json's "include" and "files"; nothing written\.\n/);
    expect(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")).toBe(manifest);
    child.kill("SIGTERM");
  });
});

describe("toolgen watch on comments TypeScript's JSDoc scanner never returns from", () => {
  it("builds a project with `/** @since v2-*/` (microsoft/TypeScript#63580), as `toolgen build` does, `@link` beside it too", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    // `tsc` itself parses the second comment (it has `@link`) and hangs on it; toolgen parses neither up front.
    writeFileSync(path.join(dir, "src/version.ts"), "/** @since v2-*/\nexport const version = 2;\n/** See {@link version}. @since v2-*/\nexport const next = 3;\n");
    const child = spawn(process.execPath, [TOOLGEN_BIN, "watch", "-p", dir], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    try {
      for (let waited = 0; !/toolgen: watching \. for changes/.test(stdout) && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stdout).toMatch(/^\[\d\d:\d\d:\d\d\] toolgen: 3 entries in \d+ ms, wrote dist\/toolgen\.manifest\.json, src\/tools\.generated\.ts$/m);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 40_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, or `ms` have passed. */
async function until(done: () => boolean, ms = 30_000): Promise<void> {
  for (let waited = 0; !done() && waited < ms; waited += 50) await sleep(50);
}

/** `toolgen watch` in `cwd` (Node.js run with `nodeOptions` first): its process, and its stdout so far. */
function startWatch(cwd: string, nodeOptions: string[] = []): { child: ChildProcess; stdout: () => string; watching: () => Promise<void> } {
  const child = spawn(process.execPath, [...nodeOptions, TOOLGEN_BIN, "watch"], { cwd, env: { ...process.env, NO_COLOR: "1" } });
  let stdout = "";
  child.stdout!.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  return { child, stdout: () => stdout, watching: () => until(() => /toolgen: watching \. for changes/.test(stdout)) };
}

describe("toolgen watch with warnings", () => {
  it("prints a warning once, counts it while it stays, and says when it puts back package.json's manifest reference", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    const twin = (name: string) => `/**\n * Pings the service.\n * @tool\n */\nexport function ${name}(): string {\n  return "pong";\n}\n`;
    writeFileSync(path.join(dir, "src/twins.ts"), twin("pingOne") + twin("pingTwo"));
    const { child, stdout, watching } = startWatch(dir);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    try {
      await watching();
      expect(stdout()).toMatch(/toolgen: 5 entries in \d+ ms, 1 warning, wrote /);
      expect(stderr.match(/warning TG5003/g)).toHaveLength(1);
      const file = path.join(dir, "src/forecast.ts");
      writeFileSync(file, readFileSync(file, "utf8").replace("Forecasts the weather at a place.", "Forecasts the weather, watched."));
      await until(() => /toolgen: 5 entries in \d+ ms, 1 warning \(as before\), wrote /.test(stdout()));
      expect(stdout()).toMatch(/toolgen: 5 entries in \d+ ms, 1 warning \(as before\), wrote /);
      // A line added next to it changes the lines it quotes, not the warning.
      writeFileSync(path.join(dir, "src/twins.ts"), `${readFileSync(path.join(dir, "src/twins.ts"), "utf8")}// touched\n`);
      await until(() => /1 warning \(as before\), no changes/.test(stdout()));
      expect(stdout()).toMatch(/1 warning \(as before\), no changes/);
      expect(stderr.match(/warning TG5003/g)).toHaveLength(1);
      // package.json loses its "toolgen" section: put back, and said so.
      const packageJson = path.join(dir, "package.json");
      const { toolgen: _reference, ...rest } = JSON.parse(readFileSync(packageJson, "utf8")) as Record<string, unknown>;
      writeFileSync(packageJson, JSON.stringify(rest, null, 2));
      await until(() => stdout().split('to package.json\n').length === 3);
      expect(stdout()).toMatch(/toolgen: 5 entries in \d+ ms, 1 warning \(as before\), no changes\n\[\d\d:\d\d:\d\d\] toolgen: added "toolgen": \{ "manifest": "\.\/dist\/toolgen\.manifest\.json" \} to package\.json\n$/);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 60_000);
});

describe("toolgen watch stopped during its first build", () => {
  it("finishes that build and exits 0, as at any other time, instead of being killed (130)", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    // Sends the process SIGINT while TypeScript reads a tool's source, in the middle of the first build.
    const preload = path.join(dir, "interrupt.mjs");
    writeFileSync(preload, 'import fs from "node:fs";\nconst read = fs.readFileSync;\nlet sent = false;\nfs.readFileSync = function (file, ...rest) {\n  if (!sent && String(file).endsWith("forecast.ts")) { sent = true; process.kill(process.pid, "SIGINT"); }\n  return read.call(this, file, ...rest);\n};\n');
    const { child, stdout } = startWatch(dir, ["--import", pathToFileURL(preload).href]);
    try {
      const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.once("exit", (c, s) => resolve([c, s])));
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(stdout()).toMatch(/^\[\d\d:\d\d:\d\d\] toolgen: 3 entries in \d+ ms, wrote dist\/toolgen\.manifest\.json, src\/tools\.generated\.ts$/m);
      expect(JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")).entries).toHaveLength(3);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 40_000);
});

describe("toolgen watch on a renamed file", () => {
  it("rebuilds once: the new name's add and the old name's late unlink are one change", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    const { child, stdout, watching } = startWatch(dir);
    try {
      await watching();
      renameSync(path.join(dir, "src/forecast.ts"), path.join(dir, "src/weather.ts"));
      await until(() => (stdout().match(/toolgen: 3 entries/g) ?? []).length >= 2);
      await sleep(1000); // a second rebuild would come within chokidar's 100 ms and ours
      expect(stdout().match(/toolgen: 3 entries.*/g)).toEqual([
        expect.stringMatching(/wrote dist\/toolgen\.manifest\.json, src\/tools\.generated\.ts$/),
        expect.stringMatching(/wrote dist\/toolgen\.manifest\.json, src\/tools\.generated\.ts$/),
      ]);
      expect(readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8")).toContain('"./weather.js"');
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 40_000);
});

describe("toolgen watch and its configuration", () => {
  it("builds nothing while a config file cannot be read, and warns as build does once it can (a registry module tsc will not compile)", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    // Compiled by tsc, not the transformer (which compiles the registry module wherever it is).
    const tsconfig = path.join(dir, "tsconfig.json");
    const good = readFileSync(tsconfig, "utf8").replace(/,\s*"plugins": \[[^\]]*\]/, "");
    writeFileSync(tsconfig, good);
    const { child, stdout, watching } = startWatch(dir);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const description = () => (JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ description: string }> }).entries[0]!.description;
    try {
      await watching();
      writeFileSync(tsconfig, good.replace('"strict": true,', '"strict": true'));
      await until(() => /cannot reload the project/.test(stderr));
      expect(stderr).toMatch(/^\[\d\d:\d\d:\d\d\] toolgen: cannot reload the project: tsconfig\.json:\d+:\d+: ',' expected\.$/m);
      // A source edited meanwhile is not built with the configuration read before: build would refuse it.
      const file = path.join(dir, "src/forecast.ts");
      writeFileSync(file, readFileSync(file, "utf8").replace("Forecasts the weather at a place.", "Forecasts the weather, watched."));
      await until(() => /not rebuilt until the configuration is fixed/.test(stderr));
      expect(description()).toBe("Forecasts the weather at a place.");
      // Fixed, with an "include" that leaves the registry module out: built, and warned of as `toolgen build` warns.
      writeFileSync(tsconfig, good.replace('"include": ["src"]', '"include": ["src/forecast.ts", "src/host.ts"]'));
      await until(() => /is not part of the program of tsconfig\.json/.test(stderr));
      expect(stderr).toMatch(/^\[\d\d:\d\d:\d\d\] toolgen: warning: src\/tools\.generated\.ts is not part of the program of tsconfig\.json/m);
      expect(description()).toBe("Forecasts the weather, watched.");
      expect(stdout()).not.toMatch(/error/);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 60_000);
});

describe("toolgen watch on a tsconfig extending one outside its folder (a monorepo's base)", () => {
  it("rebuilds when that base changes", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    const pkg = path.join(dir, "pkg");
    mkdirSync(pkg);
    for (const name of ["src", "package.json"]) renameSync(path.join(dir, name), path.join(pkg, name));
    const base = path.join(dir, "tsconfig.base.json");
    const options = (naming: string) => ({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2023"], types: [], strict: true, skipLibCheck: true, plugins: [{ transform: "@toolgen/transformer", naming }] } });
    writeFileSync(base, JSON.stringify(options("snake_case")));
    writeFileSync(path.join(pkg, "tsconfig.json"), JSON.stringify({ extends: "../tsconfig.base.json", compilerOptions: { rootDir: "src", outDir: "dist" }, include: ["src"] }));
    const names = () => (JSON.parse(readFileSync(path.join(pkg, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string }> }).entries.map((e) => e.name);
    const { child, watching } = startWatch(pkg);
    try {
      await watching();
      expect(names()).toContain("to_fahrenheit");
      writeFileSync(base, JSON.stringify(options("camelCase")));
      await until(() => names().includes("toFahrenheit"), 20_000);
      expect(names()).toContain("toFahrenheit");
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 60_000);
});

describe("toolgen watch on a source outside the tsconfig's folder", () => {
  it("rebuilds when a type the tools import from there changes (../shared/types.ts)", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    const pkg = path.join(dir, "pkg");
    mkdirSync(pkg);
    mkdirSync(path.join(dir, "shared"));
    for (const name of ["src", "package.json"]) renameSync(path.join(dir, name), path.join(pkg, name));
    const compilerOptions = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2023"], types: [], strict: true, skipLibCheck: true, rootDir: "..", outDir: "dist" };
    writeFileSync(path.join(pkg, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
    const types = path.join(dir, "shared/types.ts");
    writeFileSync(types, "export interface Point {\n  /** Across. */\n  x: number;\n}\n");
    writeFileSync(path.join(pkg, "src/plot.ts"), 'import type { Point } from "../../shared/types.js";\n\n/**\n * Plots a point.\n * @tool\n * @param point The point.\n */\nexport function plot(point: Point): string {\n  return JSON.stringify(point);\n}\n');
    const properties = () => {
      // One object parameter: the request, whose properties are the tool's arguments.
      const entries = (JSON.parse(readFileSync(path.join(pkg, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ name: string; inputSchema: { properties: object } }> }).entries;
      return Object.keys(entries.find((e) => e.name === "plot")!.inputSchema.properties);
    };
    const { child, watching } = startWatch(pkg);
    try {
      await watching();
      expect(properties()).toEqual(["x"]);
      writeFileSync(types, "export interface Point {\n  /** Across. */\n  x: number;\n  /** Up. */\n  y: number;\n}\n");
      await until(() => properties().includes("y"), 20_000);
      expect(properties()).toEqual(["x", "y"]);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 60_000);
});

describe("toolgen watch after its own writes and removals", () => {
  it("package.json given its manifest reference again, and a split registry's chunk removed, trigger no rebuild of their own", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    writeFileSync(path.join(dir, "toolgen.config.json"), '{ "split": true }\n');
    const { child, stdout, watching } = startWatch(dir);
    const rebuilds = () => (stdout().match(/toolgen: 3 entries.*/g) ?? []).slice(1);
    const settled = async (count: number) => {
      await until(() => rebuilds().length >= count, 20_000);
      await sleep(1000); // a rebuild of its own would come within this
    };
    try {
      await watching();
      // A version bump written without the "toolgen" reference: the rebuild writes it back.
      writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "toolgen-fixture-tools", version: "2.0.0", private: true, type: "module" }));
      await settled(1);
      expect(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"))).toHaveProperty("toolgen");
      // The old name's chunk is removed.
      renameSync(path.join(dir, "src/forecast.ts"), path.join(dir, "src/weather.ts"));
      await settled(2);
      expect(rebuilds()).toEqual([expect.stringMatching(/wrote dist\/toolgen\.manifest\.json$/), expect.stringMatching(/; removed src\/tools\.generated\.chunks\/forecast\.ts$/)]);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 60_000);
});

describe("toolgen watch and an edit made while its first build runs", () => {
  it("rebuilds for a source changed after the first build began, which the watcher's first scan does not report", async () => {
    const { dir, cleanup } = copyFixture("transformer/tools");
    // Changed "after the build began", as far as the watcher can tell: its time is later than any build's start.
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, "src/forecast.ts"), later, later);
    const { child, stdout, watching } = startWatch(dir);
    try {
      await watching();
      await until(() => (stdout().match(/toolgen: 3 entries/g) ?? []).length >= 2, 20_000);
      expect(stdout()).toMatch(/watching \. for changes.*\n\[\d\d:\d\d:\d\d\] toolgen: 3 entries in \d+ ms, no changes\n/s);
    } finally {
      child.kill("SIGKILL");
      cleanup();
    }
  }, 60_000);
});
