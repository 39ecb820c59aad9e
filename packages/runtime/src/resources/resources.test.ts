import { describe, expect, it } from "vitest";
import { date } from "../formats/formats.js";
import { createRegistry } from "../registry/create-registry.js";
import { compileUriTemplate } from "./uri-template.js";

/** The text of the resource at `uri`, or the outcome's error code. */
const textAt = async (r: ReturnType<typeof createRegistry>, uri: string) => {
  const outcome = await r.readResource(uri);
  return outcome.status === "ok" ? outcome.text : outcome.status === "error" ? outcome.error.code : outcome.status;
};

describe("URI templates, matched strictly", () => {
  it("binds level-1 variables, percent-decoded", () => {
    expect(compileUriTemplate("file:///{path}")?.match("file:///notes.md")).toEqual({ path: "notes.md" });
    expect(compileUriTemplate("repo://{owner}/{name}/readme")?.match("repo://acme/tool%20gen/readme")).toEqual({ owner: "acme", name: "tool gen" });
  });

  it("never lets a variable match across '/', also not an encoded one", () => {
    const template = compileUriTemplate("file:///{path}")!;
    expect(template.match("file:///a/b.md")).toBeUndefined();
    expect(template.match("file:///..%2Fetc%2Fpasswd")).toBeUndefined();
    expect(template.match("file:///")).toBeUndefined();
    expect(template.match("file:///a?x=1")).toBeUndefined();
    expect(template.match("file:///%E0%A4%A")).toBeUndefined();
  });

  it("never binds a value that climbs or crosses a path however it is spelled: '.', '..', a backslash, NUL", () => {
    const template = compileUriTemplate("docs://{section}/{name}")!;
    for (const uri of ["docs://../secret.txt", "docs://%2e%2e/secret.txt", "docs://public/..", "docs://./x", "docs://a/..%5Cetc", "docs://a/b%00.txt"]) expect([uri, template.match(uri)]).toEqual([uri, undefined]);
    expect(template.match("docs://a/...")).toEqual({ section: "a", name: "..." });
    expect(template.match("docs://a/..b")).toEqual({ section: "a", name: "..b" });
  });

  it("matches the whole URI, literal characters exactly", () => {
    const template = compileUriTemplate("notes://{id}.md")!;
    expect(template.match("notes://7.md")).toEqual({ id: "7" });
    expect(template.match("notes://7.mdx")).toBeUndefined();
    expect(template.match("xnotes://7.md")).toBeUndefined();
    expect(template.match("notes://7Xmd")).toBeUndefined();
  });

  it("refuses what is not a level-1 template", () => {
    expect(compileUriTemplate("file:///{+path}")).toBeUndefined();
    expect(compileUriTemplate("file:///{a}/{a}")).toBeUndefined();
    expect(compileUriTemplate("file:///{a")).toBeUndefined();
  });
});

describe("registry.readResource", () => {
  function registry() {
    const r = createRegistry([]);
    r.register({ kind: "resource", name: "note", description: "", uris: ["notes:///{name}"], mimeType: "text/markdown", params: [{ name: "name", type: "string" }], fn: (args) => `# ${String(args.name)}` });
    r.register({ kind: "resource", name: "index", description: "", uris: ["notes:///index"], fn: () => ({ notes: ["a", "b"] }) });
    r.register({ kind: "resource", name: "page", description: "", uris: ["pages:///{n}"], params: [{ name: "n", type: "integer" }], fn: (args) => `page ${String(args.n)}` });
    r.register({ kind: "resource", name: "logo", description: "", uris: ["assets:///logo.png"], mimeType: "image/png", fn: () => new Uint8Array([137, 80, 78, 71]) });
    return r;
  }

  it("resolves a template and binds its variables to the parameters", async () => {
    expect(await registry().readResource("notes:///deploy")).toEqual({ status: "ok", text: "# deploy", resource: { uri: "notes:///deploy", mimeType: "text/markdown" } });
  });

  it("prefers a static URI over a template that also matches", async () => {
    expect(await registry().readResource("notes:///index")).toEqual({ status: "ok", text: '{"notes":["a","b"]}', structured: { notes: ["a", "b"] }, resource: { uri: "notes:///index" } });
  });

  it("types bound variables as their parameters, strict or not (a URI holds text), then validates them like arguments", async () => {
    for (const strict of [false, true]) {
      const r = createRegistry([], { strict, formats: { date } });
      r.register({ kind: "resource", name: "page", description: "", uris: ["pages:///{n}"], params: [{ name: "n", type: "integer" }], fn: (args) => `page ${JSON.stringify(args.n)}` });
      r.register({ kind: "resource", name: "flag", description: "", uris: ["flags:///{on}"], params: [{ name: "on", type: "boolean" }], fn: (args) => `on ${JSON.stringify(args.on)}` });
      r.register({ kind: "resource", name: "code", description: "", uris: ["codes:///{code}"], params: [{ name: "code", type: "string" }], fn: (args) => `code ${JSON.stringify(args.code)}` });
      expect(await r.readResource("pages:///3")).toEqual({ status: "ok", text: "page 3", resource: { uri: "pages:///3" } });
      expect(await r.readResource("flags:///true")).toEqual({ status: "ok", text: "on true", resource: { uri: "flags:///true" } });
      expect(await r.readResource("flags:///false")).toEqual({ status: "ok", text: "on false", resource: { uri: "flags:///false" } });
      expect(await r.readResource("codes:///007")).toEqual({ status: "ok", text: 'code "007"', resource: { uri: "codes:///007" } });
      for (const uri of ["pages:///three", "pages:///3.5", "flags:///yes", "flags:///1"]) expect([uri, await r.readResource(uri)]).toMatchObject([uri, { status: "error", error: { code: "invalid_arguments" } }]);
      // A union: the literal where the text is one the parameter takes, else the text.
      r.register({ kind: "resource", name: "limit", description: "", uris: ["limits:///{n}"], params: [{ name: "n", schema: { anyOf: [{ const: "auto" }, { type: "number" }, { type: "null" }] } }], fn: (args) => `limit ${JSON.stringify(args.n)}` });
      r.register({ kind: "resource", name: "mode", description: "", uris: ["modes:///{m}"], params: [{ name: "m", schema: { anyOf: [{ type: "boolean" }, { enum: ["maybe", "5"] }] } }], fn: (args) => `mode ${JSON.stringify(args.m)}` });
      r.register({ kind: "resource", name: "when", description: "", uris: ["when:///{at}"], params: [{ name: "at", schema: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] } }], fn: (args) => `at ${JSON.stringify(args.at)}` });
      expect(await textAt(r, "limits:///5")).toBe("limit 5");
      expect(await textAt(r, "limits:///auto")).toBe('limit "auto"');
      expect(await textAt(r, "limits:///null")).toBe("limit null");
      expect(await textAt(r, "modes:///true")).toBe("mode true");
      expect(await textAt(r, "modes:///maybe")).toBe('mode "maybe"');
      // 5 reads as a number, which the parameter does not take: the text "5", which it does.
      expect(await textAt(r, "modes:///5")).toBe('mode "5"');
      expect(await r.readResource("modes:///6")).toMatchObject({ status: "error", error: { code: "invalid_arguments" } });
      expect(await textAt(r, "when:///null")).toBe("at null");
      expect(await textAt(r, "when:///2026-12-06")).toBe('at "2026-12-06"');
      // Text JSON does not read as a number stays text: validated (and, when lenient, repaired) as any argument.
      expect(await r.readResource("pages:///07")).toMatchObject(strict ? { status: "error", error: { code: "invalid_arguments" } } : { status: "ok", text: "page 7" });
    }
  });

  it("a resource with a template and a fixed URI, called by name, is read at the URI its arguments fill, and takes only values that URI could carry", async () => {
    const r = createRegistry([]);
    r.register({ kind: "resource", name: "file", description: "", uris: ["file:///{path}", "docs://current"], params: [{ name: "path", type: "string", required: false }], fn: (args) => `path ${JSON.stringify(args.path)}` });
    expect(await r.dispatch("file", { path: "a.md" })).toEqual({ status: "ok", text: 'path "a.md"', resource: { uri: "file:///a.md" } });
    expect(await r.dispatch("file", {})).toEqual({ status: "ok", text: "path undefined", resource: { uri: "docs://current" } });
    expect(await r.dispatch("file", { path: "../../etc/passwd" })).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "/path", expected: "one segment of file:///{path} (not empty, '.' or '..'; no '/' or '\\')" }] } } });
  });

  it("a templated resource called by name reports the URI its arguments name", async () => {
    expect(await registry().dispatch("page", { n: 4 })).toEqual({ status: "ok", text: "page 4", resource: { uri: "pages:///4" } });
  });

  it("called by name, a resource takes only values its URI template could carry: a '/' reaches no other segment that way either", async () => {
    const outcome = await registry().dispatch("note", { name: "../../etc/passwd" });
    expect(outcome).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "/name", expected: "one segment of notes:///{name} (not empty, '.' or '..'; no '/' or '\\')", received: 'the string "../../etc/passwd"' }] } } });
    for (const name of ["", ".", "..", "a\\b", "a\u0000"]) expect(await registry().dispatch("note", { name })).toMatchObject({ status: "error", error: { code: "invalid_arguments", payload: { issues: [{ path: "/name" }] } } });
    expect(await registry().dispatch("note", { name: "a?b#c" })).toEqual({ status: "ok", text: "# a?b#c", resource: { uri: "notes:///a%3Fb%23c", mimeType: "text/markdown" } });
  });

  it("returns bytes as base64: a Uint8Array, an ArrayBuffer, a SharedArrayBuffer, or any other view of one", async () => {
    expect(await registry().readResource("assets:///logo.png")).toEqual({ status: "ok", text: "", resource: { uri: "assets:///logo.png", mimeType: "image/png", blob: "iVBORw==" } });
    const png = new Uint8Array([0, 137, 80, 78, 71, 0]);
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    shared.set(png.subarray(1, 5));
    for (const bytes of [png.slice(1, 5).buffer, new DataView(png.buffer, 1, 4), new Int8Array(png.buffer, 1, 4), shared.buffer, shared]) {
      const r = createRegistry([]);
      r.register({ kind: "resource", name: "logo", description: "", uris: ["assets:///logo.png"], fn: () => bytes });
      expect(await r.readResource("assets:///logo.png")).toEqual({ status: "ok", text: "", resource: { uri: "assets:///logo.png", blob: "iVBORw==" } });
    }
  });

  it("an unknown URI, or one that reaches across '/', is unknown_tool with the closest URIs", async () => {
    expect(await registry().readResource("notes:///a/b")).toMatchObject({ status: "error", error: { code: "unknown_tool", message: expect.stringMatching(/^There is no resource at 'notes:\/\/\/a\/b'\./) } });
  });

  it("the same static URI on two resources is an error naming both", () => {
    const r = registry();
    expect(() => r.register({ kind: "resource", name: "index2", description: "", uris: ["notes:///index"], fn: () => "" })).toThrow("the URI 'notes:///index' is served by both 'index' and 'index2'.");
  });
});
