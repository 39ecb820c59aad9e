import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { compile, REPO_ROOT, TOOLGEN_BIN, toolgen } from "../../../test-support/temp-project.js";

const TSCONFIG = { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2023"], types: [], strict: true, rootDir: "src", outDir: "dist", skipLibCheck: true }, include: ["src"] };

/** A package of one tool at `dir`, named `name`. */
function toolPackage(dir: string, name: string, packageJson: Record<string, unknown> = {}, outDir = "dist"): void {
  mkdirSync(path.join(dir, "src"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", ...packageJson }));
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, outDir } }));
  writeFileSync(path.join(dir, "src/tools.ts"), `/**\n * Echoes a text.\n * @tool\n * @param text The text.\n */\nexport function ${name.replace(/\W/g, "_")}_echo(text: string): string {\n  return text;\n}\n`);
}

/** A folder for the packages of every test, with the repository's node_modules above them. */
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "toolgen-packages-"));
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"), "junction");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("build and check of a package among others", () => {
  it("a manifest outside a package that is not private (an Nx-style outDir) is a build warning and a check failure: no package depending on it could load it", () => {
    const lib = path.join(root, "libs/nx-lib");
    toolPackage(lib, "nx-lib", {}, "../../dist/libs/nx-lib");
    const why = 'the manifest ../../dist/libs/nx-lib/toolgen.manifest.json is outside the package, so a package that installs or links this one cannot load its tools (discovery reads only a dependency\'s own files): keep the tsconfig\'s outDir (or "manifest") inside the package, or, for an application, set "private": true in package.json.';
    const build = toolgen(["build"], lib);
    expect(build.status).toBe(0);
    expect(build.stderr).toBe(`toolgen: warning: ${why}\n`);
    const check = toolgen(["check", "--json"], lib);
    expect(check.status).toBe(1);
    expect(JSON.parse(check.stdout).problems).toEqual([{ kind: "unpublished", file: "package.json", message: why }]);
    // An application may build beside itself.
    toolPackage(lib, "nx-lib", { private: true }, "../../dist/libs/nx-lib");
    expect(toolgen(["build"], lib).stderr).toBe("");
    expect(toolgen(["check"], lib).status).toBe(0);
  });

  it("check in a fresh checkout: a workspace dependency not built yet is no failure while the package itself is not built either", () => {
    const text = path.join(root, "packages/text-lib");
    const app = path.join(root, "packages/app");
    toolPackage(text, "text-lib");
    toolPackage(app, "app", { private: true, dependencies: { "text-lib": "1.0.0" } });
    mkdirSync(path.join(app, "node_modules"));
    symlinkSync(text, path.join(app, "node_modules/text-lib"), "junction");
    // The package.json references a fresh checkout has, the generated modules it commits; no dist/.
    for (const dir of [text, app]) {
      expect(toolgen(["build"], dir).status).toBe(0);
      rmSync(path.join(dir, "dist"), { recursive: true });
    }
    const check = toolgen(["check", "--json"], app);
    expect(JSON.parse(check.stdout)).toEqual({ ok: true, problems: [], diagnostics: [], unbuilt: ["dist/toolgen.manifest.json"] });
    expect(check.status).toBe(0);
    // Once the package is built, its dependency is judged: call and serve would refuse it.
    expect(toolgen(["build"], app).status).toBe(0);
    compile(app);
    const built = toolgen(["check", "--json"], app);
    expect(built.status).toBe(1);
    // Its dependency's fault, not its own compiled output's.
    expect(JSON.parse(built.stdout).problems.map((p: { kind: string }) => p.kind)).toEqual(["dependencies"]);
    // With its manifest but not compiled, list shows what the dependency declares, and says that it would not be served.
    expect(toolgen(["build"], text).status).toBe(0);
    const list = toolgen(["list", "--json"], app);
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout).map((e: { name: string }) => e.name)).toEqual(["text_lib_echo", "app_echo"]);
    expect(list.stderr).toMatch(/^toolgen: warning: .*text-lib.*\n(.*\n)* {2}'toolgen call' and 'serve' refuse a dependency that does not load: build and compile it again \(its own 'toolgen check' fails on this\)\.\n$/);
  });
});

describe("a published package's dependency on the runtime", () => {
  it("is a build warning and a check failure when missing: its registry module imports @toolgen/runtime, which pnpm does not hoist", () => {
    const lib = path.join(root, "libs/runtime-lib");
    toolPackage(lib, "runtime-lib", { devDependencies: { "@toolgen/runtime": "0.1.0" } });
    const why = 'package.json does not list @toolgen/runtime in "dependencies": its registry module imports it, so an application installing the package loads its tools only where another package\'s copy happens to be hoisted (never with pnpm). Add it to "dependencies" (not "devDependencies") (an application never published says so with "private": true in package.json).';
    const build = toolgen(["build"], lib);
    expect([build.status, build.stderr]).toEqual([0, `toolgen: warning: ${why}\n`]);
    const check = toolgen(["check", "--json"], lib);
    expect([check.status, JSON.parse(check.stdout).problems]).toEqual([1, [{ kind: "unpublished", file: "package.json", message: why }]]);
    // A dependency, or a peer dependency, is what an installing application gets with it.
    for (const field of ["dependencies", "peerDependencies"]) {
      toolPackage(lib, "runtime-lib", { [field]: { "@toolgen/runtime": "0.1.0" } });
      expect(toolgen(["build"], lib).stderr).toBe("");
      expect(toolgen(["check"], lib).status).toBe(0);
    }
  });
});

describe("an installed package published compiled before its last build", () => {
  it("is what list warns of and check fails on: call and serve serve its registry module as it is, not its manifest", () => {
    const lib = path.join(root, "published/stale-lib");
    const app = path.join(root, "published/app");
    toolPackage(lib, "stale-lib");
    expect(toolgen(["build"], lib).status).toBe(0);
    compile(lib);
    // Described anew and built, not compiled: the manifest says one thing, the module another.
    writeFileSync(path.join(lib, "src/tools.ts"), `/**\n * Echoes a text back.\n * @tool\n * @param text The text.\n */\nexport function stale_lib_echo(text: string): string {\n  return text;\n}\n`);
    expect(toolgen(["build"], lib).status).toBe(0);
    toolPackage(app, "app", { private: true, dependencies: { "stale-lib": "1.0.0" } });
    cpSync(lib, path.join(app, "node_modules/stale-lib"), { recursive: true });
    expect(toolgen(["build"], app).status).toBe(0);
    compile(app);
    const why = "node_modules/stale-lib/dist/toolgen.manifest.json: $.entries[0].description: expected the description of the registry module dist/tools.generated.js, which 'toolgen call' and 'serve' serve as it is (stale-lib was published compiled before its last 'toolgen build': tell its author), received another description";
    const list = toolgen(["list", "--json"], app);
    expect([list.status, list.stderr]).toEqual([0, `toolgen: warning: ${why}\n`]);
    const check = toolgen(["check", "--json"], app);
    expect([check.status, JSON.parse(check.stdout).problems]).toEqual([1, [{ kind: "dependencies", file: "package.json", message: why }]]);
  });
});

describe("a workspace root", () => {
  it("lists and calls nothing, and says where the tools are", () => {
    const monorepo = path.join(root, "monorepo");
    mkdirSync(monorepo, { recursive: true });
    writeFileSync(path.join(monorepo, "package.json"), JSON.stringify({ name: "monorepo", private: true, workspaces: ["packages/*"] }));
    const note = "toolgen: note: no entries here: this is a workspace root (its package.json lists \"workspaces\"); run toolgen in a package of the workspace, or pass -p <package>/tsconfig.json.\n";
    const list = toolgen(["list"], monorepo);
    expect([list.status, list.stderr]).toEqual([0, note]);
    const call = toolgen(["call", "add", "--json"], monorepo);
    expect(call.stderr).toBe(note);
    expect(JSON.parse(call.stdout).error.code).toBe("unknown_tool");
  });
});

describe("two packages serving one resource URI", () => {
  it("is an error naming both until an override keyed by the URI keeps one, for call and list alike", () => {
    const app = path.join(root, "uris/app");
    mkdirSync(path.join(app, "node_modules"), { recursive: true });
    for (const name of ["pa", "pb"]) {
      const lib = path.join(root, `uris/${name}`);
      toolPackage(lib, name);
      writeFileSync(path.join(lib, "src/tools.ts"), `/**\n * The readme.\n * @resource docs://readme\n */\nexport function readme_${name}(): string {\n  return "from ${name}";\n}\n`);
      expect(toolgen(["build"], lib).status).toBe(0);
      compile(lib);
      symlinkSync(lib, path.join(app, `node_modules/${name}`), "junction");
    }
    const packageJson = { name: "app", version: "1.0.0", private: true, type: "module", dependencies: { pa: "1.0.0", pb: "1.0.0" } };
    writeFileSync(path.join(app, "package.json"), JSON.stringify(packageJson));
    const refused = toolgen(["call", "docs://readme"], app);
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(/^toolgen: The URI 'docs:\/\/readme' is served by 'readme_pa' of pa \(.*\) and by 'readme_pb' of pb \(.*\): a client reads a URI from one resource\. Choose the package to keep with overrides: \{ "docs:\/\/readme": "pb" \}, or remove one\.\n$/)]);
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ ...packageJson, toolgen: { overrides: { "docs://readme": "pb" } } }));
    expect(toolgen(["call", "docs://readme", "--json"], app).stdout).toBe('{"status":"ok","text":"from pb","resource":{"uri":"docs://readme"}}\n');
    expect(JSON.parse(toolgen(["list", "--json"], app).stdout).map((e: { name: string }) => e.name)).toEqual(["readme_pb"]);
  });
});

describe("an application of no tools of its own", () => {
  it("calls and serves its dependencies' tools without a tsconfig or a build of its own", async () => {
    const lib = path.join(root, "gather/text-lib");
    toolPackage(lib, "text-lib");
    expect(toolgen(["build"], lib).status).toBe(0);
    compile(lib);
    const app = path.join(root, "gather/app");
    mkdirSync(path.join(app, "node_modules"), { recursive: true });
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true, type: "module", dependencies: { "text-lib": "1.0.0" } }));
    symlinkSync(lib, path.join(app, "node_modules/text-lib"), "junction");
    const call = toolgen(["call", "text_lib_echo", "--args", '{"text":"hi"}', "--json"], app);
    expect([call.stderr, call.stdout, call.status]).toEqual(["", '{"status":"ok","text":"hi"}\n', 0]);
    // list and inspect show them as call and serve serve them.
    const list = toolgen(["list", "--json"], app);
    expect([list.stderr, list.status]).toEqual(["", 0]);
    expect(JSON.parse(list.stdout)).toMatchObject([{ name: "text_lib_echo", from: "text-lib@1.0.0" }]);
    expect(toolgen(["inspect", "text_lib_echo"], app).stdout).toMatch(/^tool text_lib_echo\n/);
    // Over MCP too.
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [TOOLGEN_BIN, "serve"], cwd: app, stderr: "ignore" }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["text_lib_echo"]);
    } finally {
      await client.close();
    }
    // check judges what call and serve would refuse of its dependencies.
    const check = toolgen(["check", "--json"], app);
    expect([check.status, JSON.parse(check.stdout)]).toEqual([0, { ok: true, problems: [], diagnostics: [], unbuilt: [] }]);
    expect(toolgen(["check"], app).stdout).toBe("toolgen: no tools of its own (no tsconfig.json); its dependencies' tools load and serve together.\n");
    rmSync(path.join(lib, "dist/tools.generated.js"));
    const refused = toolgen(["check", "--json"], app);
    expect([refused.status, JSON.parse(refused.stdout).problems.map((p: { kind: string }) => p.kind)]).toEqual([1, ["dependencies"]]);
    expect(toolgen(["check", "--against", "git:HEAD"], app)).toMatchObject({ status: 2, stderr: expect.stringContaining("--against compares a package's own tools") });
    compile(lib);
    // With a tsconfig, the package has tools of its own: they must be built first.
    writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify(TSCONFIG));
    expect(toolgen(["call", "text_lib_echo", "--args", '{"text":"hi"}'], app).stderr).toMatch(/does not exist: run 'toolgen build' and compile the project first\.\n$/);
  });
});
