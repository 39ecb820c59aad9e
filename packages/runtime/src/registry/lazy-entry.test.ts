import { describe, expect, it } from "vitest";
import { compileSchema } from "../validation/compile-schema.js";
import { manifestEntry } from "../testing/manifest-entry.js";
import { createRegistry } from "./create-registry.js";
import { lazyEntry } from "./entry-definition.js";

describe("lazyEntry(): manifest data parsed on first use", () => {
  const entry = manifestEntry("greet", { description: "Greets.", tags: ["social"], inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"], additionalProperties: false } });
  const validate = compileSchema(entry.inputSchema);

  it("registers and filters from the head alone; the JSON is parsed once, when the entry is needed", () => {
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => (parsed++, parse(text, reviver))) as typeof JSON.parse;
    try {
      const registry = createRegistry([lazyEntry({ kind: "tool", name: "greet", tags: ["social"] }, JSON.stringify(entry), validate, async () => ({ greet: ({ name }: { name: string }) => `hi ${name}` }))], { tags: ["social"] });
      expect(parsed).toBe(0);
      expect(registry.get("greet")).toEqual(entry);
      expect(registry.entries).toEqual([entry]);
      expect(parsed).toBe(1);
    } finally {
      JSON.parse = parse;
    }
  });

  it("is left out by the filters without being parsed, and calls like any entry", async () => {
    const filtered = createRegistry([lazyEntry({ kind: "tool", name: "greet", tags: ["social"] }, "not json: never parsed", validate)], { tags: ["admin"] });
    expect(filtered.entries).toEqual([]);

    const registry = createRegistry([lazyEntry({ kind: "tool", name: "greet" }, JSON.stringify({ ...entry, arguments: { mode: "request", parameters: [{ kind: "request" }] } }), validate, async () => ({ greet: ({ name }: { name: string }) => `hi ${name}` }))]);
    expect(await registry.dispatch("greet", { name: "Ada" })).toMatchObject({ status: "ok", text: "hi Ada" });
    expect(await registry.dispatch("greet", {})).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
  });

  it("takes a head of kind and name alone as two strings", async () => {
    const request = { ...entry, tags: undefined, arguments: { mode: "request", parameters: [{ kind: "request" }] } };
    const load = async () => ({ greet: ({ name }: { name: string }) => `hi ${name}` });
    const definition = lazyEntry("tool", "greet", [JSON.stringify(request).slice(0, 10), JSON.stringify(request).slice(10)], {}, load);
    expect(definition.head).toEqual({ kind: "tool", name: "greet" });
    expect(definition.load).toBe(load);
    const registry = createRegistry([definition]);
    expect(registry.get("greet")).toEqual(JSON.parse(JSON.stringify(request)));
    expect(await registry.dispatch("greet", { name: "Ada" })).toMatchObject({ status: "ok", text: "hi Ada" });
    expect(await registry.dispatch("greet", { name: 1 })).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
    expect(lazyEntry("prompt", "brief", "{}").load).toBeUndefined();
  });

  it("indexes a resource's URIs from the head", async () => {
    const resource = manifestEntry("readme", { kind: "resource", uris: ["docs://readme"], arguments: { mode: "positional", parameters: [] } });
    const registry = createRegistry([lazyEntry({ kind: "resource", name: "readme", uris: ["docs://readme"] }, JSON.stringify(resource), compileSchema(resource.inputSchema), async () => ({ readme: () => "# Readme" }))]);
    expect(await registry.readResource("docs://readme")).toMatchObject({ status: "ok" });
  });
});
