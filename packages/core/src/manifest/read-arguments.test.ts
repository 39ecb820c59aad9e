import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

const SOURCE = `
/**
 * A port number.
 * @integer @minimum 1 @maximum 65535 @default 8080
 */
export type Port = number;
export interface Req {
  /** The port. @default 8080 */
  port: number;
  /** The host. */
  host: string;
}
export interface Q {
  /** Short or not. */
  short: boolean;
  /** How many. */
  n: number;
}
/**
 * Configures.
 * @tool
 * @param p the port
 * @param n how many
 * @param name who
 */
export function configure(p: Port, /** @default 3 */ n: number, name: string): string { return JSON.stringify({ p, n, name }); }
/**
 * Request style.
 * @tool
 */
export function reqd(r: Req): string { return JSON.stringify(r); }
/**
 * Destructured.
 * @tool
 */
export function destr({ short = true, n }: Q): string { return JSON.stringify({ short, n }); }
`;

describe("a top-level argument with a default", () => {
  it("is optional in the schema: the runtime fills the default in, so the model may leave it out", () => {
    const { manifest, diagnostics } = analyzeFiles({ "src/tools.ts": SOURCE }, "/virtual/read-arguments");
    expect(diagnostics).toEqual([]);
    const entry = (name: string) => {
      const found = manifest.entries.find((e) => e.name === name)!;
      return { ...found, inputSchema: found.inputSchema as { required?: string[] } };
    };
    expect(entry("configure").inputSchema.required).toEqual(["name"]);
    expect(entry("configure").defaults).toEqual({ p: 8080, n: 3 });
    expect(entry("reqd").inputSchema.required).toEqual(["host"]);
    expect(entry("reqd").defaults).toEqual({ port: 8080 });
    expect(entry("destr").inputSchema.required).toEqual(["n"]);
    expect(entry("destr").defaults).toEqual({ short: true });
  });
});

/** The input schema of `tool(a: <type>)`, with every diagnostic. */
function argumentOf(type: string) {
  const source = `/**\n * Takes it.\n * @tool\n * @param a the argument\n */\nexport function tool(a: ${type}): string { return String(a); }\n`;
  const result = analyzeFiles({ "src/tools.ts": source }, "/virtual/read-argument-type");
  const schema = result.manifest.entries[0]?.inputSchema as { properties?: Record<string, unknown> } | undefined;
  return { schema: schema?.properties?.a, diagnostics: result.diagnostics.map((d) => `${d.code} ${d.message}`) };
}

describe("an argument typed with a global wrapper", () => {
  it("is one TG2001 that names the JSON type to use, not a list of Object's members", () => {
    expect(argumentOf("Object").diagnostics).toEqual([
      "TG2001 'Object' cannot be carried in JSON (it admits any value but null and undefined, a string as well); use object for any JSON object, or an interface with the data fields.",
    ]);
    for (const [wrapper, primitive] of [["String", "string"], ["Number", "number"], ["Boolean", "boolean"]]) {
      expect(argumentOf(wrapper!).diagnostics).toEqual([`TG2001 '${wrapper}' cannot be carried in JSON (the wrapper object, not a ${primitive}); use ${primitive}.`]);
    }
  });
});

describe("an index signature whose value is never", () => {
  it("allows no key of its kind: Record<string, never> is the closed empty object", () => {
    const closed = { description: "the argument", type: "object", properties: {}, additionalProperties: false };
    expect(argumentOf("Record<string, never>")).toEqual({ schema: closed, diagnostics: [] });
    expect(argumentOf("{ [key: string]: never }")).toEqual({ schema: closed, diagnostics: [] });
    const { schema } = argumentOf("{ id: string; [key: string]: never }");
    expect(schema).toMatchObject({ properties: { id: { type: "string" } }, additionalProperties: false });
  });
});

describe("a destructured parameter that cannot be a request", () => {
  const diagnosticsOf = (parameters: string) => analyzeFiles({ "src/tools.ts": `type U = { kind: "a"; x: number } | { kind: "b" };\n/** Takes it. @tool */\nexport function tool(${parameters}): void {}\n` }, "/virtual/destructured").diagnostics.map((d) => `${d.code} ${d.message}`);

  it("alone, says its type is why (an array pattern, a union), not to make it the only parameter", () => {
    expect(diagnosticsOf("[a, b]: [string, number]")).toEqual(["TG3005 A destructured parameter has no name in the arguments object, and '[string, number]' is no object type with fixed properties, which a request (the tool's one argument parameter) must be. Give it a name."]);
    expect(diagnosticsOf("{ kind }: U")).toEqual(["TG3005 A destructured parameter has no name in the arguments object, and 'U' is no object type with fixed properties, which a request (the tool's one argument parameter) must be. Give it a name."]);
  });

  it("beside other parameters, says it can only be the one", () => {
    expect(diagnosticsOf("{ x }: { x: number }, speed: number")).toEqual(["TG3005 A destructured parameter has no name in the arguments object; it can only be the tool's one argument parameter (request style). Give it a name, or make it the only parameter."]);
  });
});

describe("@param naming a field inside a request's field", () => {
  it("says @param reaches the request's own fields only, and where to describe the inner one", () => {
    const source = `export interface Options {\n  /** Deep. */\n  deep: boolean;\n}\nexport interface Req {\n  /** Options. */\n  opts: Options;\n}\n/**\n * Takes it.\n * @tool\n * @param req.opts.deep Whether deep.\n * @param req.nope Nothing.\n */\nexport function tool(req: Req): void {}\n`;
    expect(analyzeFiles({ "src/tools.ts": source }, "/virtual/param-depth").diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "TG1008 @param req.opts.deep: @param describes a parameter or a field of the request (req.opts), not a field inside one; describe 'deep' in its own doc comment, on its property.",
      "TG1008 @param req.nope: there is no parameter or property 'req.nope'.",
    ]);
  });
});

describe("a @param description over several lines", () => {
  it("keeps its line breaks, as a property's doc comment does (a list under it stays a list)", () => {
    const source = `export interface Q {\n  /**\n   * Sort order:\n   * - asc: oldest first\n   * - desc: newest first\n   */\n  order: "asc" | "desc";\n}\n/**\n * Lists.\n * @tool\n */\nexport function byRequest(q: Q): string {\n  return q.order;\n}\n/**\n * Lists.\n * @tool\n * @param order Sort order:\n * - asc: oldest first\n * - desc: newest first\n */\nexport function byParameter(order: "asc" | "desc"): string {\n  return order;\n}\n`;
    const { manifest } = analyzeFiles({ "src/tools.ts": source }, "/virtual/param-lines");
    const described = manifest.entries.map((e) => (e.inputSchema as { properties: { order: { description: string } } }).properties.order.description);
    expect(described).toEqual(["Sort order:\n- asc: oldest first\n- desc: newest first", "Sort order:\n- asc: oldest first\n- desc: newest first"]);
  });
});

describe("an any parameter in a strict build", () => {
  it("says which strict to turn off: toolgen's, not the tsconfig's (which toolgen needs on)", () => {
    const source = "/**\n * Takes anything.\n * @tool\n * @param data Whatever.\n */\nexport function takesAny(data: any): string {\n  return String(data);\n}\n";
    expect(analyzeFiles({ "src/tools.ts": source }, "/virtual/any").diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      `TG2002 'any' gives the model no schema to follow; use a concrete type, or set "strict": false in toolgen's configuration ("toolgen" in package.json, or toolgen.config.json; not the tsconfig's) to accept any JSON value here.`,
    ]);
  });
});
