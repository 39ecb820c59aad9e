import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { greetEntry } from "../testing/manifest-entry.js";
import { useTempFolder } from "../testing/temp-folder.js";
import { discoverRegistry } from "./discover-registry.js";

/**
 * Discovery of a package whose compiled registry module is split (`split: true`): a
 * hand-written main module and chunk, as `toolgen build` + tsc would leave them. They import
 * the built runtime bundle, as a compiled package imports `@toolgen/runtime`.
 */
const RUNTIME = pathToFileURL(path.resolve(import.meta.dirname, "../../dist/bundle/index.js")).href;

const { root, write } = useTempFolder("toolgen-split-discovery-");

const entry = greetEntry();

/**
 * `chunkName` is the name the chunk's definition has (another than 'greet' makes it stale); null
 * leaves the chunk out. `chunkEntry` is the entry the chunk carries (another input schema than
 * the manifest's is a chunk compiled before the last build).
 */
function splitPackage(chunkName: string | null = "greet", chunkEntry: object = entry): void {
  write("package.json", { name: "app", type: "module", toolgen: { manifest: "./dist/toolgen.manifest.json" } });
  write("dist/toolgen.manifest.json", { formatVersion: 2, package: { name: "app" }, registryModule: "dist/tools.generated.js", entries: [entry] });
  write("dist/greet.js", "export function greet(who) { return `hello ${who}`; }\n");
  write(
    "dist/tools.generated.js",
    `import { splitEntries } from ${JSON.stringify(RUNTIME)};\n` +
      `const chunks = [() => import("./tools.generated.chunks/greet.js")];\n` +
      `export const definitions = splitEntries(chunks, [["tool", "greet", 0]]);\n`,
  );
  if (chunkName === null) return;
  const validate = "function validate(data) { const ok = typeof data === 'object' && data !== null && typeof data.who === 'string'; validate.errors = ok ? null : [{ instancePath: '/who', keyword: 'type', params: { type: 'string' }, message: 'must be string' }]; return ok; }";
  write(
    "dist/tools.generated.chunks/greet.js",
    `import { lazyEntry } from ${JSON.stringify(RUNTIME)};\n${validate}\n` +
      `export const definitions = [lazyEntry({ kind: "tool", name: ${JSON.stringify(chunkName)} }, ${JSON.stringify(JSON.stringify(chunkEntry))}, validate, () => import("../greet.js"))];\n`,
  );
}

describe("discoverRegistry with a split registry module", () => {
  it("lists the manifest's entries without a chunk, and takes the validator and loader from the chunk on the first call", async () => {
    splitPackage();
    const registry = await discoverRegistry(root());
    expect(registry.entries.map((e) => e.name)).toEqual(["greet"]);
    expect(await registry.dispatch("greet", { who: "Ada" })).toEqual({ status: "ok", text: "hello Ada" });
    // The chunk's hand-written validator reports only /who: proof that it, not the interpreter, ran.
    expect(await registry.dispatch("greet", {})).toMatchObject({ error: { payload: { issues: [{ path: "/who", expected: "a string" }] } } });
  });

  it("imports no chunk while discovering: a chunk that fails to import is the first call's error", async () => {
    splitPackage(null);
    const registry = await discoverRegistry(root());
    expect(registry.get("greet")?.description).toBe(entry.description);
    const outcome = await registry.dispatch("greet", { who: "Ada" });
    expect(outcome).toMatchObject({ status: "error", error: { code: "internal" } });
    expect(outcome.status === "error" && outcome.error.message).toMatch(/^Cannot load 'greet': .*tools\.generated\.chunks\/greet\.js/);
  });

  it("a chunk out of step with the module is the call's error, saying to rebuild", async () => {
    splitPackage("hello");
    const registry = await discoverRegistry(root());
    expect(await registry.dispatch("greet", { who: "Ada" })).toMatchObject({
      error: { message: "Cannot load 'greet': the registry module and its chunk are out of step (it expects 'greet' as entry 0 of chunk 0, which has 'hello' as entry 0): run `toolgen build` and recompile." },
    });
  });

  it("a chunk compiled before the last build, with another input schema, is the call's error at every call", async () => {
    splitPackage("greet", { ...entry, inputSchema: { type: "object", properties: { who: { type: "number" } }, required: ["who"] } });
    const registry = await discoverRegistry(root());
    const stale =
      "Cannot load 'greet': dist/toolgen.manifest.json: not compiled since its last 'toolgen build'\n  $.entries[0].inputSchema: expected the input schema of the registry module dist/tools.generated.js, which was compiled before the last 'toolgen build' (compile the package again), received another schema";
    expect(await registry.dispatch("greet", { who: "Ada" })).toMatchObject({ status: "error", error: { code: "internal", message: stale } });
    expect(await registry.dispatch("greet", { who: "Ada" })).toMatchObject({ status: "error", error: { code: "internal", message: stale } });
  });

  it("with checkExports, a chunk compiled before the last build is the discovery's error", async () => {
    splitPackage("greet", { ...entry, inputSchema: { type: "object" } });
    await expect(discoverRegistry(root(), { checkExports: true })).rejects.toThrow("$.entries[0].inputSchema: expected the input schema of the registry module dist/tools.generated.js, which was compiled before the last 'toolgen build'");
  });

  it("with checkExports, imports the chunks while discovering: one that fails is an error naming the manifest and the field", async () => {
    splitPackage(null);
    await expect(discoverRegistry(root(), { checkExports: true })).rejects.toThrow(
      /^dist\/toolgen\.manifest\.json: invalid manifest\n {2}\$\.registryModule: expected a module whose chunks load, received "dist\/tools\.generated\.js", whose chunk throws: .*tools\.generated\.chunks\/greet\.js/,
    );
  });

  it("with checkExports, finds the export through the chunk's loader", async () => {
    splitPackage();
    write("dist/greet.js", "export function hello() {}\n");
    await expect(discoverRegistry(root(), { checkExports: true })).rejects.toThrow('$.entries[0].implementation.export: expected an export of the implementation module, received "greet", which dist/greet.js does not export as a function');
  });
});
