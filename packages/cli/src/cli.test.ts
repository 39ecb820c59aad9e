import { spawnSync } from "node:child_process";
import { closeSync, existsSync, lstatSync, openSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, TOOLGEN_BIN } from "../../../test-support/temp-project.js";

/** What a package published with a registry module depends on (the module imports it). */
const RUNTIME_DEPENDENCY = { "@toolgen/runtime": "0.1.0" };

/** Runs the real binary with the given environment on top of a colourless one. */
function run(args: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const result = spawnSync(process.execPath, [TOOLGEN_BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("toolgen build, check, list, inspect and types on one fixture", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/tools")));
  afterAll(() => cleanup());

  it("check: exit 1 listing missing output before the first build", () => {
    const check = run(["check"], dir);
    expect(check.status).toBe(1);
    // The manifest is in the compiler's outDir: a build output, not required before a build.
    expect(check.stderr).not.toContain("dist/toolgen.manifest.json\n");
    expect(check.stderr).toContain("missing: src/tools.generated.ts");
    expect(check.stderr).toContain('missing: "toolgen": { "manifest": "./dist/toolgen.manifest.json" } in package.json');
  });

  it("build: writes both outputs and the package.json reference; check is then clean", () => {
    const build = run(["build"], dir);
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
    expect(build.stdout).toContain("toolgen: 3 entries -> dist/toolgen.manifest.json, src/tools.generated.ts");
    expect(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).toolgen).toEqual({ manifest: "./dist/toolgen.manifest.json" });
    const check = run(["check"], dir);
    expect(check.status).toBe(0);
    expect(check.stdout).toContain("2 generated files are up to date");
  });

  it("check: compiled output older than the build (built, not compiled again) is 'uncompiled', as call would refuse it; compiling clears it", () => {
    compile(dir);
    expect(run(["check"], dir).status).toBe(0);
    builtNotCompiled((original) => `${original}\n/**\n * Waves.\n * @tool\n * @param to Whom.\n */\nexport function wave(to: string): string {\n  return to;\n}\n`, () => {
      const check = run(["check"], dir);
      expect(check.status).toBe(1);
      expect(check.stderr).toMatch(/^uncompiled: dist\/toolgen\.manifest\.json: \$\.entries\[\d\]\.name: expected an entry the registry module dist\/tools\.generated\.js defines \(rebuild and recompile the package\), received "wave"$/m);
      expect(check.stderr).toContain("toolgen: its compiled output does not match its build: compile the package again; see above.");
    });
  });

  it("check: a compiled registry module whose entries differ from the build's only in a description is 'uncompiled' too (an installed copy serves the module's entries)", () => {
    builtNotCompiled((original) => original.replace("Shows a notice in the host application's window", "Shows a notice in the host's window"), () => {
      const check = run(["check", "--json"], dir);
      expect(check.status).toBe(1);
      expect(JSON.parse(check.stdout).problems).toEqual([
        expect.objectContaining({ kind: "uncompiled", message: expect.stringMatching(/^dist\/toolgen\.manifest\.json: \$\.entries\[\d\]\.description: expected the description of the registry module dist\/tools\.generated\.js, which was compiled before the last 'toolgen build' \(compile the package again\), received another description$/) }),
      ]);
    });
  });

  /** src/host.ts edited and built, not compiled: `checks` runs then; compiling clears the check, and the source is put back, built and compiled after. */
  function builtNotCompiled(edit: (source: string) => string, checks: () => void): void {
    const host = path.join(dir, "src/host.ts");
    const original = readFileSync(host, "utf8");
    try {
      writeFileSync(host, edit(original));
      expect(run(["build"], dir).status).toBe(0);
      checks();
      compile(dir);
      expect(run(["check"], dir).status).toBe(0);
    } finally {
      writeFileSync(host, original);
      run(["build"], dir);
      compile(dir);
    }
  }

  it("check: a fresh checkout's missing outDir (the manifest in it, not built yet) is no failure; the committed module is still checked", () => {
    const manifest = path.join(dir, "dist/toolgen.manifest.json");
    const content = readFileSync(manifest, "utf8");
    rmSync(path.join(dir, "dist"), { recursive: true });
    try {
      const check = run(["check"], dir);
      expect(check.status).toBe(0);
      expect(check.stdout).toBe("toolgen: 1 generated file is up to date (not built yet, in the compiler's outDir: dist/toolgen.manifest.json).\n");
      expect(JSON.parse(run(["check", "--json"], dir).stdout)).toEqual({ ok: true, problems: [], diagnostics: [], unbuilt: ["dist/toolgen.manifest.json"] });
    } finally {
      mkdirSync(path.join(dir, "dist"), { recursive: true });
      writeFileSync(manifest, content);
    }
  });

  it("build warns, and check fails (kind unpublished), when package.json's \"files\" would publish the package without its manifest", () => {
    const packageJson = path.join(dir, "package.json");
    const original = readFileSync(packageJson, "utf8");
    const withFiles = (files: string[]) => writeFileSync(packageJson, JSON.stringify({ ...JSON.parse(readFileSync(packageJson, "utf8")), private: false, files, dependencies: RUNTIME_DEPENDENCY }));
    const why = '"files" in package.json leaves out dist/toolgen.manifest.json: the package would be published without its manifest, and an application installing it would find none of its tools. Add "dist/toolgen.manifest.json" to "files" (an application never published says so with "private": true in package.json).';
    try {
      withFiles(["dist/**/*.js", "dist/**/*.d.ts"]);
      expect(run(["build"], dir).stderr).toBe(`toolgen: warning: ${why}\n`);
      const check = run(["check", "--json"], dir);
      expect(check.status).toBe(1);
      expect(JSON.parse(check.stdout).problems).toEqual([{ kind: "unpublished", file: "package.json", message: why }]);
      expect(run(["check"], dir).stderr).toBe(`unpublished: ${why}\ntoolgen: the package would be published without what its tools need; see above.\n`);
      // The manifest alone is not enough: an application loads the compiled registry module and the tools' modules too.
      compile(dir);
      withFiles(["dist/toolgen.manifest.json"]);
      // Every file left out, at once.
      expect(run(["build"], dir).stderr).toBe(
        'toolgen: warning: "files" in package.json leaves out dist/tools.generated.js, dist/forecast.js: the package would be published without its compiled registry module, and an application installing it would fail to load its tools. Add "dist/tools.generated.js", "dist/forecast.js" to "files" (an application never published says so with "private": true in package.json).\n',
      );
      withFiles(["dist/toolgen.manifest.json", "dist/tools.generated.js"]);
      expect(JSON.parse(run(["check", "--json"], dir).stdout).problems).toEqual([
        { kind: "unpublished", file: "package.json", message: expect.stringMatching(/^"files" in package\.json leaves out dist\/\w+\.js: the package would be published without an implementation module of its tools, and an application installing it would fail to call them\. Add "dist\/\w+\.js" to "files" \(an application never published says so with "private": true in package\.json\)\.$/) },
      ]);
      withFiles(["dist"]);
      expect(run(["check"], dir).status).toBe(0);
    } finally {
      writeFileSync(packageJson, original);
    }
  });

  it("check asks npm what it would pack: an ignore file leaving the manifest out fails it, one that keeps it does not (build judges \"files\" only)", () => {
    const packageJson = path.join(dir, "package.json");
    const original = readFileSync(packageJson, "utf8");
    const { files: _files, ...rest } = JSON.parse(original) as Record<string, unknown>;
    writeFileSync(packageJson, JSON.stringify({ ...rest, private: false, dependencies: RUNTIME_DEPENDENCY }));
    const problems = () => JSON.parse(run(["check", "--json"], dir).stdout).problems as Array<{ kind: string; message: string }>;
    try {
      writeFileSync(path.join(dir, ".gitignore"), "# built\nnode_modules\n/dist/\n");
      expect(run(["build"], dir).stderr).toBe("");
      expect(problems()).toEqual([{ kind: "unpublished", file: "package.json", message: 'npm pack would leave out dist/toolgen.manifest.json, dist/tools.generated.js, dist/forecast.js (its "files" in package.json, or a .npmignore or .gitignore): the package would be published without its manifest, and an application installing it would find none of its tools. List "dist/toolgen.manifest.json", "dist/tools.generated.js", "dist/forecast.js" in "files", or un-ignore them (an application never published says so with "private": true in package.json).' }]);
      // npm reads a .npmignore instead, and this one keeps the manifest; one in a subfolder is read too.
      writeFileSync(path.join(dir, ".npmignore"), "src\n");
      expect(problems()).toEqual([]);
      writeFileSync(path.join(dir, "dist/.npmignore"), "*.json\n");
      expect(problems().map((p) => p.kind)).toEqual(["unpublished"]);
      rmSync(path.join(dir, "dist/.npmignore"));
      // "./dist" in .gitignore, read without a .npmignore: npm keeps dist, and so does check.
      rmSync(path.join(dir, ".npmignore"));
      writeFileSync(path.join(dir, ".gitignore"), "./dist\n");
      expect(problems()).toEqual([]);
    } finally {
      writeFileSync(packageJson, original);
      rmSync(path.join(dir, ".gitignore"), { force: true });
      rmSync(path.join(dir, ".npmignore"), { force: true });
    }
  });

  it("docs: the catalog goes to the package's docs/tools by default, wherever the command runs", () => {
    const parent = path.dirname(dir);
    const docs = run(["docs", "-p", path.basename(dir)], parent);
    expect(docs.status).toBe(0);
    expect(docs.stdout).toBe(`toolgen: catalog of 3 entries -> ${path.basename(dir)}/docs/tools/index.html\n`);
    expect(existsSync(path.join(dir, "docs/tools/index.html"))).toBe(true);
    rmSync(path.join(dir, "docs"), { recursive: true });
    // An absolute folder is shown as given; an empty one is a mistake, not the current folder.
    const absolute = path.join(dir, "catalog");
    expect(run(["docs", "-o", absolute], dir).stdout).toBe(`toolgen: catalog of 3 entries -> ${path.join(absolute, "index.html")}\n`);
    rmSync(absolute, { recursive: true });
    expect(run(["docs", "-o", ""], dir)).toMatchObject({ status: 2, stderr: "toolgen: -o needs a folder (an empty one would mean where the command runs; say . for that).\n" });
    expect(existsSync(path.join(dir, "index.html"))).toBe(false);
  });

  it("docs and types overwrite their own files, never another: a hand-written page or the schema given is kept", () => {
    const site = path.join(dir, "site");
    mkdirSync(site);
    writeFileSync(path.join(site, "index.html"), "<h1>My own site</h1>\n");
    expect(run(["docs", "-o", "site"], dir)).toMatchObject({ status: 2, stderr: "toolgen: site/index.html exists and was not written by toolgen docs, so it is not overwritten: give another folder with -o, or delete the file.\n" });
    expect(readFileSync(path.join(site, "index.html"), "utf8")).toBe("<h1>My own site</h1>\n");
    rmSync(path.join(site, "index.html"));
    expect(run(["docs", "-o", "site"], dir).status).toBe(0);
    expect(run(["docs", "-o", "site"], dir).status).toBe(0);
    rmSync(site, { recursive: true });
    const schema = path.join(dir, "self.schema.json");
    const text = JSON.stringify({ title: "Self", type: "object" });
    writeFileSync(schema, text);
    expect(run(["types", schema, "-o", schema], dir)).toMatchObject({ status: 2, stderr: "toolgen: self.schema.json exists and was not written by toolgen types, so it is not overwritten: give another file with -o, or delete it.\n" });
    expect(readFileSync(schema, "utf8")).toBe(text);
    const out = path.join(dir, "self.d.ts");
    expect(run(["types", schema, "-o", out], dir).status).toBe(0);
    expect(run(["types", schema, "-o", out], dir).status).toBe(0);
    rmSync(out);
    // A link in the way (one a repository committed, leading out of it) is replaced, never written through.
    const outside = mkdtempSync(path.join(tmpdir(), "toolgen-link-target-"));
    try {
      mkdirSync(site);
      symlinkSync(path.join(outside, "catalog.html"), path.join(site, "index.html"));
      symlinkSync(path.join(outside, "types.ts"), out);
      expect(run(["docs", "-o", "site"], dir).status).toBe(0);
      expect(run(["types", schema, "-o", out], dir).status).toBe(0);
      expect([lstatSync(path.join(site, "index.html")).isFile(), lstatSync(out).isFile(), readdirSync(outside)]).toEqual([true, true, []]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
      rmSync(site, { recursive: true, force: true });
      rmSync(out, { force: true });
    }
    rmSync(schema);
  });

  it("check: exit 1 naming both stale files after a description changes", () => {
    const file = path.join(dir, "src/forecast.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace("Forecasts the weather at a place.", "Forecasts the weather."));
    try {
      const check = run(["check"], dir);
      expect(check.status).toBe(1);
      expect(check.stderr).toMatch(/stale: +dist\/toolgen\.manifest\.json\nstale: +src\/tools\.generated\.ts\n/);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("check: generated files checked out with CRLF (a Windows checkout's core.autocrlf) are up to date", () => {
    const files = ["dist/toolgen.manifest.json", "src/tools.generated.ts"].map((file) => path.join(dir, file));
    const originals = files.map((file) => readFileSync(file, "utf8"));
    try {
      files.forEach((file, i) => writeFileSync(file, originals[i]!.replaceAll("\n", "\r\n")));
      const check = run(["check"], dir);
      expect(check.stderr).toBe("");
      expect(check.status).toBe(0);
    } finally {
      files.forEach((file, i) => writeFileSync(file, originals[i]!));
    }
  });

  it("check --json and build --json: the same findings as data, files relative and POSIX, the same exit codes", () => {
    const file = path.join(dir, "src/forecast.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace("Forecasts the weather at a place.", "Forecasts the weather."));
    try {
      const check = run(["check", "--json"], dir);
      expect(check.status).toBe(1);
      expect(check.stderr).toBe("");
      expect(JSON.parse(check.stdout)).toEqual({
        ok: false,
        problems: [
          { kind: "stale", file: "dist/toolgen.manifest.json", message: "out of date: dist/toolgen.manifest.json; run 'toolgen build'" },
          { kind: "stale", file: "src/tools.generated.ts", message: "out of date: src/tools.generated.ts; run 'toolgen build'" },
        ],
        diagnostics: [],
        unbuilt: [],
      });
      const build = run(["build", "--json"], dir);
      expect(build.status).toBe(0);
      expect(build.stderr).toBe("");
      expect(JSON.parse(build.stdout)).toEqual({ ok: true, entries: 3, files: ["dist/toolgen.manifest.json", "src/tools.generated.ts"], manifestReferenceAdded: null, warnings: [], diagnostics: [] });
      // Current now; the compiled module (of the description before) is what is left.
      expect(JSON.parse(run(["check", "--json"], dir).stdout).problems.map((p: { kind: string }) => p.kind)).toEqual(["uncompiled"]);
    } finally {
      writeFileSync(file, original);
      run(["build"], dir);
    }
  });

  it("sources with errors: list, inspect and check with --json still print JSON, the diagnostics in it, exit 1", () => {
    const file = path.join(dir, "src/broken.ts");
    writeFileSync(file, "/**\n * Takes a callback.\n * @tool\n * @param cb A callback.\n */\nexport function takesCallback(cb: () => void): string {\n  return String(cb);\n}\n");
    try {
      const diagnostic = { rule: null, code: "TG2001", severity: "error", file: "src/broken.ts", line: 6, column: 31, entry: "takes_callback" };
      for (const command of [["list", "--json"], ["inspect", "forecast", "--json"]]) {
        const result = run(command, dir);
        expect(result).toMatchObject({ status: 1, stderr: "" });
        expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, diagnostics: [diagnostic] });
      }
      const check = run(["check", "--json"], dir);
      expect(check.status).toBe(1);
      expect(JSON.parse(check.stdout)).toMatchObject({ ok: false, problems: [], diagnostics: [diagnostic], unbuilt: [] });
    } finally {
      rmSync(file);
    }
  });

  it("-p works from any folder; paths are shown relative to where it ran", () => {
    const build = run(["build", "-p", path.join(dir, "tsconfig.json")], tmpdir());
    expect(build.status).toBe(0);
    expect(build.stdout).toContain(`${path.relative(tmpdir(), path.join(dir, "dist/toolgen.manifest.json"))}`);
  });

  it("analyzes the user's files only: the modules toolgen generated (by their header) are read as empty", () => {
    const registry = path.join(dir, "src/tools.generated.ts");
    const generated = readFileSync(registry, "utf8");
    const ghost = "\n/** A tool no source declares. @tool */\nexport function ghost(): string {\n  return \"boo\";\n}\n";
    const names = () => (JSON.parse(run(["list", "--json"], dir).stdout) as Array<{ name: string }>).map((e) => e.name);
    try {
      writeFileSync(registry, generated + ghost);
      expect(names()).not.toContain("ghost");
      writeFileSync(registry, generated.replace(/^\/\/ Generated by toolgen\./, "// Mine.") + ghost);
      expect(names()).toContain("ghost");
    } finally {
      writeFileSync(registry, generated);
    }
  });

  it("list and inspect refuse an override naming a package that does not provide the name, as call does, with no dependency installed", () => {
    const packageJson = path.join(dir, "package.json");
    const original = readFileSync(packageJson, "utf8");
    try {
      const pkg = JSON.parse(original) as { toolgen?: Record<string, unknown> };
      writeFileSync(packageJson, JSON.stringify({ ...pkg, toolgen: { ...pkg.toolgen, overrides: { forecast: "@nobody/x" } } }));
      for (const command of [["list"], ["inspect", "forecast"]]) {
        expect(run(command, dir)).toMatchObject({ status: 2, stderr: expect.stringContaining("The override for 'forecast' chooses @nobody/x, which does not provide it") });
      }
    } finally {
      writeFileSync(packageJson, original);
    }
  });

  it("output that cannot be written (a full disk) fails the command, said on stderr; a call's tool is not blamed for it", () => {
    const full = openSync("/dev/full", "w");
    try {
      const written = (args: string[]) => spawnSync(process.execPath, [TOOLGEN_BIN, ...args], { cwd: dir, encoding: "utf8", stdio: ["ignore", full, "pipe"], env: { ...process.env, NO_COLOR: "1" } });
      for (const args of [["list", "--json"], ["call", "to_fahrenheit", "--args", '{"celsius":1}']]) {
        const result = written(args);
        expect(result.stderr).toBe("toolgen: cannot write the output: ENOSPC: no space left on device, write\n");
        expect(result.status).toBe(1);
      }
      // Nothing written, nothing to report: the command's own exit code stands.
      expect(written(["inspect", "nope"]).stderr).not.toContain("cannot write");
    } finally {
      closeSync(full);
    }
  });

  it("list: a table of names, kinds, parameters and cost", () => {
    const list = run(["list", "-p", dir], tmpdir());
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^NAME +KIND +DESCRIPTION +PARAMETERS +CHARS +TOKENS/);
    expect(list.stdout).toMatch(/^forecast +tool +Forecasts the weather at a place\. +place, horizon +\d+ +~\d+/m);
    expect(list.stdout).toMatch(/^show_notice +tool /m);
    expect(list.stdout).toMatch(/\n3 entries, ~\d+ tokens of tool definitions\.\n$/);
  });

  it("inspect: one entry in full; an unknown name is a usage error (exit 2)", () => {
    const inspect = run(["inspect", "to_fahrenheit", "--json"], dir);
    expect(inspect.status).toBe(0);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ name: "to_fahrenheit", inputSchema: { required: ["celsius"] } });
    const unknown = run(["inspect", "nope"], dir);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("No entry named 'nope'");
    // A slip is named, as `call` names it.
    expect(run(["inspect", "to_farenheit"], dir).stderr).toMatch(/^toolgen: No entry named 'to_farenheit'\. Did you mean 'to_fahrenheit'\? Known: /);
  });

  it("types: the arguments of every @external tool in the project's manifest", () => {
    const types = run(["types"], dir);
    expect(types.status).toBe(0);
    expect(types.stdout.split("\n")[0]).toBe("// Generated by toolgen types from dist/toolgen.manifest.json. Do not edit.");
    expect(types.stdout).toContain("export interface ExternalToolArguments {\n  show_notice: ShowNoticeArguments;\n}");
    expect(types.stdout).toMatch(/export interface ShowNoticeArguments \{[^}]*text: string;[^}]*level: "info" \| "warn";[^}]*tags\?: string\[\];/s);
    expect(types.stdout).not.toContain("forecast");
  });

  it("types: a manifest of no @external tools is said to give an empty map, printed below or written", () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<{ external?: boolean }> };
    writeFileSync(path.join(dir, "internal.manifest.json"), JSON.stringify({ ...manifest, entries: manifest.entries.filter((entry) => entry.external !== true) }));
    expect(run(["types", "internal.manifest.json"], dir).stderr).toBe("toolgen: internal.manifest.json has no @external tools; the map below is empty.\n");
    const written = run(["types", "internal.manifest.json", "-o", "internal-types.ts"], dir);
    expect([written.status, written.stdout, written.stderr]).toEqual([0, "toolgen: wrote internal-types.ts\n", "toolgen: internal.manifest.json has no @external tools; the map written is empty.\n"]);
  });

  it("types: any schema file, 2020-12 tuples included; a missing file exits 2", () => {
    const schema = path.join(dir, "point.schema.json");
    writeFileSync(schema, JSON.stringify({ title: "Point", type: "object", properties: { at: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false, minItems: 2 } }, required: ["at"], additionalProperties: false }));
    const types = run(["types", schema, "--out", path.join(dir, "types/generated/point.d.ts")], dir);
    expect(types.status).toBe(0);
    expect(readFileSync(path.join(dir, "types/generated/point.d.ts"), "utf8").split("\n")[0]).toBe("// Generated by toolgen types from ../../point.schema.json. Do not edit.");
    expect(readFileSync(path.join(dir, "types/generated/point.d.ts"), "utf8")).toMatch(/^export interface Point \{[^}]*\n {2}at: \[number, number\];\n\}/m);
    const missing = run(["types", "nowhere.json"], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("cannot read nowhere.json");
  });

  it("types: a boolean schema is a type too (true: unknown, false: never)", () => {
    const file = path.join(dir, "anything.json");
    for (const [json, type] of [[true, "unknown"], [false, "never"]] as const) {
      writeFileSync(file, JSON.stringify(json));
      const types = run(["types", file], dir);
      expect(types.status, types.stderr).toBe(0);
      expect(types.stdout).toContain(`export type Anything = ${type};`);
    }
  });

  it("types: a recursive type documented where it is used is declared once, the description on the property", () => {
    const node = { type: "object", properties: { name: { type: "string" }, kids: { type: "array", items: { $ref: "#/$defs/TreeNode" } } }, required: ["name"], additionalProperties: false };
    const schema = path.join(dir, "show-tree.schema.json");
    writeFileSync(schema, JSON.stringify({ title: "ShowTree", type: "object", properties: { tree: { $ref: "#/$defs/TreeNode", description: "The tree to show." } }, required: ["tree"], additionalProperties: false, $defs: { TreeNode: node } }));
    const types = run(["types", schema], dir);
    expect(types.status).toBe(0);
    expect(types.stdout.match(/interface TreeNode\w*/g)).toEqual(["interface TreeNode"]);
    expect(types.stdout).toContain("  /**\n   * The tree to show.\n   */\n  tree: TreeNode;");
    expect(types.stdout).toContain("  kids?: TreeNode[];");
  });

  it("types: two entries' definitions of one name and different types stay apart, with their references; an entry named __proto__ is typed", () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")) as { entries: Array<Record<string, unknown>> };
    const external = manifest.entries.find((e) => e.name === "show_notice")!;
    const withNode = (name: string, node: object) => ({
      ...external,
      name,
      inputSchema: { type: "object", properties: { root: { $ref: "#/$defs/Node" } }, required: ["root"], additionalProperties: false, $defs: { Node: node } },
    });
    const tree = { type: "object", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } }, required: ["label", "children"], additionalProperties: false };
    const list = { type: "object", properties: { id: { type: "number" }, next: { $ref: "#/$defs/Node" } }, required: ["id"], additionalProperties: false };
    const file = path.join(dir, "two-nodes.manifest.json");
    writeFileSync(file, JSON.stringify({ ...manifest, entries: [withNode("show_tree", tree), withNode("walk_list", list), withNode("walk_again", list), withNode("__proto__", tree)] }));
    const types = run(["types", file], dir);
    expect(types.status, types.stderr).toBe(0);
    expect(types.stdout).toContain("export interface ExternalToolArguments {\n  show_tree: ShowTreeArguments;\n  walk_list: WalkListArguments;\n  walk_again: WalkAgainArguments;\n  __proto__: ProtoArguments;\n}");
    expect(types.stdout).toMatch(/export interface Node \{[^}]*label: string;[^}]*children: Node\[\];/s);
    expect(types.stdout).toMatch(/export interface Node_2 \{[^}]*id: number;[^}]*next\?: Node_2;/s);
    expect(types.stdout).toMatch(/export interface WalkListArguments \{[^}]*root: Node_2;/s);
    expect(types.stdout).toMatch(/export interface WalkAgainArguments \{[^}]*root: Node_2;/s);
    expect(types.stdout).toMatch(/export interface ShowTreeArguments \{[^}]*root: Node;/s);
  });

  it("types: a reference it cannot resolve (or will not fetch) and a malformed manifest exit 2 with one line", () => {
    const file = path.join(dir, "bad.json");
    for (const [json, message] of [
      [{ $ref: "#/nope" }, 'toolgen: bad.json: cannot make types from this schema: Missing $ref pointer "#/nope".'],
      [{ $ref: "https://example.com/x.json" }, 'toolgen: bad.json: cannot make types from this schema: Unable to resolve $ref pointer "https://example.com/x.json"'],
      [{ formatVersion: 2, entries: "x" }, "toolgen: bad.json: invalid manifest (2 problems)"],
      [{ $ref: "#/$defs/A", $defs: { A: { $ref: "#/$defs/B", description: "A." }, B: { $ref: "#/$defs/A" } } }, "toolgen: bad.json: the references #/$defs/A → #/$defs/B → #/$defs/A go round with nothing but references on the way, so they describe no type; give one of them a type of its own.\n"],
      [{ type: "object", properties: { a: { $ref: "#/properties/a" } } }, "toolgen: bad.json: the references #/properties/a → #/properties/a go round"],
      [{ $ref: "#/$defs/A", $defs: { A: { allOf: [{ $ref: "#/$defs/B" }] }, B: { anyOf: [{ $ref: "#/$defs/A" }] } } }, "toolgen: bad.json: the references #/$defs/A → #/$defs/B → #/$defs/A go round"],
      [{ $ref: "#/%ZZ" }, "toolgen: bad.json: cannot make types from this schema: URI malformed"],
      // A name it refuses is quoted with its control characters escaped (JSON leaves C1, DEL and bidirectional overrides as they are).
      [{ formatVersion: 2, package: { name: "p" }, entries: [{ kind: "tool", name: "a\u009b2J\u202eb\u007f", description: "", implementation: { module: "m.js", export: "f" }, arguments: { mode: "positional", parameters: [] }, inputSchema: { type: "object" }, source: { file: "a.ts", line: 1, column: 1 } }] }, 'toolgen: bad.json: invalid manifest\n  $.entries[0].name: expected 1 to 128 letters, digits, \'_\', \'-\' or \'.\', received "a\\u{9b}2J\\u{202e}b\\u{7f}"\n'],
    ] as const) {
      writeFileSync(file, JSON.stringify(json));
      const types = run(["types", file], dir);
      expect(types.status).toBe(2);
      expect(types.stderr.startsWith(message), types.stderr).toBe(true);
      expect(types.stdout).toBe("");
    }
  });
});

describe("toolgen check with the dependencies' tools", () => {
  /**
   * An application whose `src/tools.ts` is `tools`, depending on `lib` (its files to write under
   * node_modules/lib); `test` runs in it, and the folder is removed after.
   */
  function withApp(name: string, tools: string, test: (dir: string, write: (file: string, content: unknown) => void) => void): void {
    const dir = mkdtempSync(path.join(tmpdir(), `toolgen-check-${name}-`));
    const write = (file: string, content: unknown) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), typeof content === "string" ? content : JSON.stringify(content));
    };
    try {
      write("package.json", { name: "app", version: "1.0.0", private: true, type: "module", dependencies: { lib: "1.0.0" } });
      write("tsconfig.json", { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, rootDir: "src", outDir: "dist", types: [] }, include: ["src"] });
      write("src/tools.ts", tools);
      test(dir, write);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("fails (kind dependencies) on a dependency with a registry module whose implementation module is gone, which call would refuse", () => {
    withApp("module", "/**\n * Adds one.\n * @tool\n * @param n A number.\n */\nexport function addOne(n: number): number {\n  return n + 1;\n}\n", (dir, write) => {
      const entry = { kind: "tool", name: "greet", description: "Greets.", implementation: { module: "dist/greet.js", export: "greet" }, arguments: { mode: "request", parameters: [{ kind: "request" }] }, inputSchema: { type: "object", properties: {} }, source: { file: "src/greet.ts", line: 1, column: 1 } };
      write("node_modules/lib/package.json", { name: "lib", version: "1.0.0", type: "module", toolgen: { manifest: "./dist/toolgen.manifest.json" } });
      write("node_modules/lib/dist/toolgen.manifest.json", { formatVersion: 2, package: { name: "lib", version: "1.0.0" }, registryModule: "dist/tools.generated.js", entries: [entry] });
      write("node_modules/lib/dist/tools.generated.js", `export const definitions = [{ entry: ${JSON.stringify(entry)}, validate: () => true, load: () => import("./greet.js") }];\n`);
      write("node_modules/lib/dist/greet.js", "export function greet() { return 'hello'; }\n");
      expect(run(["build"], dir).status).toBe(0);
      expect(run(["check"], dir).status).toBe(0);
      rmSync(path.join(dir, "node_modules/lib/dist/greet.js"));
      const check = run(["check", "--json"], dir);
      expect(check.status).toBe(1);
      expect(JSON.parse(check.stdout).problems).toEqual([{ kind: "dependencies", file: "package.json", message: expect.stringContaining("$.entries[0].implementation.module") }]);
    });
  });

  it("fails (kind dependencies) on a name a dependency provides too, which call and serve would refuse; \"overrides\" settles it", () => {
    withApp("clash", "/**\n * Makes a slug.\n * @tool\n */\nexport function slugify(text: string): string {\n  return text;\n}\n", (dir, write) => {
      write("node_modules/lib/package.json", { name: "lib", version: "1.0.0", type: "module", toolgen: { manifest: "./toolgen.manifest.json" } });
      const tool = (name: string) => ({ name, description: "", module: "index.js", export: "slugify", parameters: [], inputSchema: { type: "object", properties: {}, additionalProperties: false } });
      write("node_modules/lib/toolgen.manifest.json", { formatVersion: 1, name: "lib", version: "1.0.0", tools: [tool("slugify"), tool("lib_version")] });
      write("node_modules/lib/index.js", "export function slugify() { return ''; }\n");
      expect(run(["build"], dir).status).toBe(0);
      const check = run(["check", "--json"], dir);
      expect(check.status).toBe(1);
      expect(JSON.parse(check.stdout).problems).toEqual([{ kind: "dependencies", file: "package.json", message: expect.stringContaining("The name 'slugify' is provided twice") }]);
      expect(run(["check"], dir).stderr).toContain("toolgen: its dependencies' tools would not load or serve safely with its own; see above.\n");
      write("toolgen.config.json", { overrides: { slugify: "app" } });
      expect(run(["check"], dir).status).toBe(0);
      // Where each entry comes from, with the version.
      const table = run(["list"], dir).stdout.split("\n");
      expect(table[0]).toMatch(/ FROM$/);
      expect(table.find((line) => line.startsWith("lib_version"))).toMatch(/ lib@1\.0\.0$/);
      expect(table.find((line) => line.startsWith("slugify"))).toMatch(/ \(this package\)$/);
      // And in --json: a dependency's entry says its package, the application's nothing more.
      const listed = JSON.parse(run(["list", "--json"], dir).stdout) as Array<{ name: string; from?: string }>;
      expect(listed.map((e) => [e.name, e.from])).toEqual([["lib_version", "lib@1.0.0"], ["slugify", undefined]]);
      expect(JSON.parse(run(["inspect", "lib_version", "--json"], dir).stdout).from).toBe("lib@1.0.0");
      // A dependency's pattern that backtracks slowly, which no build of this package judged.
      const manifest = path.join(dir, "node_modules/lib/toolgen.manifest.json");
      const sound = readFileSync(manifest, "utf8");
      write("node_modules/lib/toolgen.manifest.json", { formatVersion: 1, name: "lib", version: "1.0.0", tools: [tool("slugify"), { ...tool("lib_version"), parameters: ["q"], inputSchema: { type: "object", properties: { q: { type: "string", pattern: "^(a+)+$" } } } }] });
      const slow = run(["check", "--json"], dir);
      expect(slow.status).toBe(1);
      expect(JSON.parse(slow.stdout).problems).toEqual([{ kind: "dependencies", file: "package.json", message: expect.stringMatching(/^node_modules\/lib\/toolgen\.manifest\.json: 'lib_version' \(lib\): The pattern \^\(a\+\)\+\$ backtracks in exponential/) }]);
      writeFileSync(manifest, sound);
      // A dependency that does not load as call and serve load it: its implementation module is gone.
      rmSync(path.join(dir, "node_modules/lib/index.js"));
      const broken = run(["check", "--json"], dir);
      expect(broken.status).toBe(1);
      expect(JSON.parse(broken.stdout).problems).toEqual([{ kind: "dependencies", file: "package.json", message: expect.stringMatching(/^node_modules\/lib\/toolgen\.manifest\.json: not compiled since its last 'toolgen build'\n {2}\$\.tools\[0\]\.module: .*index\.js/) }]);
    });
  });
});

describe("diagnostics, configuration and usage errors", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("transformer/errors")));
  afterAll(() => cleanup());

  it("analyzer errors: exit 1, file:line:col like tsc, a code frame, no colour when piped", () => {
    const build = run(["build"], dir, { NO_COLOR: undefined });
    expect(build.status).toBe(1);
    expect(build.stderr).toContain("src/broken.ts:5:24 - error TG2001: 'bigint' cannot be carried in JSON");
    expect(build.stderr).toContain("> 5 | export function addBig(a: bigint, b: number): number {\n    |                        ^");
    expect(build.stderr).toContain("src/broken.ts:14:23 - error TG2001:");
    expect(build.stderr).toContain("Found 2 errors.");
    expect(build.stderr).not.toContain("\x1b[");
  });

  it("build --json and check --json: errors as data with file, line, column and code; nothing written; exit 1", () => {
    for (const command of ["build", "check"]) {
      const result = run([command, "--json"], dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe("");
      const printed = JSON.parse(result.stdout) as { ok: boolean; diagnostics: Array<Record<string, unknown>> };
      expect(printed).toMatchObject(command === "build" ? { ok: false, entries: expect.any(Number), files: [], warnings: [] } : { ok: false, problems: [] });
      expect(printed.diagnostics[0]).toMatchObject({ rule: null, code: "TG2001", severity: "error", file: "src/broken.ts", line: 5, column: 24, message: expect.stringMatching(/^'bigint' cannot be carried in JSON/) });
      expect(printed.diagnostics).toHaveLength(2);
    }
  });

  it("colour only when forced (FORCE_COLOR stands in for a terminal), never with NO_COLOR", () => {
    expect(run(["check"], dir, { NO_COLOR: undefined, FORCE_COLOR: "1" }).stderr).toContain("\x1b[31merror\x1b[39m");
    expect(run(["check"], dir, { NO_COLOR: "1", FORCE_COLOR: "1" }).stderr).not.toContain("\x1b[");
  });

  it("invalid configuration: exit 2 with the file and the key", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ naming: "SHOUTING" }));
    try {
      const build = run(["build"], dir);
      expect(build.status).toBe(2);
      expect(build.stderr).toMatch(/toolgen\.config\.json: "naming" must be one of .*; got "SHOUTING"\./);
      expect(build.stderr).not.toMatch(/\n +at /);
    } finally {
      writeFileSync(path.join(dir, "toolgen.config.json"), "{}");
    }
  });

  it("a configuration file that is not JSON: exit 2 naming the file, line and column", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), '{\n  "naming": "as-is",,\n}\n');
    try {
      const build = run(["build"], dir);
      expect(build.status).toBe(2);
      expect(build.stderr).toMatch(/toolgen\.config\.json:2:21: not valid JSON \(/);
      // Cut short: the place is the end of the text.
      writeFileSync(path.join(dir, "toolgen.config.json"), '{\n  "naming":');
      expect(run(["build"], dir).stderr).toMatch(/toolgen\.config\.json:2:12: not valid JSON \(/);
    } finally {
      writeFileSync(path.join(dir, "toolgen.config.json"), "{}");
    }
  });

  it("a project without any tagged function builds, with a warning that says what toolgen looks for", () => {
    const empty = path.join(dir, "untagged");
    mkdirSync(path.join(empty, "src"), { recursive: true });
    writeFileSync(path.join(empty, "package.json"), JSON.stringify({ name: "untagged", type: "module" }));
    writeFileSync(path.join(empty, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", rootDir: "src", outDir: "dist" }, include: ["src"] }));
    writeFileSync(path.join(empty, "src/add.ts"), "/** Adds. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n");
    const build = run(["build"], empty);
    expect(build.status).toBe(0);
    expect(build.stderr).toBe("toolgen: warning: no entries: no exported function, method or const in the files of tsconfig.json has @tool, @prompt or @resource in its doc comment (a /** … */ block right above it).\n");
  });

  it("--version is the installed package's", () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(run(["--version"], dir)).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  it("usage errors exit 2: an unknown command, a tsconfig that is not there", () => {
    expect(run(["frobnicate"], dir)).toMatchObject({ status: 2, stderr: "toolgen: unknown command 'frobnicate' (run 'toolgen --help' for usage)\n" });
    // With --help too: the program's help, exit 0, would say the command exists.
    expect(run(["frobnicate", "--help"], dir)).toMatchObject({ status: 2, stdout: "", stderr: "toolgen: unknown command 'frobnicate' (run 'toolgen --help' for usage)\n" });
    expect(run(["list", "--frob"], dir)).toMatchObject({ status: 2, stderr: "toolgen: unknown option '--frob' (run 'toolgen --help' for usage)\n" });
    // A suggestion stays on the one line.
    expect(run(["list", "--jsn"], dir)).toMatchObject({ status: 2, stderr: "toolgen: unknown option '--jsn' (did you mean --json?) (run 'toolgen --help' for usage)\n" });
    // An empty --host, --tag or --allow (an unset variable in a script) names nothing: refused, not read as a host no entry has.
    expect(run(["list", "--host", ""], dir)).toMatchObject({ status: 2, stderr: "toolgen: option '--host <id>' argument '' is invalid. An empty value names nothing. (run 'toolgen --help' for usage)\n" });
    const missing = run(["check", "-p", "nowhere/tsconfig.json"], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Cannot find");
    // A config the tsconfig extends that is no JSON: refused as the tsconfig itself would be, nothing else said.
    const broken = mkdtempSync(path.join(tmpdir(), "toolgen-extends-"));
    try {
      writeFileSync(path.join(broken, "package.json"), '{ "name": "p", "type": "module" }');
      writeFileSync(path.join(broken, "tsconfig.base.json"), '{ "compilerOptions":');
      writeFileSync(path.join(broken, "tsconfig.json"), '{ "extends": "./tsconfig.base.json", "include": ["src"] }');
      expect(run(["build"], broken)).toMatchObject({ status: 2, stderr: "toolgen: tsconfig.base.json:1:21: Expression expected. (extended by tsconfig.json)\n" });
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('"importEnding": "minimal"', () => {
  it("in a NodeNext project (compiled for Node.js, which cannot load its imports): built, with a warning saying why; under moduleResolution bundler, none", () => {
    const { dir, cleanup } = copyFixture("bundled-app");
    try {
      const packageJson = path.join(dir, "package.json");
      writeFileSync(packageJson, JSON.stringify({ ...JSON.parse(readFileSync(packageJson, "utf8")), toolgen: { importEnding: "minimal" } }));
      const nodeNext = run(["build"], dir);
      expect(nodeNext.status).toBe(0);
      expect(nodeNext.stderr).toContain('toolgen: warning: "importEnding": "minimal" writes the registry module\'s imports without an extension, but this tsconfig resolves modules as Node.js does (Node16/NodeNext)');
      expect(readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8")).toContain('import("./tools")');
      compile(dir);
      const call = run(["call", "greet", "--args", '{"name":"x"}'], dir);
      expect(call.status).toBe(2);
      expect(call.stderr).toContain('(an import without an extension, which Node.js does not complete: the registry module was written with "importEnding": "minimal", which is for bundlers;');
      // No hint where the file is not there with an extension either: the import names another file.
      const compiled = path.join(dir, "dist/tools.js");
      const kept = readFileSync(compiled);
      rmSync(compiled);
      const gone = run(["call", "greet", "--args", '{"name":"x"}'], dir);
      writeFileSync(compiled, kept);
      expect(gone.stderr).toContain("Cannot find module");
      expect(gone.stderr).not.toContain("importEnding");
      // Not lazy: the registry module's own static import is the one that fails, and says so too.
      writeFileSync(packageJson, JSON.stringify({ ...JSON.parse(readFileSync(packageJson, "utf8")), toolgen: { importEnding: "minimal", lazy: false } }));
      expect(run(["build"], dir).status).toBe(0);
      compile(dir);
      const eager = run(["call", "greet", "--args", '{"name":"x"}'], dir);
      expect(eager.status).toBe(2);
      expect(eager.stderr).toContain('$.registryModule: expected a module that loads');
      expect(eager.stderr).toContain('(an import without an extension, which Node.js does not complete: the registry module was written with "importEnding": "minimal", which is for bundlers;');
      // Split: the chunk's import is the one that fails, and says so too.
      writeFileSync(packageJson, JSON.stringify({ ...JSON.parse(readFileSync(packageJson, "utf8")), toolgen: { importEnding: "minimal", split: true } }));
      expect(run(["build"], dir).status).toBe(0);
      compile(dir);
      const split = run(["call", "greet", "--args", '{"name":"x"}'], dir);
      expect(split.status).toBe(2);
      expect(split.stderr).toContain('whose chunk throws: ');
      expect(split.stderr).toContain('(an import without an extension, which Node.js does not complete: the registry module was written with "importEnding": "minimal", which is for bundlers;');
      const tsconfig = path.join(dir, "tsconfig.json");
      const options = JSON.parse(readFileSync(tsconfig, "utf8"));
      writeFileSync(tsconfig, JSON.stringify({ ...options, compilerOptions: { ...options.compilerOptions, module: "ESNext", moduleResolution: "bundler" } }));
      expect(run(["build"], dir).stderr).not.toContain("importEnding");
    } finally {
      cleanup();
    }
  });
});

describe("toolgen inspect of a resource and a prompt", () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = copyFixture("mcp")));
  afterAll(() => cleanup());

  it("shows what reaches them: the URIs and MIME type, the role", () => {
    const resource = run(["inspect", "book_record"], dir);
    expect(resource.status).toBe(0);
    expect(resource.stdout).toContain("\nuris: shop://books/{id}\nmime type: application/json\ninput schema:\n");
    const prompt = run(["inspect", "review_book"], dir);
    expect(prompt.stdout).toContain("\nrole: user\ninput schema:\n");
  });
});
