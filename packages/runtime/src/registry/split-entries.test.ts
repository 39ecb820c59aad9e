import { describe, expect, it } from "vitest";
import type { ManifestEntry } from "../manifest/manifest-format.js";
import { manifestEntry } from "../testing/manifest-entry.js";
import { compileSchema } from "../validation/compile-schema.js";
import { createRegistry } from "./create-registry.js";
import { type EntryDefinition, lazyEntry } from "./entry-definition.js";
import { type RegistryChunk, type RegistryEntryList, type SplitHead, splitEntries } from "./split-entries.js";

const NOT_LOADED = "toolgen: a split registry loads its entries on demand; await registry.load() before reading them.";

const dates = manifestEntry("days_between", {
  arguments: { mode: "positional", parameters: [{ kind: "argument", name: "a" }, { kind: "argument", name: "b" }] },
  inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"], additionalProperties: false },
});
const search = manifestEntry("search_notes", { tags: ["x"], supportedFor: ["claude"], arguments: { mode: "positional", parameters: [{ kind: "argument", name: "q" }] } , inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"], additionalProperties: false } });
const count = manifestEntry("count_notes");
const readme = manifestEntry("readme", { kind: "resource", uris: ["docs://readme"] });

function chunkOf(entries: ManifestEntry[], implementations: Record<string, (...args: never[]) => unknown>): RegistryChunk {
  return {
    definitions: entries.map((e) =>
      lazyEntry({ kind: e.kind, name: e.name, ...(e.uris ? { uris: e.uris } : {}) }, JSON.stringify(e), compileSchema(e.inputSchema), async () => implementations),
    ),
  };
}

/** A split module of two chunks whose loaders count their imports (and can be made to fail or go stale). */
function splitModule(options: { failures?: number; notesChunk?: RegistryChunk; list?: () => RegistryEntryList } = {}) {
  const imports = [0, 0];
  let failures = options.failures ?? 0;
  const chunks: Array<() => Promise<RegistryChunk>> = [
    async () => (imports[0]!++, chunkOf([dates], { days_between: (a: number, b: number) => b - a })),
    async () => {
      imports[1]!++;
      if (failures > 0) {
        failures--;
        throw new Error("Cannot find module 'notes.js'");
      }
      return options.notesChunk ?? chunkOf([search, count, readme], { search_notes: (q: string) => `found ${q}`, count_notes: () => 3, readme: () => "# Readme" });
    },
  ];
  const heads: SplitHead[] = [
    ["tool", "days_between", 0],
    ["tool", "search_notes", 1, { tags: ["x"], supportedFor: ["claude"] }],
    ["tool", "count_notes", 1],
    ["resource", "readme", 1, { uris: ["docs://readme"] }],
  ];
  const list = options.list;
  return { definitions: list ? splitEntries(chunks, heads, async () => (imports.push(-1), list())) : splitEntries(chunks, heads), imports };
}

/** An entry list of these entries, as the module's heads order them; each entry's JSON cut in two, as shared pieces cut it. */
function entryList(entries: ManifestEntry[]): RegistryEntryList {
  return { entries: entries.map((e) => [e.name, ...cutInTwo(JSON.stringify(e))]) };
}
const cutInTwo = (json: string) => [json.slice(0, 10), json.slice(10)];
const allEntries = [dates, search, count, readme];

describe("splitEntries(): a registry module whose entries live in chunks imported on first use", () => {
  it("registers and filters by the heads alone, importing no chunk", () => {
    const { definitions, imports } = splitModule();
    expect(definitions.map((d) => d.head)).toEqual([
      { kind: "tool", name: "days_between" },
      { kind: "tool", name: "search_notes", tags: ["x"], supportedFor: ["claude"] },
      { kind: "tool", name: "count_notes" },
      { kind: "resource", name: "readme", uris: ["docs://readme"] },
    ]);
    expect(createRegistry(definitions, { tags: ["x"], hosts: ["claude"] }).get("days_between")).toBeUndefined();
    const claude = createRegistry(definitions, { hosts: ["claude"] });
    const noHost = createRegistry(definitions);
    expect(() => claude.get("search_notes")).toThrow(NOT_LOADED);
    expect(noHost.get("search_notes")).toBeUndefined(); // filtered out by supportedFor: unknown, not pending
    expect(noHost.get("no_such_tool")).toBeUndefined();
    expect(imports).toEqual([0, 0]);
  });

  it("before it is loaded, a definition's entry and validate name the entry and say what to do", () => {
    const [definition] = splitModule().definitions as [EntryDefinition];
    expect(() => definition.entry).toThrow(/the entry 'days_between' is not loaded yet.*Await registry\.load\(\)/);
    expect(() => definition.validate).toThrow(/'days_between'/);
    expect(definition.load).toBeUndefined();
    expect(typeof definition.ready).toBe("function");
  });

  it("a call imports exactly the chunk it needs, once for all of that chunk's entries", async () => {
    const { definitions, imports } = splitModule();
    const registry = createRegistry(definitions, { hosts: ["claude"] });
    expect(await registry.dispatch("search_notes", { q: "tea" })).toEqual({ status: "ok", text: "found tea" });
    expect(imports).toEqual([0, 1]);
    expect(await registry.dispatch("count_notes", {})).toEqual({ status: "ok", text: "3" });
    expect(await registry.dispatch("search_notes", {})).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    expect(imports).toEqual([0, 1]);
    // Concurrent first calls share one import too.
    const other = splitModule();
    const both = createRegistry(other.definitions, { hosts: ["claude"] });
    await Promise.all([both.dispatch("search_notes", { q: "a" }), both.dispatch("count_notes", {}), both.readResource("docs://readme")]);
    expect(other.imports).toEqual([0, 1]);
  });

  it("a typed call and a resource read load their chunk", async () => {
    const { definitions, imports } = splitModule();
    const registry = createRegistry<{ days_between: { a: number; b: number } }>(definitions);
    expect(await registry.call("days_between", { a: 2, b: 9 })).toEqual({ status: "ok", text: "7" });
    expect(imports).toEqual([1, 0]);
    expect(await registry.readResource("docs://readme")).toMatchObject({ status: "ok" });
    expect(imports).toEqual([1, 1]);
  });

  it("entries and get() throw until load(), then work; load() is idempotent and resolves to the registry", async () => {
    const { definitions, imports } = splitModule();
    const registry = createRegistry(definitions, { hosts: ["claude"] });
    expect(() => registry.entries).toThrow(NOT_LOADED);
    expect(() => registry.get("days_between")).toThrow(NOT_LOADED);
    expect(await registry.load()).toBe(registry);
    expect(imports).toEqual([1, 1]);
    expect(registry.entries).toEqual([dates, search, count, readme]);
    expect(registry.get("search_notes")).toEqual(search);
    expect(await registry.load()).toBe(registry);
    expect(imports).toEqual([1, 1]);
  });

  it("get() throws only for an entry that is still pending; a call makes it readable", async () => {
    const { definitions } = splitModule();
    const registry = createRegistry(definitions);
    await registry.dispatch("days_between", { a: 1, b: 2 });
    expect(registry.get("days_between")).toEqual(dates);
    expect(() => registry.get("count_notes")).toThrow(NOT_LOADED);
    expect(() => registry.entries).toThrow(NOT_LOADED);
  });

  it("definitions loaded through another registry are readable without load()", async () => {
    const { definitions } = splitModule();
    await createRegistry(definitions).load();
    const second = createRegistry(definitions);
    expect(second.entries.map((e) => e.name)).toEqual(["days_between", "count_notes", "readme"]);
  });

  it("a programmatic registry is unaffected: load() resolves at once", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "ping", description: "", params: [], fn: () => "pong" });
    expect(await registry.load()).toBe(registry);
    expect(registry.entries.map((e) => e.name)).toEqual(["ping"]);
  });

  it("a chunk out of step with the registry module is an error outcome on call and a rejection from load()", async () => {
    const stale = chunkOf([count, search, readme], {});
    const { definitions } = splitModule({ notesChunk: stale });
    const registry = createRegistry(definitions, { hosts: ["claude"] });
    const outcome = await registry.dispatch("search_notes", { q: "tea" });
    expect(outcome).toEqual({
      status: "error",
      error: {
        code: "internal",
        message:
          "Cannot load 'search_notes': the registry module and its chunk are out of step (it expects 'search_notes' as entry 0 of chunk 1, which has 'count_notes' as entry 0): run `toolgen build` and recompile.",
      },
    });
    await expect(createRegistry(splitModule({ notesChunk: stale }).definitions).load()).rejects.toThrow(/^toolgen: the registry module and its chunk are out of step .*run `toolgen build` and recompile\.$/);
    const short = splitModule({ notesChunk: chunkOf([search], {}) });
    await expect(createRegistry(short.definitions).load()).rejects.toThrow("(it expects 'count_notes' as entry 1 of chunk 1, which has no entry 1)");
    const noChunk = splitEntries([], [["tool", "lost", 0]]);
    await expect(createRegistry(noChunk).load()).rejects.toThrow("(it names chunk 0, and there are 0)");
  });

  it("a failed chunk import is an error outcome, and is tried again on the next use", async () => {
    const { definitions, imports } = splitModule({ failures: 1 });
    const registry = createRegistry(definitions, { hosts: ["claude"] });
    expect(await registry.dispatch("search_notes", { q: "tea" })).toEqual({ status: "error", error: { code: "internal", message: "Cannot load 'search_notes': Cannot find module 'notes.js'" } });
    expect(await registry.dispatch("search_notes", { q: "tea" })).toEqual({ status: "ok", text: "found tea" });
    expect(imports).toEqual([0, 2]);

    const failing = splitModule({ failures: 1 });
    const other = createRegistry(failing.definitions);
    await expect(other.load()).rejects.toThrow("Cannot find module 'notes.js'");
    expect(() => other.entries).toThrow(NOT_LOADED);
    expect(other.get("days_between")).toEqual(dates); // its chunk did load
    await expect(other.load()).resolves.toBe(other);
    expect(other.entries.map((e) => e.name)).toEqual(["days_between", "count_notes", "readme"]);
    expect(failing.imports).toEqual([1, 2]);
  });

  it("a name registered twice, one of them still pending, names both origins without loading", () => {
    const { definitions, imports } = splitModule();
    const registry = createRegistry(definitions);
    expect(() => registry.register({ name: "count_notes", description: "", params: [], fn: () => 0 })).toThrow(
      "toolgen: the name 'count_notes' is registered twice: by a split registry module (the tool 'count_notes', not loaded yet) and by ",
    );
    expect(() => createRegistry([...definitions, ...splitModule().definitions])).toThrow(
      "toolgen: the name 'days_between' is registered twice: by a split registry module (the tool 'days_between', not loaded yet) and by a split registry module (the tool 'days_between', not loaded yet).",
    );
    expect(imports).toEqual([0, 0]);
  });
});

describe("splitEntries() with an entry list: every entry's JSON in one import, for listing", () => {
  it("load() imports the entry list alone; a call then imports its own chunk, and the entry stays the same object", async () => {
    const { definitions, imports } = splitModule({ list: () => entryList(allEntries) });
    const registry = createRegistry(definitions, { hosts: ["claude"] });
    expect(() => registry.entries).toThrow(NOT_LOADED);
    await registry.load();
    expect(imports).toEqual([0, 0, -1]);
    expect(registry.entries).toEqual(allEntries);
    const listed = registry.get("search_notes");
    expect(await registry.dispatch("search_notes", { q: "tea" })).toEqual({ status: "ok", text: "found tea" });
    expect(imports).toEqual([0, 1, -1]);
    expect(registry.get("search_notes")).toBe(listed);
  });

  it("a call before load() imports the chunk alone, and the entry comes from it", async () => {
    const { definitions, imports } = splitModule({ list: () => entryList(allEntries) });
    const registry = createRegistry(definitions);
    expect(await registry.dispatch("days_between", { a: 1, b: 4 })).toMatchObject({ status: "ok" });
    expect(imports).toEqual([1, 0]);
    expect(registry.get("days_between")).toEqual(dates);
    expect(() => registry.entries).toThrow(NOT_LOADED);
  });

  it("an entry list out of step with the heads is an error saying to rebuild", async () => {
    const shorter = createRegistry(splitModule({ list: () => entryList([dates, search]) }).definitions);
    await expect(shorter.load()).rejects.toThrow("toolgen: the registry module and its chunk are out of step (it has 4 entries, and its entry list has 2): run `toolgen build` and recompile.");
    const reordered = createRegistry(splitModule({ list: () => entryList([dates, count, search, readme]) }).definitions, { hosts: ["claude"] });
    await expect(reordered.load()).rejects.toThrow(`(it expects 'search_notes' as entry 1 of its entry list, which has "count_notes")`);
    const none = createRegistry(splitModule({ list: () => ({}) as RegistryEntryList }).definitions);
    await expect(none.load()).rejects.toThrow("(it has 4 entries, and its entry list exports no 'entries')");
  });
});
