import type { ManifestEntry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { declaredIn, MODULE, tool } from "../testing/registry-entries.js";
import { renderRegistryModule } from "./emit-registry-module.js";

describe("renderRegistryModule: the types of registry.call", () => {
  const method = (className: string, name: string) => ({ implementation: { module: "dist/x.js", export: className, method: name } }) as Partial<ManifestEntry>;
  const entries = [
    declaredIn("src/a.ts", tool("search")),
    declaredIn("src/a.ts", tool("with_context", { arguments: { mode: "request", parameters: [{ kind: "context" }, { kind: "request" }] } })),
    declaredIn("src/a.ts", tool("add", { arguments: { mode: "positional", parameters: [{ kind: "argument", name: "a" }, { kind: "argument", name: "b" }] }, inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a"] } })),
    declaredIn("src/b.ts", tool("find", method("Notes", "find")), { toolset: { static: false } }),
    declaredIn("src/b.ts", tool("open", method("Stat", "open")), { toolset: { static: true } }),
  ];
  const { typescript } = renderRegistryModule(entries, { modulePath: MODULE });

  it("reads each entry whose one argument is its request through the mapped type, and writes the others out", () => {
    expect(typescript).toContain(`type Requests = {
  "search": typeof m0.search;
  "find": (typeof m1.Notes)["prototype"]["find"];
  "open": (typeof m1.Stat)["open"];
};`);
    expect(typescript).toContain(`export type ToolInputs = { [K in keyof Requests]: NonNullable<Parameters<Requests[K]>[0]> } & {
  "with_context": NonNullable<Parameters<typeof m0.with_context>[1]>;
  "add": { "a": Parameters<typeof m0.add>[0]; "b"?: Parameters<typeof m0.add>[1] };
};`);
  });

  it("writes the listed type alone when no entry takes a request, and the mapped type alone when all do", () => {
    expect(renderRegistryModule([entries[2]!], { modulePath: MODULE }).typescript).toMatch(/export type ToolInputs = \{\n {2}"add": [^\n]*\n\};/);
    expect(renderRegistryModule([entries[0]!], { modulePath: MODULE }).typescript).toContain("export type ToolInputs = { [K in keyof Requests]: NonNullable<Parameters<Requests[K]>[0]> };");
  });
});

describe("renderRegistryModule: implementations", () => {
  const entries = [
    declaredIn("src/a.ts", tool("first")),
    declaredIn("src/ext.d.ts", tool("remote", { external: true })),
    declaredIn("src/a.ts", tool("second", { tags: ["x"] })),
  ];

  it("imports each module once, in a loader its entries share; an external entry has none", () => {
    const { typescript } = renderRegistryModule(entries, { modulePath: MODULE });
    expect(typescript).toContain('const l0 = () => import("./a.js");');
    expect(typescript).not.toContain("const l1");
    expect(typescript).toMatch(/lazyEntry\("tool", "first", '[^\n]*', formats, l0\),/);
    expect(typescript).toMatch(/lazyEntry\("tool", "remote", '[^\n]*', formats\),/);
    expect(typescript).toMatch(/lazyEntry\(\{"kind":"tool","name":"second","tags":\["x"\]\}, '[^\n]*', formats, l0\),/);
  });

  it("with lazy: false, imports as values only the modules an entry is called from; one of external entries alone is a type import", () => {
    const { typescript, javascript } = renderRegistryModule(entries, { modulePath: MODULE, lazy: false });
    expect(typescript).toContain('import * as m0 from "./a.js";\nimport type * as m1 from "./ext.js";\n');
    expect(typescript).toContain("const l0 = async () => m0;");
    expect(javascript).toContain('import * as m0 from "./a.js";\n');
    expect(javascript).not.toContain("./ext.js");
    expect(javascript).toContain("const l0 = async () => m0;");
  });
});

describe("renderRegistryModule: importEnding", () => {
  const entries = [declaredIn("src/a.ts", tool("first")), declaredIn("src/ui/b.tsx", tool("second")), declaredIn("src/ext.d.ts", tool("remote", { external: true })), declaredIn("src/c.mts", tool("third"))];

  it("js (the default): the compiled files' extensions, as Node.js and NodeNext need", () => {
    const { typescript } = renderRegistryModule(entries, { modulePath: MODULE, lazy: false });
    expect(typescript).toContain('import * as m0 from "./a.js";\nimport * as m1 from "./ui/b.js";\nimport * as m3 from "./c.mjs";\nimport type * as m2 from "./ext.js";\n');
  });

  it("minimal: none for .ts, .tsx and .d.ts files (for bundlers that do not map .js to .ts); .mts and .cts keep theirs", () => {
    const { typescript } = renderRegistryModule(entries, { modulePath: MODULE, lazy: false, importEnding: "minimal" });
    expect(typescript).toContain('import * as m0 from "./a";\nimport * as m1 from "./ui/b";\nimport * as m3 from "./c.mjs";\nimport type * as m2 from "./ext";\n');
    expect(renderRegistryModule(entries, { modulePath: MODULE, importEnding: "minimal" }).typescript).toContain('const l0 = () => import("./a");');
  });

  it("minimal, split: the chunks and the entry list too", () => {
    const { typescript, chunks } = renderRegistryModule(entries, { modulePath: MODULE, split: true, importEnding: "minimal" });
    expect(typescript).toContain('() => import("./tools.generated.chunks/a"),');
    expect(typescript).toContain('() => import("./tools.generated.chunks/entries.list")');
    expect(chunks[0]!.typescript).toContain('import("../a")');
  });
});
