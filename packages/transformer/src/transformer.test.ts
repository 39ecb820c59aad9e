import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copyFixture, REPO_ROOT, toolgen } from "../../../test-support/temp-project.js";

/** The supported pairs, installed under npm aliases at the repository root. */
const COMPILERS = [
  { typescript: "5.9.3", tsPath: "node_modules/typescript-5.9", tspc: "node_modules/ts-patch-3/bin/tspc.js", mode: "tspc -b, composite" },
  { typescript: "6.0.3", tsPath: "node_modules/typescript", tspc: "node_modules/ts-patch-4/bin/tspc.js", mode: "tspc -p, incremental" },
] as const;

/** Compiler options both builds of the fixture add, so every output of the registry module is compared. */
const MAPS = { sourceMap: true, declarationMap: true };

type Compiler = (typeof COMPILERS)[number];

/** Runs ts-patch's live compiler over the given TypeScript (plain, unpatched output for parsing). */
function tspc(compiler: Compiler, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, compiler.tspc), ...args, "--pretty", "false"], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, TSP_COMPILER_TS_PATH: path.join(REPO_ROOT, compiler.tsPath) },
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** That TypeScript's own, unpatched `tsc`. */
function tsc(compiler: Compiler, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, compiler.tsPath, "bin/tsc"), ...args, "--pretty", "false"], { cwd, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

function setCompilerOptions(dir: string, options: Record<string, unknown>): void {
  const file = path.join(dir, "tsconfig.json");
  const tsconfig = JSON.parse(readFileSync(file, "utf8"));
  Object.assign(tsconfig.compilerOptions, options);
  writeFileSync(file, JSON.stringify(tsconfig, null, 2));
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");
/** What the first passing build of the fixture says: its package.json has no manifest reference yet. */
const ADDED_REFERENCE = 'toolgen: added "toolgen": { "manifest": "./dist/toolgen.manifest.json" } to package.json\n';
const REGISTRY_OUTPUTS = ["dist/tools.generated.js", "dist/tools.generated.js.map", "dist/tools.generated.d.ts", "dist/tools.generated.d.ts.map"];

describe("one fixture, two entry points: toolgen build and tspc with @toolgen/transformer", () => {
  let cli: { dir: string; cleanup: () => void };
  beforeAll(() => {
    cli = copyFixture("transformer/tools");
    expect(toolgen(["build"], cli.dir).status).toBe(0);
  });
  afterAll(() => cli.cleanup());

  describe.each(COMPILERS)("TypeScript $typescript ($mode)", (compiler) => {
    let dir: string;
    let cleanup: () => void;
    let build: ReturnType<typeof tspc>;
    const incremental = compiler.mode.includes("incremental");
    beforeAll(() => {
      ({ dir, cleanup } = copyFixture("transformer/tools"));
      setCompilerOptions(dir, incremental ? { incremental: true, ...MAPS } : { composite: true, ...MAPS });
      build = tspc(compiler, incremental ? ["-p", "."] : ["-b", "."], dir);
    });
    afterAll(() => cleanup());

    it("compiles with that TypeScript, cleanly, saying it added the manifest reference to package.json (as toolgen build says)", () => {
      expect(build.output).toBe(ADDED_REFERENCE);
      expect(build.status).toBe(0);
      expect(tspc(compiler, ["--version"], dir).output).toContain(`Version ${compiler.typescript}`);
    });

    it("writes the manifest, the registry module and the package.json reference byte for byte as the CLI does", () => {
      expect(read(dir, "dist/toolgen.manifest.json")).toBe(read(cli.dir, "dist/toolgen.manifest.json"));
      expect(read(dir, "src/tools.generated.ts")).toBe(read(cli.dir, "src/tools.generated.ts"));
      expect(read(dir, "package.json")).toBe(read(cli.dir, "package.json"));
      expect(existsSync(path.join(dir, "dist/tools.generated.js"))).toBe(true);
    });

    it("compiles the registry module byte for byte as that TypeScript's tsc compiles the CLI's (JavaScript, declarations, maps)", () => {
      const plain = copyFixture("transformer/tools");
      try {
        setCompilerOptions(plain.dir, incremental ? { incremental: true, ...MAPS } : { composite: true, ...MAPS });
        expect(toolgen(["build"], plain.dir).status).toBe(0);
        expect(tsc(compiler, incremental ? ["-p", "."] : ["-b", "."], plain.dir).output).toBe("");
        for (const file of REGISTRY_OUTPUTS) expect(read(dir, file), file).toBe(read(plain.dir, file));
      } finally {
        plain.cleanup();
      }
    });

    it("needs no other step: the compiled registry answers a call", () => {
      const call = toolgen(["call", "to_fahrenheit", "--args", '{"celsius":100}', "--json"], dir);
      expect(JSON.parse(call.stdout)).toEqual({ status: "ok", text: "212" });
    });

    it("after one file changes, re-emits it and the registry module; the manifest still describes the whole program", () => {
      const file = path.join(dir, "src/forecast.ts");
      writeFileSync(file, readFileSync(file, "utf8").replace("Forecasts the weather at a place.", "Forecasts tomorrow's weather."));
      const rebuild = tspc(compiler, [...(incremental ? ["-p", "."] : ["-b", "."]), "--listEmittedFiles"], dir);
      expect(rebuild.status).toBe(0);
      const emitted = rebuild.output.split("\n").filter((l) => l.startsWith("TSFILE: ")).map((l) => path.relative(dir, l.slice(8)));
      if (incremental) {
        expect(emitted).toContain("dist/forecast.js");
        expect(emitted).not.toContain("dist/host.js");
      }
      expect(emitted).toContain("dist/tools.generated.js");
      const manifest = JSON.parse(read(dir, "dist/toolgen.manifest.json"));
      expect(manifest.entries.map((e: { name: string }) => e.name)).toEqual(["forecast", "to_fahrenheit", "show_notice"]);
      expect(manifest.entries[0].description).toBe("Forecasts tomorrow's weather.");
      // (The description sits in a string literal of the compiled module, quoted as the module quotes it.)
      expect(read(dir, "dist/tools.generated.js")).toContain("Forecasts tomorrow");
      expect(read(dir, "dist/tools.generated.d.ts.map")).toContain('"file":"tools.generated.d.ts"');
    });
  });
});

describe("tspc without source maps: the registry module's JavaScript and declarations as toolgen rendered them", () => {
  const compiler = COMPILERS[1];
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: ADDED_REFERENCE });
  });
  afterAll(() => cleanup());

  it("answers a call, and its declarations type an application's calls", () => {
    expect(read(dir, "dist/tools.generated.d.ts")).toContain("export declare const registry: Registry<ToolInputs>;");
    expect(read(dir, "dist/tools.generated.js")).toMatch(/^export const definitions = \[$/m); // toolgen's JavaScript, as rendered
    const call = toolgen(["call", "to_fahrenheit", "--args", '{"celsius":100}', "--json"], dir);
    expect(JSON.parse(call.stdout)).toEqual({ status: "ok", text: "212" });
    // A consumer compiled against dist/: a right call type-checks, a wrong one does not.
    writeFileSync(path.join(dir, "consumer.ts"), 'import { registry } from "./dist/tools.generated.js";\nawait registry.call("to_fahrenheit", { celsius: 1 });\n// @ts-expect-error celsius is a number\nawait registry.call("to_fahrenheit", { celsius: "1" });\n');
    const check = tsc(compiler, ["--ignoreConfig", "--noEmit", "--module", "nodenext", "--target", "es2022", "--strict", "--skipLibCheck", "consumer.ts"], dir);
    expect(check).toEqual({ status: 0, output: "" });
  });

  it("on the next build, with the module in the program, writes the same rendered outputs instead of compiling the module", () => {
    const first = ["dist/tools.generated.js", "dist/tools.generated.d.ts"].map((file) => read(dir, file));
    rmSync(path.join(dir, "dist"), { recursive: true });
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: "" });
    expect(["dist/tools.generated.js", "dist/tools.generated.d.ts"].map((file) => read(dir, file))).toEqual(first);
    const call = toolgen(["call", "to_fahrenheit", "--args", '{"celsius":0}', "--json"], dir);
    expect(JSON.parse(call.stdout)).toEqual({ status: "ok", text: "32" });
  });

  it("a build that fails toolgen's analysis leaves the registry module's outputs as they are (tsc would write its own form of them), and writes a missing one", () => {
    const outputs = ["dist/tools.generated.js", "dist/tools.generated.d.ts"];
    const before = outputs.map((file) => [read(dir, file), statSync(path.join(dir, file)).mtimeMs]);
    const source = path.join(dir, "src/forecast.ts");
    const text = readFileSync(source, "utf8");
    writeFileSync(source, `${text}\n/**\n * Takes what no schema describes.\n * @tool\n */\nexport function broken(n: bigint): string {\n  return String(n);\n}\n`);
    try {
      const failing = tspc(compiler, ["-p", "."], dir);
      expect(failing.status).not.toBe(0);
      expect(failing.output).toContain("TG2001");
      expect(outputs.map((file) => [read(dir, file), statSync(path.join(dir, file)).mtimeMs])).toEqual(before);
      rmSync(path.join(dir, "dist/tools.generated.js"));
      expect(tspc(compiler, ["-p", "."], dir).status).not.toBe(0);
      expect(read(dir, "dist/tools.generated.js")).toContain("to_fahrenheit");
    } finally {
      writeFileSync(source, text);
    }
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: "" });
    expect(outputs.map((file) => read(dir, file))).toEqual(before.map(([content]) => content));
  });
});

describe("tspc with split: true: the module and its chunks, byte for byte as the CLI writes them", () => {
  const compiler = COMPILERS[1];
  const CHUNKS = ["forecast", "host", "entries.list"];
  const SPLIT_OUTPUTS = ["dist/tools.generated.js", "dist/tools.generated.d.ts", ...CHUNKS.flatMap((c) => [`dist/tools.generated.chunks/${c}.js`, `dist/tools.generated.chunks/${c}.d.ts`])];
  const SPLIT_SOURCES = ["src/tools.generated.ts", ...CHUNKS.map((c) => `src/tools.generated.chunks/${c}.ts`)];
  let dir: string;
  let cleanup: () => void;
  let cli: { dir: string; cleanup: () => void };
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    cli = copyFixture("transformer/tools");
    for (const d of [dir, cli.dir]) writeFileSync(path.join(d, "toolgen.config.json"), '{ "split": true }');
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: ADDED_REFERENCE });
    expect(toolgen(["build"], cli.dir).status).toBe(0);
  });
  afterAll(() => {
    cleanup();
    cli.cleanup();
  });

  it("writes the same sources as toolgen build, and the compiled module and chunks", () => {
    expect(SPLIT_SOURCES.map((file) => read(dir, file))).toEqual(SPLIT_SOURCES.map((file) => read(cli.dir, file)));
    for (const file of SPLIT_OUTPUTS) expect(existsSync(path.join(dir, file)), file).toBe(true);
    expect(read(dir, "dist/tools.generated.js")).not.toContain("$validator");
  });

  it("answers a call that loads one chunk", () => {
    const call = toolgen(["call", "to_fahrenheit", "--args", '{"celsius":100}', "--json"], dir);
    expect(JSON.parse(call.stdout)).toEqual({ status: "ok", text: "212" });
  });

  it("on the next build, with the module and chunks in the program, writes the same outputs", () => {
    const first = SPLIT_OUTPUTS.map((file) => read(dir, file));
    rmSync(path.join(dir, "dist"), { recursive: true });
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: "" });
    expect(SPLIT_OUTPUTS.map((file) => read(dir, file))).toEqual(first);
  });

  it("a tool renamed, then its file deleted: each next build passes, though the program holds the module's old text", () => {
    const source = path.join(dir, "src/forecast.ts");
    writeFileSync(source, read(dir, "src/forecast.ts").replace("export function forecast(", "export function forecastWeather("));
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: "" });
    expect(read(dir, "src/tools.generated.ts")).toContain("forecastWeather");
    rmSync(source);
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: "" });
    expect(read(dir, "src/tools.generated.ts")).not.toContain("forecast.js");
  });

  it("a new tool the application's code names at once: tsc checked it against the module's old text, which toolgen says; the next build passes", () => {
    writeFileSync(path.join(dir, "src/added.ts"), "/**\n * Echoes.\n * @tool\n * @param text The text.\n */\nexport function extraTool(text: string): string {\n  return text;\n}\n");
    writeFileSync(path.join(dir, "src/app.ts"), 'import type { ToolInputs } from "./tools.generated.js";\n\nexport const input: ToolInputs["extra_tool"] = { text: "hi" };\n');
    // Also through a re-export.
    writeFileSync(path.join(dir, "src/types.ts"), 'export type { ToolInputs } from "./tools.generated.js";\n');
    writeFileSync(path.join(dir, "src/user.ts"), 'import type { ToolInputs } from "./types.js";\n\nexport const input: ToolInputs["extra_tool"] = { text: "hi" };\n');
    const first = tspc(compiler, ["-p", "."], dir);
    expect(first.status).not.toBe(0);
    expect(first.output).toMatch(/^src\/app\.ts\(3,\d+\): error TS2339: Property 'extra_tool' does not exist on type 'ToolInputs'\.$/m);
    expect(first.output).toContain("toolgen: this build rewrote the registry module src/tools.generated.ts after tsc had type-checked src/app.ts, src/user.ts against its old text: build again to check them against the new one.\n");
    expect(tspc(compiler, ["-p", "."], dir)).toEqual({ status: 0, output: "" });
  });
});

describe("tspc fails on analyzer errors, at their source positions", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/errors")));
  afterAll(() => cleanup());

  it("reports each as a tsc error with file, line, column and the TG code, and writes no manifest", () => {
    const build = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(build.status).not.toBe(0);
    const reported = [...build.output.matchAll(/^(.+)\((\d+),(\d+)\): error TS(\d+): (TG\d+) /gm)].map(([, file, line, column, tsCode, code]) => ({
      file,
      line: Number(line),
      column: Number(column),
      tsCode: Number(tsCode),
      code,
    }));
    expect(reported).toEqual([
      { file: "src/broken.ts", line: 5, column: 24, tsCode: 992001, code: "TG2001" },
      { file: "src/broken.ts", line: 14, column: 23, tsCode: 992001, code: "TG2001" },
    ]);
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
  });
});

describe("tspc -p, incremental: an error a tool finds in a shared types file", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    setCompilerOptions(dir, { incremental: true });
    writeFileSync(path.join(dir, "src/types.ts"), "/** A box. */\nexport interface Box {\n  /** Width. */\n  w: number;\n  /** Height. */\n  h: bigint;\n}\n");
    writeFileSync(path.join(dir, "src/boxes.ts"), 'import type { Box } from "./types.js";\n\n/**\n * Measures.\n * @tool\n */\nexport function measure(box: Box): number {\n  return box.w;\n}\n');
  });
  afterAll(() => cleanup());

  it("is reported at the tool, naming the type's place, and goes once the tool no longer uses the type", () => {
    const failing = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(failing.status).not.toBe(0);
    expect(failing.output).toMatch(/^src\/boxes\.ts\(7,17\): error TS992001: TG2001 .*\(at src\/types\.ts:6:3\)$/m);
    writeFileSync(path.join(dir, "src/boxes.ts"), "/**\n * Measures.\n * @tool\n */\nexport function measure(box: {\n  /** Width. */\n  w: number;\n}): number {\n  return box.w;\n}\n");
    const fixed = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(fixed.output).toBe(ADDED_REFERENCE);
    expect(fixed.status).toBe(0);
    expect(tspc(COMPILERS[1], ["-p", "."], dir).status).toBe(0); // and stays fixed when nothing changes
  });
});

describe("tspc -p, incremental: a tool named like one in an unchanged file", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    setCompilerOptions(dir, { incremental: true });
  });
  afterAll(() => cleanup());

  it("fails the build that adds it, at the new tool (the file emitted), naming the other's place", () => {
    expect(tspc(COMPILERS[1], ["-p", "."], dir).status).toBe(0);
    // Sorts before forecast.ts, which is not emitted again: its diagnostic alone would be lost.
    writeFileSync(path.join(dir, "src/another.ts"), "/**\n * Forecasts too.\n * @tool\n */\nexport function forecast(): string {\n  return \"sunny\";\n}\n");
    const failing = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(failing.status).not.toBe(0);
    expect(failing.output).toMatch(/^src\/another\.ts\(5,17\): error TS994001: TG4001 The name 'forecast' is also used by the tool at src\/forecast\.ts:19:17;/m);
  });
});

describe.each(COMPILERS)("TypeScript $typescript ($mode): an error fixed", (compiler) => {
  let dir: string;
  let cleanup: () => void;
  const incremental = compiler.mode.includes("incremental");
  const compile = () => tspc(compiler, incremental ? ["-p", "."] : ["-b", "."], dir);
  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    setCompilerOptions(dir, incremental ? { incremental: true } : { composite: true });
  });
  afterAll(() => cleanup());

  it("writes the compiled registry module with the fixed tool, and a later build keeps it", () => {
    expect(compile().status).toBe(0);
    const tool = (n: string) => `/**\n * Counts.\n * @tool\n * @param n A number.\n */\nexport function count(n: ${n}): string {\n  return String(n);\n}\n`;
    writeFileSync(path.join(dir, "src/count.ts"), tool("bigint"));
    expect(compile().status).not.toBe(0);
    writeFileSync(path.join(dir, "src/count.ts"), tool("number"));
    expect(compile()).toEqual({ status: 0, output: "" });
    // The builder's in-memory signature pass came first and was taken for the emit: the JavaScript stayed the old one.
    expect([read(dir, "src/tools.generated.ts").includes('"count"'), read(dir, "dist/tools.generated.js").includes('"count"')]).toEqual([true, true]);
    expect(compile().status).toBe(0);
    expect(read(dir, "dist/tools.generated.js")).toContain('"count"');
  });

  it("fixed by deleting the file at fault, after the failing build emitted another file's change: the next build writes the outputs", () => {
    expect(compile().status).toBe(0);
    const forecast = path.join(dir, "src/forecast.ts");
    writeFileSync(forecast, read(dir, "src/forecast.ts").replace("Forecasts the weather at a place.", "Forecasts the weather anywhere."));
    writeFileSync(path.join(dir, "src/broken.ts"), "/**\n * Big.\n * @tool\n */\nexport function big(n: bigint): string {\n  return String(n);\n}\n");
    expect(compile().status).not.toBe(0);
    unlinkSync(path.join(dir, "src/broken.ts"));
    expect(compile()).toEqual({ status: 0, output: "" });
    expect(read(dir, "dist/toolgen.manifest.json")).toContain("Forecasts the weather anywhere.");
    expect(toolgen(["check"], dir).status).toBe(0);
  });
});

describe("tspc -p, incremental: a configuration mistake, then fixed", () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    setCompilerOptions(dir, { incremental: true });
  });
  afterEach(() => cleanup());

  it("a bad plugin option in a config the tsconfig extends is said of that config", () => {
    const tsconfig = path.join(dir, "tsconfig.json");
    const own = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
    delete own.compilerOptions.plugins;
    mkdirSync(path.join(dir, "config"));
    writeFileSync(path.join(dir, "config/base.json"), JSON.stringify({ compilerOptions: { plugins: [{ transform: "@toolgen/transformer", naming: "bogus" }] } }));
    writeFileSync(tsconfig, JSON.stringify({ ...own, extends: "./config/base.json" }));
    expect(tspc(COMPILERS[1], ["-p", "."], dir)).toMatchObject({ status: 2, output: expect.stringContaining('config/base.json compilerOptions.plugins[@toolgen/transformer]: "naming" must be one of') });
  });

  it("a bad plugin option fails the build; once fixed, the next build writes the outputs (the builder had cached the error)", () => {
    setCompilerOptions(dir, { plugins: [{ transform: "@toolgen/transformer", naming: "bogus" }] });
    expect(tspc(COMPILERS[1], ["-p", "."], dir)).toMatchObject({ status: 2, output: expect.stringContaining('"naming" must be one of') });
    setCompilerOptions(dir, { plugins: [{ transform: "@toolgen/transformer", naming: "camelCase" }] });
    expect(tspc(COMPILERS[1], ["-p", "."], dir)).toEqual({ status: 0, output: ADDED_REFERENCE });
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(true);
  });

  it("a second entry, of other options or the same, is an error that writes nothing, not silently ignored; once removed, the next build writes the outputs", () => {
    setCompilerOptions(dir, { plugins: [{ transform: "@toolgen/transformer" }, { transform: "@toolgen/transformer" }] });
    expect(tspc(COMPILERS[1], ["-p", "."], dir).output.match(/listed 2 times/g)).toEqual(["listed 2 times"]);
    setCompilerOptions(dir, { plugins: [{ transform: "@toolgen/transformer" }, { transform: "@toolgen/transformer", registryModule: "src/other.generated.ts" }] });
    expect(tspc(COMPILERS[1], ["-p", "."], dir)).toEqual({
      status: 2,
      output: `error TS999000: toolgen: @toolgen/transformer is listed 2 times in the tsconfig's "plugins"; a program has one manifest and one registry module: keep one entry.\n`,
    });
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
    setCompilerOptions(dir, { plugins: [{ transform: "@toolgen/transformer" }] });
    expect(tspc(COMPILERS[1], ["-p", "."], dir)).toEqual({ status: 0, output: ADDED_REFERENCE });
    expect(existsSync(path.join(dir, "src/other.generated.ts"))).toBe(false);
  });
});

describe("tspc with the plugin given as another kind of plugin", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it.each(COMPILERS)("TypeScript $typescript: one line saying how to give it, no stack, exit 1", (compiler) => {
    setCompilerOptions(dir, { plugins: [{ transform: "@toolgen/transformer", transformProgram: true }] });
    const build = tspc(compiler, ["-p", "."], dir);
    expect(build).toEqual({ status: 1, output: 'error TS999000: toolgen: @toolgen/transformer is a source transformer: use { "transform": "@toolgen/transformer" } without "transformProgram" or "type".\n' });
  });
});

describe("tspc with toolgen warnings only", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it("prints them as tsc prints diagnostics, and the build still succeeds (as toolgen build does)", () => {
    appendFileSync(path.join(dir, "src/host.ts"), "\n/**\n * Reads.\n * @tool\n * @readOnyl\n */\nexport function readIt(): string {\n  return \"\";\n}\n");
    const build = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(build.output).toMatch(/src\/host\.ts\(\d+,\d+\): warning TS991001: TG1001 Unknown tag @readOnyl; did you mean @readOnly\?/);
    expect(build.status).toBe(0);
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(true);
  });
});

describe("tspc on a file that does not parse", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it("lets tsc report the syntax error, adds no finding of its own there, and writes no manifest or registry module (as toolgen build does not)", () => {
    // Read as it parses, this tool would have an `any` and a nameless parameter: findings about something else than the code.
    appendFileSync(path.join(dir, "src/host.ts"), "\n/** Adds. @tool */\nexport function add(a: number, b: number: number {\n  return a + b;\n}\n");
    const build = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(build.status).not.toBe(0);
    expect(build.output).toMatch(/src\/host\.ts\(\d+,\d+\): error TS1\d{3}:/);
    expect(build.output).not.toMatch(/TG\d{4}/);
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
    expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
  });
});

describe("tspc with a tsconfig whose extends is not found (TS6053)", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it("lets tsc report it, and writes nothing: no manifest, no registry module, no package.json reference", () => {
    const file = path.join(dir, "tsconfig.json");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(read(dir, "tsconfig.json")), extends: "@tsconfig/no-such-base/tsconfig.json" }, null, 2));
    const packageJson = read(dir, "package.json");
    const build = tspc(COMPILERS[1], ["-p", "."], dir);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain("error TS6053");
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
    expect(existsSync(path.join(dir, "toolgen.manifest.json"))).toBe(false);
    expect(existsSync(path.join(dir, "src/tools.generated.ts"))).toBe(false);
    expect(read(dir, "package.json")).toBe(packageJson);
  });
});

describe("tspc --watch", () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterEach(() => cleanup());

  const names = () => (existsSync(path.join(dir, "dist/toolgen.manifest.json")) ? JSON.parse(read(dir, "dist/toolgen.manifest.json")).entries.map((e: { name: string }) => e.name) : []);

  /** `tspc -p . --watch` in the fixture, with its output and ways to wait for it. */
  function startWatcher() {
    const watcher = spawn(process.execPath, [path.join(REPO_ROOT, COMPILERS[1].tspc), "-p", ".", "--watch", "--preserveWatchOutput", "--pretty", "false"], {
      cwd: dir,
      env: { ...process.env, TSP_COMPILER_TS_PATH: path.join(REPO_ROOT, COMPILERS[1].tsPath) },
    });
    let output = "";
    watcher.stdout.on("data", (chunk) => (output += chunk));
    watcher.stderr.on("data", (chunk) => (output += chunk));
    const until = async (what: string, done: (output: string) => boolean) => {
      for (const deadline = Date.now() + 60_000; !done(output); await new Promise((r) => setTimeout(r, 100))) {
        if (Date.now() > deadline) throw new Error(`tspc --watch: no ${what} within 60 s; its output:\n${output}`);
      }
    };
    // An edit is made once the watcher is idle (its output ends in "Watching…" and stays so):
    // an edit made while it is still setting up its file watchers can go unseen.
    const idle = async () => {
      let seen = "";
      let since = Date.now();
      await until("idle watcher", () => {
        if (output !== seen) [seen, since] = [output, Date.now()];
        return /Watching for file changes\.\s*$/.test(output) && Date.now() - since > 1000;
      });
    };
    return { watcher, until, idle };
  }

  it("keeps the manifest and the registry module in step with a new tool file and a deleted one", async () => {
    const { watcher, until, idle } = startWatcher();
    try {
      await until("first build", () => names().length === 3);
      await idle();
      writeFileSync(path.join(dir, "src/extra.ts"), "/**\n * Doubles a number.\n * @tool\n * @param n The number.\n */\nexport function double(n: number): number {\n  return 2 * n;\n}\n");
      await until("manifest with the new tool", () => names().includes("double"));
      await idle();
      unlinkSync(path.join(dir, "src/forecast.ts"));
      await until("manifest without the deleted file's tools", () => !names().includes("forecast"));
      expect(names()).toEqual(["double", "show_notice"]);
      await until("registry module without the deleted file", () => !read(dir, "src/tools.generated.ts").includes("forecast"));
      expect(read(dir, "src/tools.generated.ts")).toContain('import("./extra.js")');
    } finally {
      watcher.kill();
    }
  }, 120_000);

  it("incremental, stopped by Ctrl-C while a toolgen error stands: no build info is left, so the build after the fix writes the outputs", async () => {
    setCompilerOptions(dir, { incremental: true });
    const { watcher, until, idle } = startWatcher();
    try {
      await until("first build", () => names().length === 3);
      await idle();
      writeFileSync(path.join(dir, "src/broken.ts"), "/**\n * Big.\n * @tool\n */\nexport function big(n: bigint): string {\n  return String(n);\n}\n");
      writeFileSync(path.join(dir, "src/extra.ts"), "/**\n * Doubles a number.\n * @tool\n * @param n The number.\n */\nexport function double(n: number): number {\n  return 2 * n;\n}\n");
      await until("the error", (output) => output.includes("TG2001"));
      await idle();
      expect(existsSync(path.join(dir, "tsconfig.tsbuildinfo"))).toBe(false);
    } finally {
      watcher.kill("SIGINT");
    }
    await once(watcher, "exit");
    unlinkSync(path.join(dir, "src/broken.ts"));
    expect(tspc(COMPILERS[1], ["-p", "."], dir).status).toBe(0);
    expect(names()).toContain("double");
  }, 120_000);
});

describe("TypeScript 5 without rootDir, every source in a folder below src", () => {
  const [typescript5] = COMPILERS;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "toolgen-nested-"));
    // The project's own TypeScript is 5.9, as for a user who has not moved to 6 (which refuses such a layout itself, TS5011).
    mkdirSync(path.join(dir, "node_modules/@toolgen"), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, typescript5.tsPath), path.join(dir, "node_modules/typescript"), "junction");
    for (const name of ["runtime", "transformer"]) symlinkSync(path.join(REPO_ROOT, "packages", name), path.join(dir, "node_modules/@toolgen", name), "junction");
    mkdirSync(path.join(dir, "src/tools/math"), { recursive: true });
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "nested", version: "1.0.0", type: "module" }));
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { outDir: "dist", target: "ES2022", module: "NodeNext", strict: true, types: [], plugins: [{ transform: "@toolgen/transformer" }] }, include: ["src"] }));
    writeFileSync(path.join(dir, "src/tools/math/add.ts"), "/**\n * Adds.\n * @tool\n * @param a One.\n * @param b Two.\n */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("tspc refuses the first build, whose JavaScript the registry module it adds would move, asking for rootDir; nothing of toolgen's is written", () => {
    const build = tspc(typescript5, ["-p", "."], dir);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('the registry module this build adds (src/tools.generated.ts) widens it to src from the next build on, which moves the JavaScript. Set "rootDir": "src" in the tsconfig');
    expect(existsSync(path.join(dir, "dist/toolgen.manifest.json"))).toBe(false);
  });

  it("toolgen build writes the paths tsc then compiles to: the folder common to the sources and the registry module", () => {
    for (const made of ["dist", "src/tools.generated.ts"]) rmSync(path.join(dir, made), { recursive: true, force: true });
    expect(toolgen(["build"], dir).status).toBe(0);
    expect(tsc(typescript5, ["-p", "."], dir).status).toBe(0);
    const manifest = JSON.parse(read(dir, "dist/toolgen.manifest.json")) as { registryModule: string; entries: Array<{ implementation: { module: string } }> };
    expect([manifest.registryModule, manifest.entries[0]!.implementation.module]).toEqual(["dist/tools.generated.js", "dist/tools/math/add.js"]);
    for (const file of [manifest.registryModule, manifest.entries[0]!.implementation.module]) expect(existsSync(path.join(dir, file))).toBe(true);
  });

  it("TypeScript 6, which places the JavaScript below the tsconfig's folder and asks for rootDir itself (TS5011), gets no second error of toolgen's", () => {
    const typescript6 = COMPILERS[1];
    for (const made of ["dist", "src/tools.generated.ts"]) rmSync(path.join(dir, made), { recursive: true, force: true });
    const build = tspc(typescript6, ["-p", "."], dir);
    expect(build.output).toContain("error TS5011");
    expect(build.output).not.toContain("TS999000");
  });

  it("a registry module outside rootDir is refused, naming both, where tsc would compile it outside the output folder", () => {
    const original = { tsconfig: read(dir, "tsconfig.json"), packageJson: read(dir, "package.json") };
    try {
      const config = JSON.parse(original.tsconfig) as { compilerOptions: Record<string, unknown> };
      writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, rootDir: "src" } }));
      writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...JSON.parse(original.packageJson), toolgen: { registryModule: "lib/registry.ts" } }));
      const build = tspc(typescript5, ["-p", "."], dir);
      expect(build.status).not.toBe(0);
      expect(build.output).toContain('the registry module (lib/registry.ts) is outside "rootDir" (src)');
      expect(existsSync(path.join(dir, "lib"))).toBe(false);
    } finally {
      writeFileSync(path.join(dir, "tsconfig.json"), original.tsconfig);
      writeFileSync(path.join(dir, "package.json"), original.packageJson);
    }
  });

  it("without outDir the JavaScript sits beside each source, wherever the common folder is: tspc builds", () => {
    for (const made of ["dist", "src/tools.generated.ts"]) rmSync(path.join(dir, made), { recursive: true, force: true });
    const tsconfig = path.join(dir, "tsconfig.json");
    const original = read(dir, "tsconfig.json");
    try {
      const config = JSON.parse(original) as { compilerOptions: Record<string, unknown> };
      delete config.compilerOptions.outDir;
      writeFileSync(tsconfig, JSON.stringify(config));
      const build = tspc(typescript5, ["-p", "."], dir);
      expect(build.output).toBe("");
      expect(build.status).toBe(0);
      for (const file of ["src/tools.generated.js", "src/tools/math/add.js", "dist/toolgen.manifest.json"]) expect(existsSync(path.join(dir, file))).toBe(true);
    } finally {
      writeFileSync(tsconfig, original);
    }
  });
});
