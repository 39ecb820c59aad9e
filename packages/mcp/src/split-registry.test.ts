import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createRegistry, compileSchema, lazyEntry, splitEntries, type ManifestEntry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

/** A registry from a split generated module: one chunk with a tool and a resource, its imports counted. */
function splitRegistry() {
  const tool: ManifestEntry = {
    kind: "tool",
    name: "greet",
    description: "Greets.",
    implementation: { module: "dist/greet.js", export: "greet" },
    arguments: { mode: "positional", parameters: [{ kind: "argument", name: "who" }] },
    inputSchema: { type: "object", properties: { who: { type: "string" } }, required: ["who"], additionalProperties: false },
    source: { file: "src/greet.ts", line: 1, column: 1 },
  };
  const resource: ManifestEntry = { ...tool, kind: "resource", name: "readme", description: "The readme.", uris: ["docs://readme"], implementation: { module: "dist/greet.js", export: "readme" }, arguments: { mode: "positional", parameters: [] }, inputSchema: { type: "object", properties: {}, additionalProperties: false } };
  const implementations = { greet: (who: string) => `hello ${who}`, readme: () => "# Readme" };
  const imports = { count: 0 };
  const chunk = async () => {
    imports.count++;
    return { definitions: [tool, resource].map((e) => lazyEntry({ kind: e.kind, name: e.name, ...(e.uris ? { uris: e.uris } : {}) }, JSON.stringify(e), compileSchema(e.inputSchema), async () => implementations)) };
  };
  const definitions = splitEntries([chunk], [["tool", "greet", 0], ["resource", "readme", 0, { uris: ["docs://readme"] }]]);
  return { registry: createRegistry(definitions), imports };
}

const identity = { name: "split", version: "1.0.0" };

describe("createMcpServer with a registry from a split generated module", () => {
  it("refuses a registry whose entries are not loaded yet, saying to await registry.load()", () => {
    const { registry, imports } = splitRegistry();
    expect(() => createMcpServer(registry, { identity })).toThrow(
      "toolgen: a split registry loads its entries on demand; await registry.load() before reading them.",
    );
    expect(imports.count).toBe(0);
  });

  it("serves it once loaded", async () => {
    const { registry, imports } = splitRegistry();
    const server = createMcpServer(await registry.load(), { identity });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(clientSide);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["greet"]);
    expect((await client.callTool({ name: "greet", arguments: { who: "Ada" } })).content).toEqual([{ type: "text", text: "hello Ada" }]);
    expect((await client.readResource({ uri: "docs://readme" })).contents).toMatchObject([{ uri: "docs://readme", text: "# Readme" }]);
    expect(imports.count).toBe(1);
    await client.close();
  });
});
