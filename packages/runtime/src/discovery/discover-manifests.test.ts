import { readFileSync, realpathSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { ManifestError } from "../manifest/manifest-error.js";
import { discoverManifests } from "./discover-manifests.js";
import { DiscoveryError } from "./discovery-error.js";
import { greetEntry } from "../testing/manifest-entry.js";
import { useTempFolder } from "../testing/temp-folder.js";
import { discoverRegistry } from "./discover-registry.js";

/** Hand-written packages in a temp folder: no build needed, each test lays out what it needs. */
const { root, write } = useTempFolder("toolgen-discovery-");

/** A package with a format-1 manifest and one tool `<tool>` returning `<tool> from <name>`. */
function legacyPackage(dir: string, name: string, tool: string, dependencies: Record<string, string> = {}, extra: Record<string, unknown> = {}): void {
  write(`${dir}/package.json`, { name, type: "module", dependencies, toolgen: { manifest: "./toolgen.manifest.json" }, ...extra });
  write(`${dir}/toolgen.manifest.json`, {
    formatVersion: 1,
    name,
    tools: [{ name: tool, description: "", module: "lib/index.js", export: "run", parameters: [], inputSchema: { type: "object", properties: {}, additionalProperties: false } }],
  });
  write(`${dir}/lib/index.js`, `export function run() { return ${JSON.stringify(`${tool} from ${name}`)}; }\n`);
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("discoverManifests", () => {
  it("walks dependencies depth first, each package once, resolving node_modules upwards like Node", () => {
    legacyPackage(".", "app", "app_tool", { b: "1", a: "1" });
    legacyPackage("node_modules/a", "a", "a_tool", { c: "1" });
    legacyPackage("node_modules/b", "b", "b_tool", { a: "1", c: "1" });
    legacyPackage("node_modules/c", "c", "c_tool", { b: "1" }); // a cycle: b → c → b
    expect(discoverManifests(root()).map((m) => m.packageName)).toEqual(["c", "a", "b", "app"]);
  });

  it("prefers a nested node_modules copy over the hoisted one, and follows symlinks (workspaces)", () => {
    legacyPackage(".", "app", "app_tool", { a: "1" });
    legacyPackage("node_modules/a", "a", "a_tool", { shared: "2" });
    legacyPackage("node_modules/a/node_modules/shared", "shared", "shared_v2");
    legacyPackage("node_modules/shared", "shared", "shared_v1");
    legacyPackage("packages/linked", "linked", "linked_tool");
    symlinkSync(path.join(root(), "packages/linked"), path.join(root(), "node_modules/linked"), "junction");
    write("package.json", { name: "app", dependencies: { a: "1", linked: "1" }, toolgen: { manifest: "./toolgen.manifest.json" } });
    const found = discoverManifests(root());
    expect(found.map((m) => [m.packageName, m.displayPath])).toEqual([
      ["shared", "node_modules/a/node_modules/shared/toolgen.manifest.json"],
      ["a", "node_modules/a/toolgen.manifest.json"],
      ["linked", "packages/linked/toolgen.manifest.json"],
      ["app", "toolgen.manifest.json"],
    ]);
  });

  it("skips packages without a toolgen manifest but still walks their dependencies; devDependencies are not followed", () => {
    write("package.json", { name: "app", dependencies: { plain: "1" }, devDependencies: { dev: "1" } });
    write("node_modules/plain/package.json", { name: "plain", dependencies: { deep: "1" } });
    legacyPackage("node_modules/deep", "deep", "deep_tool");
    legacyPackage("node_modules/dev", "dev", "dev_tool");
    expect(discoverManifests(root()).map((m) => m.packageName)).toEqual(["deep"]);
  });

  it("a dependency that is not installed is an error naming the package.json field; optional and peer ones are skipped", () => {
    write("package.json", { name: "app", optionalDependencies: { gone: "1" }, peerDependencies: { alsoGone: "1" }, dependencies: { missing: "1" } });
    const error = errorOf(() => discoverManifests(root()));
    expect(error).toBeInstanceOf(DiscoveryError);
    expect(error.message).toBe(`package.json: $.dependencies["missing"] is not installed (no node_modules/missing from . upwards); run npm install.`);
    // From a CLI's working directory elsewhere, its paths are from there.
    const shown = path.basename(root());
    expect(errorOf(() => discoverManifests(root(), { displayFrom: path.dirname(root()) })).message).toBe(`${shown}/package.json: $.dependencies["missing"] is not installed (no node_modules/missing from ${shown} upwards); run npm install.`);
  });

  it("a dependency's package.json that is no JSON object is one line naming it as a package.json", () => {
    write("package.json", { name: "app", dependencies: { broken: "1" } });
    write("node_modules/broken/package.json", '{"name":"broken", "version":');
    const error = errorOf(() => discoverManifests(root()));
    expect(error).toBeInstanceOf(DiscoveryError);
    expect(error.message).toMatch(/^node_modules\/broken\/package\.json: not valid JSON \([^\n]+\); discovery reads the package\.json of the application and of every package it depends on\.$/);
    write("node_modules/broken/package.json", "[]");
    expect(errorOf(() => discoverManifests(root())).message).toBe("node_modules/broken/package.json: expected a JSON object, found an array of 0 items; discovery reads the package.json of the application and of every package it depends on.");
  });

  it("a toolgen field that names a missing manifest is an error naming the field: an installed package was published without it, a linked one is not built", () => {
    write("package.json", { name: "app", dependencies: { a: "1" } });
    write("node_modules/a/package.json", { name: "a", toolgen: { manifest: "./dist/toolgen.manifest.json" } });
    const error = errorOf(() => discoverManifests(root())) as ManifestError;
    expect(error).toBeInstanceOf(ManifestError);
    expect(error.message).toBe(`node_modules/a/package.json: "toolgen"."manifest": expected the path of the manifest it was published with (its "files" or .npmignore leave it out of the package: tell its author), received "./dist/toolgen.manifest.json", which does not exist`);
    // A workspace's package, linked into node_modules from its own folder.
    write("packages/b/package.json", { name: "b", toolgen: { manifest: "./dist/toolgen.manifest.json" } });
    write("package.json", { name: "app", dependencies: { b: "1" } });
    symlinkSync(path.join(root(), "packages/b"), path.join(root(), "node_modules/b"), "junction");
    expect(errorOf(() => discoverManifests(root())).message).toBe(`packages/b/package.json: "toolgen"."manifest": expected the path of a built manifest (run 'toolgen build' in that package), received "./dist/toolgen.manifest.json", which does not exist`);
  });

  it("a toolgen field that names a folder, or a file outside the package, is an error naming the field", () => {
    write("package.json", { name: "app", version: "1.0.0", dependencies: { a: "1" } });
    write("node_modules/a/package.json", { name: "a", toolgen: { manifest: "./dist" } });
    write("node_modules/a/dist/x.js", "");
    expect(errorOf(() => discoverManifests(root())).message).toBe(`node_modules/a/package.json: "toolgen"."manifest": expected the path of a manifest file, received "./dist", which is not a file`);
    // One line, as the field of a package.json it is, not "invalid manifest".
    write("node_modules/a/package.json", { name: "a", toolgen: 5 });
    expect(errorOf(() => discoverManifests(root())).message).toBe(`node_modules/a/package.json: "toolgen": expected an object, received 5`);
    write("node_modules/a/package.json", { name: "a", toolgen: { manifest: "../../package.json" } });
    expect(errorOf(() => discoverManifests(root())).message).toBe(`node_modules/a/package.json: "toolgen"."manifest": expected the path of a manifest file inside the package (tell its author), received "../../package.json", which is outside it`);
    // Whether or not it exists: a package published from its build folder (Nx-style) names one that does not.
    write("node_modules/a/package.json", { name: "a", toolgen: { manifest: "./../../dist/libs/a/toolgen.manifest.json" } });
    expect(errorOf(() => discoverManifests(root())).message).toBe(`node_modules/a/package.json: "toolgen"."manifest": expected the path of a manifest file inside the package (tell its author), received "./../../dist/libs/a/toolgen.manifest.json", which is outside it`);
    // A link inside the package to a file outside it is outside it too.
    write("outside.manifest.json", { formatVersion: 2, package: { name: "a" }, entries: [] });
    symlinkSync(path.join(root(), "outside.manifest.json"), path.join(root(), "node_modules/a/dist/link.json"));
    write("node_modules/a/package.json", { name: "a", toolgen: { manifest: "./dist/link.json" } });
    expect(errorOf(() => discoverManifests(root())).message).toBe(`node_modules/a/package.json: "toolgen"."manifest": expected the path of a manifest file inside the package (tell its author), received "./dist/link.json", which is outside it`);
  });

  it("a root that is not there, or holds no package.json, is a DiscoveryError naming the folder in full", () => {
    const missing = path.join(root(), "nowhere");
    expect(errorOf(() => discoverManifests(missing))).toMatchObject({ name: "DiscoveryError", message: `${missing}: no such folder; discovery starts from a folder holding a package.json.` });
    write("empty/.keep", "");
    const empty = path.join(root(), "empty");
    expect(errorOf(() => discoverManifests(empty)).message).toBe(`${path.join(realpathSync(empty), "package.json")}: cannot read it; discovery starts from a folder holding a package.json.`);
  });

  it("a package linked into node_modules (a workspace) is inside itself: its manifest is found", () => {
    write("package.json", { name: "app", version: "1.0.0", dependencies: { a: "1" } });
    legacyPackage("packages/a", "a", "a_tool");
    write("node_modules/.keep", "");
    symlinkSync(path.join(root(), "packages/a"), path.join(root(), "node_modules/a"));
    expect(discoverManifests(root()).map((m) => m.packageName)).toEqual(["a"]);
  });

  it("a truncated or unsupported manifest in a dependency names that file and the field", () => {
    write("package.json", { name: "app", dependencies: { a: "1" } });
    legacyPackage("node_modules/a", "a", "a_tool");
    write("node_modules/a/toolgen.manifest.json", '{"formatVersion": 1, "name": "a", "tools": [');
    expect(errorOf(() => discoverManifests(root())).message).toMatch(/^node_modules\/a\/toolgen\.manifest\.json: invalid manifest\n {2}\$: expected JSON, received text that does not parse/);
    write("node_modules/a/toolgen.manifest.json", { formatVersion: 9, name: "a", tools: [] });
    expect(errorOf(() => discoverManifests(root())).message).toBe(
      "node_modules/a/toolgen.manifest.json: invalid manifest\n  $.formatVersion: expected 1 or 2 (the formats this runtime reads; a newer build needs a newer @toolgen/runtime), received 9",
    );
  });
});

describe("discoverRegistry: loading what was discovered", () => {
  /** A format-2 package with a hand-written registry module, as `toolgen build` + tsc would leave it. */
  function modernPackage(dir: string, name: string, options: { definitions?: string; registryModule?: string | null } = {}): void {
    const entry = greetEntry();
    write(`${dir}/package.json`, { name, type: "module", toolgen: { manifest: "./dist/toolgen.manifest.json" } });
    const registryModule = options.registryModule === undefined ? "dist/tools.generated.js" : options.registryModule;
    write(`${dir}/dist/toolgen.manifest.json`, { formatVersion: 2, package: { name }, ...(registryModule === null ? {} : { registryModule }), entries: [entry] });
    write(`${dir}/dist/greet.js`, "export function greet(who) { return `hello ${who}`; }\n");
    const validate = "function validate(data) { const ok = typeof data === 'object' && data !== null && typeof data.who === 'string'; validate.errors = ok ? null : [{ instancePath: '/who', keyword: 'type', params: { type: 'string' }, message: 'must be string' }]; return ok; }";
    write(
      `${dir}/dist/tools.generated.js`,
      options.definitions ?? `${validate}\nexport const definitions = [{ entry: ${JSON.stringify(entry)}, validate, load: () => import("./greet.js") }];\n`,
    );
  }

  it("takes validators from the package's registry module", async () => {
    modernPackage(".", "app");
    const registry = await discoverRegistry(root());
    expect(await registry.dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
    // The hand-written validator above reports only /who: proof that it, not another one, ran.
    expect(await registry.dispatch("greet", {})).toMatchObject({ error: { payload: { issues: [{ path: "/who", expected: "a string" }] } } });
  });

  it("without a registry module, interprets the schema and imports the implementation module itself", async () => {
    modernPackage(".", "app", { registryModule: null });
    const registry = await discoverRegistry(root());
    expect(await registry.dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
    expect(await registry.dispatch("greet", {})).toMatchObject({ error: { payload: { issues: [{ path: "/who", expected: "a value (this property is required)" }] } } });
  });

  it.each([
    ["a missing registry module", { registryModule: "dist/nope.js" }, `not compiled since its last 'toolgen build'\n  $.registryModule: expected the compiled registry module (compile the package after 'toolgen build'), received "dist/nope.js", which does not exist`],
    ["a registry module without definitions", { definitions: "export const other = 1;\n" }, `invalid manifest\n  $.registryModule: expected a module exporting 'definitions' (generated by 'toolgen build'), received "dist/tools.generated.js", which does not`],
    ["a registry module that throws", { definitions: "throw new Error('boom');\n" }, `invalid manifest\n  $.registryModule: expected a module that loads, received "dist/tools.generated.js", which throws: boom`],
  ])("%s is an error naming the manifest and the field, at load time", async (_label, options, problem) => {
    modernPackage(".", "app", options);
    await expect(discoverRegistry(root())).rejects.toThrow(`dist/toolgen.manifest.json: ${problem}`);
  });

  it("a registry module compiled before the manifest was last written is checked against it: an entry it lacks is a stale build", async () => {
    modernPackage(".", "app", { definitions: "export const definitions = [];\n" });
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root(), "dist/tools.generated.js"), past, past);
    await expect(discoverRegistry(root())).rejects.toThrow(
      `dist/toolgen.manifest.json: not compiled since its last 'toolgen build'\n  $.entries[0].name: expected an entry the registry module dist/tools.generated.js defines (rebuild and recompile the package), received "greet"`,
    );
  });

  it("a registry module compiled before the manifest, with another schema, is a stale build: never listed with one schema and checked against another", async () => {
    modernPackage(".", "app");
    const manifest = path.join(root(), "dist/toolgen.manifest.json");
    const changed = JSON.parse(readFileSync(manifest, "utf8"));
    changed.entries[0].inputSchema.properties.loud = { type: "boolean" };
    writeFileSync(manifest, JSON.stringify(changed));
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root(), "dist/tools.generated.js"), past, past);
    await expect(discoverRegistry(root())).rejects.toThrow(
      `dist/toolgen.manifest.json: not compiled since its last 'toolgen build'\n  $.entries[0].inputSchema: expected the input schema of the registry module dist/tools.generated.js, which was compiled before the last 'toolgen build' (compile the package again), received another schema`,
    );
  });

  it("a dependency's registry module or implementation module outside its package is refused, naming the field; the application's may be anywhere (an outDir of ../build)", async () => {
    write("package.json", { name: "app", type: "module", dependencies: { a: "1" } });
    modernPackage("node_modules/a", "a", { registryModule: "../outside.js" });
    await expect(discoverRegistry(root())).rejects.toThrow(`node_modules/a/dist/toolgen.manifest.json: invalid manifest\n  $.registryModule: expected a module of the package, received "../outside.js", which is outside it`);
    modernPackage("node_modules/a", "a", { registryModule: null });
    const manifest = path.join(root(), "node_modules/a/dist/toolgen.manifest.json");
    const outside = JSON.parse(readFileSync(manifest, "utf8"));
    outside.entries[0].implementation.module = "../b/greet.js";
    writeFileSync(manifest, JSON.stringify(outside));
    await expect(discoverRegistry(root())).rejects.toThrow(`$.entries[0].implementation.module: expected a module of the package, received "../b/greet.js", which is outside it`);
    // The application itself, built into a folder beside it.
    modernPackage("made", "app");
    write("app/package.json", { name: "app", type: "module", toolgen: { manifest: "../build/toolgen.manifest.json" } });
    write("build/toolgen.manifest.json", readFileSync(path.join(root(), "made/dist/toolgen.manifest.json"), "utf8").replace('"dist/tools.generated.js"', '"../build/tools.generated.js"'));
    for (const file of ["tools.generated.js", "greet.js"]) write(`build/${file}`, readFileSync(path.join(root(), "made/dist", file), "utf8"));
    expect(await (await discoverRegistry(path.join(root(), "app"))).dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
  });

  it("a registry module compiled before the manifest with the same schemas is served", async () => {
    modernPackage(".", "app");
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root(), "dist/tools.generated.js"), past, past);
    expect(await (await discoverRegistry(root())).dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
  });

  it("a registry module compiled after the manifest is served as it is: the manifest's entries are not read", async () => {
    modernPackage(".", "app");
    const manifest = path.join(root(), "dist/toolgen.manifest.json");
    const text = readFileSync(manifest, "utf8");
    // Entries that would fail the manifest's checks, were they read.
    writeFileSync(manifest, text.replace(/"entries"[\s\S]*$/, '"entries": [{ "kind": 7 }]\n}\n'));
    const past = new Date(Date.now() - 60_000);
    utimesSync(manifest, past, past);
    const registry = await discoverRegistry(root());
    expect(await registry.dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
    // Compiled before it, the module is checked against the manifest, whose entries are then read.
    const future = new Date(Date.now() + 60_000);
    utimesSync(manifest, future, future);
    await expect(discoverRegistry(root())).rejects.toThrow("$.entries[0]");
  });

  it("a dependency named like the application, with its version, is no copy of it: it cannot take the application's tools, override or not", async () => {
    modernPackage(".", "app");
    modernPackage("node_modules/evil", "app");
    write("package.json", { name: "app", version: "1.0.0", type: "module", dependencies: { evil: "1" }, toolgen: { manifest: "./dist/toolgen.manifest.json" } });
    write("node_modules/evil/package.json", { name: "app", version: "1.0.0", type: "module", toolgen: { manifest: "./dist/toolgen.manifest.json" } });
    await expect(discoverRegistry(root())).rejects.toThrow("The name 'greet' is provided twice: by the application and by an installed package named like it, app@1.0.0 (node_modules/evil/dist/toolgen.manifest.json). Remove or rename that package.");
    await expect(discoverRegistry(root(), { overrides: { greet: "app" } })).rejects.toThrow(
      "The override for 'greet' chooses app, the application, and an installed package of that name provides 'greet' too (node_modules/evil/dist/toolgen.manifest.json): a dependency named like the application cannot be told from it. Remove or rename that package.",
    );
  });

  it("an installed package's registry module is served as it is, whichever of its files npm wrote first", async () => {
    write("package.json", { name: "app", type: "module", dependencies: { a: "1" } });
    modernPackage("node_modules/a", "a");
    const manifest = path.join(root(), "node_modules/a/dist/toolgen.manifest.json");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace(/"entries"[\s\S]*$/, '"entries": [{ "kind": 7 }]\n}\n'));
    const future = new Date(Date.now() + 60_000);
    utimesSync(manifest, future, future);
    expect(await (await discoverRegistry(root())).dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
  });

  it("with checkExports, a missing export fails at load time instead of at the first call", async () => {
    modernPackage(".", "app");
    write("dist/greet.js", "export function hello() {}\n");
    await expect(discoverRegistry(root())).resolves.toBeDefined();
    await expect(discoverRegistry(root(), { checkExports: true })).rejects.toThrow(
      `dist/toolgen.manifest.json: invalid manifest\n  $.entries[0].implementation.export: expected an export of the implementation module, received "greet", which dist/greet.js does not export as a function`,
    );
  });

  it("with checkExports as a predicate, only the entries it picks have their modules imported and checked", async () => {
    modernPackage(".", "app");
    write("dist/greet.js", "throw new Error('boom at load');\n");
    await expect(discoverRegistry(root(), { checkExports: (entry) => entry.name !== "greet" })).resolves.toBeDefined();
    await expect(discoverRegistry(root(), { checkExports: (entry) => entry.name === "greet" })).rejects.toThrow("which throws: boom at load");
  });

  it("a checkExports predicate is given the heads of a registry module's entries, which leaves the entries it passes over unparsed", async () => {
    const entry = greetEntry();
    const parsed = "globalThis.parsedEntries = (globalThis.parsedEntries ?? 0) + 1";
    modernPackage(".", "app", {
      definitions: `export const definitions = [{ head: { kind: "tool", name: "greet" }, get entry() { ${parsed}; return ${JSON.stringify(entry)}; }, validate: () => true, load: () => import("./greet.js") }];\n`,
    });
    const manifest = path.join(root(), "dist/toolgen.manifest.json");
    const past = new Date(Date.now() - 60_000);
    utimesSync(manifest, past, past);
    const heads: unknown[] = [];
    await discoverRegistry(root(), {
      checkExports: (head) => {
        heads.push(head);
        return false;
      },
    });
    expect(heads).toEqual([{ kind: "tool", name: "greet" }]);
    expect((globalThis as { parsedEntries?: number }).parsedEntries).toBeUndefined();
  });

  it("with checkExports, an implementation module that throws is an error naming the field and the module", async () => {
    modernPackage(".", "app");
    write("dist/greet.js", "throw new Error('boom at load');\n");
    await expect(discoverRegistry(root(), { checkExports: true })).rejects.toThrow(
      `dist/toolgen.manifest.json: invalid manifest\n  $.entries[0].implementation.module: expected a module that loads, received "dist/greet.js", which throws: boom at load`,
    );
  });

  it("a package that is not installed is not mistaken for an import without an extension", async () => {
    modernPackage(".", "app");
    write("dist/greet.js", 'import { createRequire } from "node:module";\ncreateRequire(import.meta.url)("no-such-package-anywhere");\n');
    const error = await discoverRegistry(root(), { checkExports: true }).then(() => undefined, (e: Error) => e);
    expect(error?.message).toContain(`received "dist/greet.js", which throws: Cannot find module 'no-such-package-anywhere'`);
    expect(error?.message).not.toContain("importEnding");
  });

  it("with checkExports, a toolset method written as an arrow-function property (on instances only) is found", async () => {
    modernPackage(".", "app");
    const entry = { ...greetEntry(), implementation: { module: "dist/greet.js", export: "Greeter", method: "greet" } };
    write("dist/toolgen.manifest.json", { formatVersion: 2, package: { name: "app" }, registryModule: "dist/tools.generated.js", entries: [entry] });
    write("dist/tools.generated.js", `export const definitions = [{ entry: ${JSON.stringify(entry)}, validate: () => true, load: () => import("./greet.js") }];\n`);
    write("dist/greet.js", "export class Greeter { greet = (who) => `hello ${who}`; }\n");
    const registry = await discoverRegistry(root(), { checkExports: true });
    expect(await registry.dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
  });

  it("a legacy schema the interpreter cannot check is refused at load time, naming the field", async () => {
    legacyPackage(".", "app", "t");
    write("toolgen.manifest.json", { formatVersion: 1, name: "app", tools: [{ name: "t", description: "", module: "lib/index.js", export: "run", parameters: [], inputSchema: { type: "object", if: {} } }] });
    await expect(discoverRegistry(root())).rejects.toThrow("toolgen.manifest.json: invalid manifest\n  $.tools[0].inputSchema: expected a schema the runtime can check without a registry module, received the schema keyword 'if' at # is not supported");
  });

  it("applies the registry's filters before looking for duplicates", async () => {
    legacyPackage(".", "app", "dup", { a: "1" });
    legacyPackage("node_modules/a", "a", "dup");
    await expect(discoverRegistry(root())).rejects.toThrow("The name 'dup' is provided twice: by a (node_modules/a/toolgen.manifest.json) and by app (toolgen.manifest.json).");
    const registry = await discoverRegistry(root(), { overrides: { dup: "app" } });
    expect(await registry.dispatch("dup", {})).toEqual({ status: "ok", text: "dup from app" });
    expect((await discoverRegistry(root(), { allow: ["other"] })).entries).toEqual([]);
    // The filters leave 'dup' out: its override still names a package that provides it.
    expect((await discoverRegistry(root(), { allow: ["other"], overrides: { dup: "a" } })).entries).toEqual([]);
    await expect(discoverRegistry(root(), { allow: ["other"], overrides: { dup: "nobody" } })).rejects.toThrow("The override for 'dup' chooses nobody, which does not provide it (provided by: a, app).");
  });

  it("a name two packages provide is said with every other name those two both provide, not one run at a time", async () => {
    write("package.json", { name: "app", type: "module", dependencies: { a: "1", b: "1" } });
    for (const name of ["a", "b"]) {
      write(`node_modules/${name}/package.json`, { name, type: "module", toolgen: { manifest: "./toolgen.manifest.json" } });
      const tool = (tool: string) => ({ name: tool, description: "", module: "lib/index.js", export: "run", parameters: [], inputSchema: { type: "object", properties: {}, additionalProperties: false } });
      write(`node_modules/${name}/toolgen.manifest.json`, { formatVersion: 1, name, tools: ["one", "two", "three", `only_${name}`].map(tool) });
      write(`node_modules/${name}/lib/index.js`, "export function run() { return 1; }\n");
    }
    await expect(discoverRegistry(root())).rejects.toThrow(/^The name 'one' is provided twice: by a \(node_modules\/a\/toolgen\.manifest\.json\) and by b \(node_modules\/b\/toolgen\.manifest\.json\)\. They also both provide 'two', 'three'\. Remove one/);
  });

  it("an override naming a version that is not installed is told the version that is", async () => {
    write("package.json", { name: "app", type: "module", dependencies: { lib: "1" } });
    legacyPackage("node_modules/lib", "lib", "compute", {}, { version: "1.0.0" });
    await expect(discoverRegistry(root(), { overrides: { compute: "lib@2.0.0" } })).rejects.toThrow("The override for 'compute' chooses lib@2.0.0, which does not provide it (provided by: lib@1.0.0).");
    await expect(discoverRegistry(root(), { overrides: { compute: "other" } })).rejects.toThrow("The override for 'compute' chooses other, which does not provide it (provided by: lib).");
    // Of another shape: a string was read a character at a time ("the override for '0'").
    await expect(discoverRegistry(root(), { overrides: "lib" as never })).rejects.toThrow(`toolgen: discoverRegistry's options: 'overrides' must be an object of package names by entry name ({ "slugify": "@acme/text" }); got "lib".`);
    await expect(discoverRegistry(root(), { overrides: { compute: 2 } as never })).rejects.toThrow("'overrides' must be an object of package names by entry name");
  });

  it("two versions of one package (an npm diamond) are told apart by version; copies of one version are one provider", async () => {
    write("package.json", { name: "app", type: "module", dependencies: { lib: "1", wrapper: "1" } });
    legacyPackage("node_modules/lib", "lib", "compute", {}, { version: "1.0.0" });
    write("node_modules/wrapper/package.json", { name: "wrapper", dependencies: { lib: "2" } });
    legacyPackage("node_modules/wrapper/node_modules/lib", "lib", "compute", {}, { version: "2.0.0" });
    write("node_modules/wrapper/node_modules/lib/lib/index.js", 'export function run() { return "compute from lib 2"; }\n');
    await expect(discoverRegistry(root())).rejects.toThrow(`The name 'compute' is provided twice: by lib@1.0.0 (node_modules/lib/toolgen.manifest.json) and by lib@2.0.0 (node_modules/wrapper/node_modules/lib/toolgen.manifest.json). Remove one, or choose the one to keep with overrides: { "compute": "lib@1.0.0" }`);
    await expect(discoverRegistry(root(), { overrides: { compute: "lib" } })).rejects.toThrow(`The override for 'compute' chooses lib, which is installed in several versions: lib@1.0.0 (node_modules/lib/toolgen.manifest.json), lib@2.0.0 (node_modules/wrapper/node_modules/lib/toolgen.manifest.json). Choose one: { "compute": "lib@1.0.0" }.`);
    expect(await (await discoverRegistry(root(), { overrides: { compute: "lib@2.0.0" } })).dispatch("compute", {})).toEqual({ status: "ok", text: "compute from lib 2" });
    await expect(discoverRegistry(root(), { overrides: { compute: "lib@3.0.0" } })).rejects.toThrow("The override for 'compute' chooses lib@3.0.0, which does not provide it (provided by: lib@1.0.0, lib@2.0.0).");
    // The same version twice: one provider, the first found.
    write("node_modules/wrapper/node_modules/lib/package.json", { name: "lib", version: "1.0.0", type: "module", toolgen: { manifest: "./toolgen.manifest.json" } });
    expect(await (await discoverRegistry(root())).dispatch("compute", {})).toEqual({ status: "ok", text: "compute from lib" });
    // Copies without versions cannot be told apart: the error says so, and offers no override.
    write("node_modules/lib/package.json", { name: "lib", type: "module", toolgen: { manifest: "./toolgen.manifest.json" } });
    write("node_modules/wrapper/node_modules/lib/package.json", { name: "lib", type: "module", toolgen: { manifest: "./toolgen.manifest.json" } });
    await expect(discoverRegistry(root())).rejects.toThrow("The name 'compute' is provided twice: by two copies of lib (node_modules/lib/toolgen.manifest.json and node_modules/wrapper/node_modules/lib/toolgen.manifest.json) without versions to tell them apart.");
  });

  it("a name three provide (the application beside two versions of a library) names all three, so an override is chosen knowing each", async () => {
    legacyPackage(".", "app", "compute", { lib: "1", wrapper: "1" });
    legacyPackage("node_modules/lib", "lib", "compute", {}, { version: "1.0.0" });
    write("node_modules/wrapper/package.json", { name: "wrapper", dependencies: { lib: "2" } });
    legacyPackage("node_modules/wrapper/node_modules/lib", "lib", "compute", {}, { version: "2.0.0" });
    await expect(discoverRegistry(root())).rejects.toThrow(
      "The name 'compute' is provided 3 times: by lib@1.0.0 (node_modules/lib/toolgen.manifest.json) and by lib@2.0.0 (node_modules/wrapper/node_modules/lib/toolgen.manifest.json). So does the application (toolgen.manifest.json).",
    );
  });

  it("a name one manifest lists twice is that manifest's mistake: no override is offered", async () => {
    legacyPackage(".", "app", "dup");
    const tool = { name: "dup", description: "", module: "lib/index.js", export: "run", parameters: [], inputSchema: { type: "object", properties: {}, additionalProperties: false } };
    write("toolgen.manifest.json", { formatVersion: 1, name: "app", tools: [tool, tool] });
    await expect(discoverRegistry(root())).rejects.toThrow("The name 'dup' is provided twice by app (toolgen.manifest.json): a manifest lists each name once (rebuild the package).");
  });
});
