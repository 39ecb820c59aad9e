import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredIn, MODULE, ROOT, tool } from "../testing/registry-entries.js";
import { renderRegistryModule } from "./emit-registry-module.js";
import { chunkDirectory } from "./split-registry-module.js";

describe("renderRegistryModule with split: heads in the module, entries in chunks", () => {
  const entries = [
    declaredIn("src/tools/billing.ts", tool("charge")),
    declaredIn("src/notes.ts", tool("search_notes", { tags: ["notes"], supportedFor: ["claude"] })),
    declaredIn("src/tools/billing.ts", tool("refund")),
  ];
  const rendered = renderRegistryModule(entries, { modulePath: MODULE, split: true });

  it("writes one chunk per source file, in the order of each file's first entry, named after the file, then the entry list", () => {
    expect(chunkDirectory(MODULE)).toBe(path.join(ROOT, "src/tools.generated.chunks"));
    expect(rendered.chunks.map((c) => path.relative(ROOT, c.path).split(path.sep).join("/"))).toEqual([
      "src/tools.generated.chunks/tools_billing.ts",
      "src/tools.generated.chunks/notes.ts",
      "src/tools.generated.chunks/entries.list.ts",
    ]);
    expect(rendered.typescript).toContain('  () => import("./tools.generated.chunks/tools_billing.js"),\n  () => import("./tools.generated.chunks/notes.js"),\n');
  });

  it("lists every entry's head in registration order with its chunk, and what filters read", () => {
    expect(rendered.typescript).toContain(`splitEntries(chunks, [
  ["tool","charge",0],
  ["tool","search_notes",1,{"tags":["notes"],"supportedFor":["claude"]}],
  ["tool","refund",0],
], () => import("./tools.generated.chunks/entries.list.js"));`);
  });

  it("writes every entry's name and JSON, in head order and without validators, to the entry list", async () => {
    const list = rendered.chunks[2]!;
    expect(list.typescript).not.toMatch(/\$validator|lazyEntry|import /);
    expect(list.typescript).toContain("export const entries: string[][] = [");
    expect(list.declarations).toContain("export declare const entries: string[][];");
    const { entries: written } = (await import(`data:text/javascript,${encodeURIComponent(list.javascript)}`)) as { entries: string[][] };
    expect(written.map(([name, ...json]) => [name, JSON.parse(json.join(""))])).toEqual(entries.map(({ entry }) => [entry.name, entry]));
  });

  it("keeps manifest data out of the module, and puts each in its chunk in head order", () => {
    for (const flavor of [rendered.typescript, rendered.javascript]) {
      expect(flavor).not.toContain("Describes");
      expect(flavor).not.toMatch(/\$validator|lazyEntry/);
    }
    const [billing, notes] = rendered.chunks;
    expect(billing!.typescript.match(/lazyEntry\("tool", "(\w+)"/g)).toEqual(['lazyEntry("tool", "charge"', 'lazyEntry("tool", "refund"']);
    expect(billing!.typescript).toContain('const l0 = () => import("../tools/billing.js");');
    expect(billing!.typescript).toContain("Describes refund.");
    expect(billing!.typescript.match(/formats, l0\),/g)).toHaveLength(2);
    expect(notes!.typescript).toContain('lazyEntry({"kind":"tool","name":"search_notes","tags":["notes"],"supportedFor":["claude"]}');
    expect(notes!.typescript).not.toContain("Describes charge.");
  });

  it("writes the JavaScript and declarations flavors without TypeScript syntax, and the same types as the single module", () => {
    expect(rendered.javascript).not.toMatch(/: EntryDefinition|: Registry|type /);
    expect(rendered.chunks[0]!.javascript).not.toMatch(/: EntryDefinition|@ts-nocheck/);
    // Every TypeScript flavor, the entry list's too, is left unchecked by the application's compiler, as the single module is.
    for (const text of [rendered.typescript, ...rendered.chunks.map((c) => c.typescript)]) expect(text.split("\n").slice(1, 3)).toEqual(["/* eslint-disable */", expect.stringMatching(/^\/\/ @ts-nocheck /)]);
    expect(rendered.chunks[0]!.declarations).toContain("export declare const definitions: EntryDefinition[];");
    const single = renderRegistryModule(entries, { modulePath: MODULE });
    expect(rendered.declarations).toBe(single.declarations);
    expect(single.chunks).toEqual([]);
  });

  it("renders byte-identical text twice", () => {
    const again = renderRegistryModule(entries, { modulePath: MODULE, split: true });
    expect([again.typescript, ...again.chunks.map((c) => c.typescript + c.javascript)]).toEqual([rendered.typescript, ...rendered.chunks.map((c) => c.typescript + c.javascript)]);
  });

  it("imports implementations statically from the chunks when lazy is off", () => {
    const eager = renderRegistryModule(entries, { modulePath: MODULE, split: true, lazy: false });
    expect(eager.chunks[0]!.typescript).toContain('import * as m0 from "../tools/billing.js";');
    expect(eager.chunks[0]!.typescript).toContain("async () => m0");
    expect(eager.typescript).not.toMatch(/^import \* as/m);
  });

  it("names chunks apart when two source paths flatten to the same name, and keeps the module's extension", () => {
    const module = path.join(ROOT, "src/registry.mts");
    const clash = renderRegistryModule([declaredIn("src/a/b.ts", tool("one")), declaredIn("src/a_b.mts", tool("two")), declaredIn("lib/c.ts", tool("three"))], { modulePath: module, split: true });
    expect(clash.chunks.map((c) => path.basename(c.path))).toEqual(["a_b.mts", "a_b-2.mts", "_lib_c.mts", "entries.list.mts"]);
    expect(clash.typescript).toContain('() => import("./registry.chunks/entries.list.mjs")');
    expect(clash.typescript).toContain('() => import("./registry.chunks/a_b-2.mjs")');
    expect(clash.chunks[2]!.typescript).toContain('() => import("../../lib/c.js")');
  });
});
