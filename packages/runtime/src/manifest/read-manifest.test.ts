import { describe, expect, it } from "vitest";
import { ManifestError } from "./manifest-error.js";
import { parseManifest } from "./read-manifest.js";

const entry = {
  kind: "tool",
  name: "word_count",
  description: "Counts words.",
  implementation: { module: "dist/text.js", export: "wordCount" },
  arguments: { mode: "positional", parameters: [{ kind: "argument", name: "text" }] },
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false },
  source: { file: "src/text.ts", line: 4, column: 1 },
};
const manifest = { formatVersion: 2, package: { name: "text-tools", version: "1.0.0" }, registryModule: "dist/tools.generated.js", entries: [entry] };

function problemsOf(value: unknown): Array<{ path: string; expected: string; received: string }> {
  try {
    parseManifest(typeof value === "string" ? value : JSON.stringify(value), "dist/toolgen.manifest.json");
  } catch (error) {
    if (error instanceof ManifestError) return [...error.problems];
    throw error;
  }
  throw new Error("expected a ManifestError");
}

describe("reading a manifest", () => {
  it("refuses a schema nested deeper than 512 levels, data included, in either format, instead of overflowing the stack of what reads it", () => {
    // Written as text: JSON.stringify itself overflows on such nesting.
    const nested = (levels: number, leaf: string) => `${'{"type":"object","properties":{"x":'.repeat(levels)}${leaf}${"}}".repeat(levels)}`;
    const deep = nested(3000, '{"type":"string"}');
    const expected = "a schema nested at most 512 levels deep";
    const entryText = (schema: string) => JSON.stringify(entry).replace(JSON.stringify(entry.inputSchema), schema);
    expect(problemsOf(`{"formatVersion":2,"package":{"name":"p"},"entries":[${entryText(deep)}]}`)).toEqual([{ path: "$.entries[0].inputSchema", expected, received: "one with a part more than 512 levels down" }]);
    expect(problemsOf(`{"formatVersion":1,"name":"p","tools":[{"name":"t","description":"","module":"m.js","export":"t","parameters":[],"inputSchema":${deep}}]}`)).toEqual([{ path: "$.tools[0].inputSchema", expected, received: "one with a part more than 512 levels down" }]);
    const deepDefault = `{"type":"object","properties":{"x":{"default":${"[".repeat(600)}${"]".repeat(600)}}}}`;
    expect(problemsOf(`{"formatVersion":2,"package":{"name":"p"},"entries":[${entryText(deepDefault)}]}`).map((p) => p.expected)).toEqual([expected]);
    // 200 levels of properties (400 of JSON) is read.
    expect(() => parseManifest(`{"formatVersion":2,"package":{"name":"p"},"entries":[${entryText(nested(200, '{"type":"string"}'))}]}`, "m.json")).not.toThrow();
  });

  it("reads format 2 as it is, and ignores fields it does not know (later builds may add optional ones)", () => {
    const withExtra = { ...manifest, generator: "toolgen 0.2", entries: [{ ...entry, cost: { tokens: 40 } }] };
    expect(parseManifest(JSON.stringify(withExtra), "m.json")).toEqual(withExtra);
  });

  it("upgrades format 1, the legacy descriptor, to format 2", () => {
    const legacy = {
      formatVersion: 1,
      name: "legacy-tools",
      version: "0.3.0",
      tools: [{ name: "slugify", description: "Makes a slug.", module: "lib/slug.js", export: "slugify", parameters: ["text", "separator"], inputSchema: { type: "object", properties: { text: { type: "string" }, separator: { type: "string", default: "-" } }, required: ["text"] }, tags: ["text"], supportedFor: ["cli"] }],
    };
    expect(parseManifest(JSON.stringify(legacy), "m.json")).toEqual({
      formatVersion: 2,
      package: { name: "legacy-tools", version: "0.3.0" },
      entries: [
        {
          kind: "tool",
          name: "slugify",
          description: "Makes a slug.",
          implementation: { module: "lib/slug.js", export: "slugify" },
          arguments: { mode: "positional", parameters: [{ kind: "argument", name: "text" }, { kind: "argument", name: "separator" }] },
          inputSchema: legacy.tools[0]!.inputSchema,
          source: { file: "lib/slug.js", line: 1, column: 1 },
          defaults: { separator: "-" },
          tags: ["text"],
          supportedFor: ["cli"],
        },
      ],
    });
  });

  it("names the file and the field of a malformed manifest, every problem at once", () => {
    const broken = { ...manifest, entries: [{ ...entry, kind: "tol", implementation: { module: "dist/text.js", export: 3 }, source: { file: "src/text.ts", line: 0, column: 1 } }, "x"] };
    expect(problemsOf(broken)).toEqual([
      { path: "$.entries[0].kind", expected: 'one of "tool", "prompt", "resource"', received: '"tol"' },
      { path: "$.entries[0].implementation.export", expected: "a non-empty string", received: "3" },
      { path: "$.entries[0].source.line", expected: "a positive integer", received: "0" },
      { path: "$.entries[1]", expected: "an object", received: '"x"' },
    ]);
    try {
      parseManifest(JSON.stringify(broken), "dist/toolgen.manifest.json");
    } catch (error) {
      expect((error as Error).message).toBe(
        [
          "dist/toolgen.manifest.json: invalid manifest (4 problems)",
          '  $.entries[0].kind: expected one of "tool", "prompt", "resource", received "tol"',
          "  $.entries[0].implementation.export: expected a non-empty string, received 3",
          "  $.entries[0].source.line: expected a positive integer, received 0",
          '  $.entries[1]: expected an object, received "x"',
        ].join("\n"),
      );
    }
  });

  it("refuses a conversion's match that is no list of regular expressions (or null)", () => {
    const conversions = [
      { op: "date", at: "/text/*", match: ["^a", null] },
      { op: "date", at: "/text/*", match: ["(unclosed"] },
      { op: "date", at: "/text/*", match: "^a" },
    ];
    expect(problemsOf({ ...manifest, entries: [{ ...entry, conversions }] }).map((p) => p.path)).toEqual(["$.entries[0].conversions[1].match", "$.entries[0].conversions[2].match"]);
  });

  it("refuses a $ref that names no place in its schema, which would be read as any value; data that holds a $ref key is data", () => {
    const inputSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" }, b: { $ref: "#/$defs/Missing" }, "c d": { items: { $ref: "https://example.com/s.json" } }, e: { const: { $ref: "#/nowhere" } }, f: { $ref: "#/$defs/A~1B" } },
      $defs: { A: { type: "string" }, "A/B": { type: "number" } },
    };
    expect(problemsOf({ ...manifest, entries: [{ ...entry, inputSchema, outputSchema: { $ref: "#" } }] })).toEqual([
      { path: "$.entries[0].inputSchema.properties.b.$ref", expected: "a reference to a place in this schema (#/$defs/…)", received: '"#/$defs/Missing"' },
      { path: '$.entries[0].inputSchema.properties["c d"].items.$ref', expected: "a reference to a place in this schema (#/$defs/…)", received: '"https://example.com/s.json"' },
    ]);
  });

  it("refuses a pattern (or a patternProperties key) the validator cannot compile, which would fail every call; a pattern key in data is data", () => {
    const inputSchema = { type: "object", properties: { a: { type: "string", pattern: "(" }, b: { type: "string", pattern: "^\\p{L}+$" }, c: { const: { pattern: "(" } }, d: { pattern: 5 }, e: { patternProperties: { "^x-": {}, "[a-": {} } } } };
    const expected = "a regular expression the validator compiles (with the u flag)";
    expect(problemsOf({ ...manifest, entries: [{ ...entry, inputSchema }] })).toEqual([
      { path: "$.entries[0].inputSchema.properties.a.pattern", expected, received: '"("' },
      { path: "$.entries[0].inputSchema.properties.d.pattern", expected, received: "5" },
      { path: '$.entries[0].inputSchema.properties.e.patternProperties["[a-"]', expected: `a key that is ${expected}`, received: '"[a-"' },
    ]);
  });

  it("reports truncated JSON, a non-object, missing sections and duplicate names", () => {
    expect(problemsOf(JSON.stringify(manifest).slice(0, 50))).toEqual([{ path: "$", expected: "JSON", received: expect.stringMatching(/^text that does not parse/) }]);
    // Where it stops, as an editor counts lines and columns: a hand-edited manifest's stray comma.
    expect(problemsOf('{\n  "formatVersion": 2,\n  "entries": [],\n}\n')).toEqual([{ path: "$", expected: "JSON", received: expect.stringMatching(/^text that does not parse at line 4, column 1 \(/) }]);
    expect(problemsOf('{\n  "formatVersion": 2,\n  "entr')).toEqual([{ path: "$", expected: "JSON", received: expect.stringMatching(/^text that does not parse at line 3, column 8 \(/) }]);
    expect(problemsOf([])).toEqual([{ path: "$", expected: "an object", received: "an array of 0 items" }]);
    expect(problemsOf({ formatVersion: 2 })).toEqual([
      { path: "$.package", expected: "an object", received: "nothing" },
      { path: "$.entries", expected: "an array", received: "nothing" },
    ]);
    expect(problemsOf({ ...manifest, entries: [entry, entry] })).toEqual([{ path: "$.entries[1].name", expected: "a name not used before (entries[0] is also 'word_count')", received: '"word_count"' }]);
  });

  it("holds names and toolsets to a build's rule: a hand-written one reaches MCP clients and terminals as it is", () => {
    const named = (name: unknown, toolset?: unknown) => problemsOf({ ...manifest, entries: [{ ...entry, name, toolset }] });
    expect(named("bad\u001b[2Jname", "ok.set")).toEqual([{ path: "$.entries[0].name", expected: "1 to 128 letters, digits, '_', '-' or '.'", received: '"bad\\u001b[2Jname"' }]);
    expect(named("a".repeat(129)).map((p) => p.path)).toEqual(["$.entries[0].name"]);
    expect(named("word.count-2_x", "has space").map((p) => p.path)).toEqual(["$.entries[0].toolset"]);
    expect(problemsOf({ formatVersion: 1, name: "x", tools: [{ name: "t t", description: "", module: "m.js", export: "f", parameters: [], inputSchema: { type: "object" } }] }).map((p) => p.path)).toEqual(["$.tools[0].name"]);
  });

  it("refuses a module that is a URL or a scheme's specifier, which names no file of the package", () => {
    const expected = "the path of a module file, relative to the package";
    const withModule = (module: string) => ({ ...manifest, registryModule: "node:fs", entries: [{ ...entry, implementation: { module, export: "wordCount" } }] });
    expect(problemsOf(withModule("data:text/javascript,1"))).toEqual([
      { path: "$.registryModule", expected, received: '"node:fs"' },
      { path: "$.entries[0].implementation.module", expected, received: '"data:text/javascript,1"' },
    ]);
    expect(() => parseManifest(JSON.stringify({ ...manifest, entries: [{ ...entry, implementation: { module: "dist/a:b.js", export: "wordCount" } }] }), "m.json")).not.toThrow();
    expect(problemsOf({ formatVersion: 1, name: "x", tools: [{ name: "t", description: "", module: "https://x.example/t.js", export: "f", parameters: [], inputSchema: { type: "object" } }] }).map((p) => p.path)).toEqual(["$.tools[0].module"]);
  });

  it("refuses an unsupported format version, saying which it reads", () => {
    expect(problemsOf({ ...manifest, formatVersion: 3 })).toEqual([
      { path: "$.formatVersion", expected: "1 or 2 (the formats this runtime reads; a newer build needs a newer @toolgen/runtime)", received: "3" },
    ]);
    expect(problemsOf({ ...manifest, formatVersion: undefined })).toMatchObject([{ path: "$.formatVersion", received: "nothing" }]);
  });

  it("checks the legacy format's fields with their own paths", () => {
    expect(problemsOf({ formatVersion: 1, name: "x", tools: [{ name: "t", description: "", module: "", export: "f", parameters: "a", inputSchema: {} }] })).toEqual([
      { path: "$.tools[0].module", expected: "the path of a module file, relative to the package", received: '""' },
      { path: "$.tools[0].parameters", expected: "an array of argument names", received: '"a"' },
    ]);
    const schema = { type: "object", properties: { text: { type: "string" } } };
    expect(problemsOf({ formatVersion: 1, name: "x", tools: [{ name: "t", description: "", module: "m.js", export: "f", parameters: ["text", "nope"], inputSchema: schema }] })).toEqual([
      { path: "$.tools[0].parameters[1]", expected: "a property of inputSchema", received: '"nope"' },
    ]);
  });
});
