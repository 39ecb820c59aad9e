import { describe, expect, it } from "vitest";
import { removeSyntheticNulls } from "../call/remove-synthetic-nulls.js";
import type { ArgumentIssue } from "../../pipeline/validate-arguments.js";
import { restoreGeminiArguments } from "../call/restore-gemini-arguments.js";
import { checkConformance } from "../conformance/check-conformance.js";
import { inlineRefs } from "./inline-refs.js";
import { toGeminiJsonSchema } from "./to-gemini-json-schema.js";
import { toGeminiSchema } from "./to-gemini-schema.js";
import { toStrictSchema } from "./to-strict-schema.js";
import { wrapOutputSchema } from "./wrap-output-schema.js";

const tree = {
  type: "object",
  properties: { root: { $ref: "#/$defs/Node" }, label: { $ref: "#/$defs/Label", description: "What to call it." } },
  required: ["root"],
  additionalProperties: false,
  $defs: {
    Node: { type: "object", properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } }, required: ["value"], additionalProperties: false },
    Label: { type: "string", description: "A label.", minLength: 1 },
  },
};

describe("inlineRefs", () => {
  it("inlines acyclic definitions, keeps cyclic ones referenced, and lets sibling keywords win", () => {
    const { schema, cyclic } = inlineRefs(tree);
    expect(cyclic).toEqual(["Node"]);
    expect(schema.properties).toEqual({ root: { $ref: "#/$defs/Node" }, label: { type: "string", description: "What to call it.", minLength: 1 } });
    expect(Object.keys(schema.$defs as object)).toEqual(["Node"]);
  });

  it("drops $defs entirely when nothing is recursive", () => {
    const { schema } = inlineRefs({ type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "string" } } });
    expect(schema).toEqual({ type: "object", properties: { a: { type: "string" } } });
  });
});

describe("toStrictSchema", () => {
  const optional = {
    type: "object",
    properties: {
      query: { type: "string", minLength: 2 },
      limit: { type: "integer", default: 5 },
      unit: { type: "string", enum: ["mm", "cm"] },
      note: { anyOf: [{ type: "string" }, { type: "null" }] },
      where: { type: "object", properties: { city: { type: "string" } }, additionalProperties: false },
    },
    required: ["query"],
    additionalProperties: false,
  };

  it("an object without additionalProperties takes any key, as the registry validates it: not strict, never closed to what the tool accepts", () => {
    const { blockers } = toStrictSchema({ type: "object", properties: { any: { type: "object" }, open: { type: "object", properties: { x: { type: "string" } } } }, required: ["any", "open"], additionalProperties: false });
    expect(blockers.map((b) => b.path)).toEqual(["/properties/any", "/properties/open"]);
  });

  it("requires every property, makes optional ones nullable, and closes every object", () => {
    const { schema, blockers, dropped } = toStrictSchema(optional);
    expect(blockers).toEqual([]);
    expect(schema.required).toEqual(["query", "limit", "unit", "note", "where"]);
    const p = schema.properties as Record<string, Record<string, unknown>>;
    expect(p.limit).toEqual({ type: ["integer", "null"], description: "Default: 5." });
    expect(p.unit).toEqual({ type: ["string", "null"], enum: ["mm", "cm", null] });
    expect(p.note).toEqual({ anyOf: [{ type: "string" }, { type: "null" }] });
    expect(p.where).toEqual({ anyOf: [{ type: "object", properties: { city: { type: ["string", "null"] } }, required: ["city"], additionalProperties: false }, { type: "null" }] });
    expect(dropped.map((d) => d.message)).toContain("'minLength' is not supported in strict mode");
    expect(checkConformance("openai-strict", [{ type: "function", function: { name: "t", description: "", parameters: schema, strict: true } }])).toEqual([]);
  });

  it("keeps recursion as references to $defs, each standing alone; a description beside one goes on a union around it", () => {
    const described = { type: "object", properties: { list: { $ref: "#/$defs/Node", description: "The list." } }, required: ["list"], additionalProperties: false, $defs: tree.$defs };
    expect((toStrictSchema(described).schema.properties as Record<string, unknown>).list).toEqual({ description: "The list.", anyOf: [{ $ref: "#/$defs/Node" }] });
    const { schema, blockers } = toStrictSchema(tree);
    expect(blockers).toEqual([]);
    expect(checkConformance("openai-strict", [{ type: "function", function: { name: "t", description: "", parameters: schema, strict: true } }])).toEqual([]);
  });

  it("refuses a tuple, which it could only send as an array of its member types in any order", () => {
    const { blockers } = toStrictSchema({ type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false } }, required: ["pair"], additionalProperties: false });
    expect(blockers).toEqual([{ path: "/properties/pair", message: "a tuple ('prefixItems') cannot be expressed in strict mode" }]);
  });

  it("refuses an object with arbitrary keys", () => {
    const { blockers } = toStrictSchema({ type: "object", properties: { tags: { type: "object", additionalProperties: { type: "string" } } }, required: ["tags"], additionalProperties: false });
    expect(blockers).toEqual([{ path: "/properties/tags", message: "an object with arbitrary keys (an index signature or Record) cannot be expressed in strict mode" }]);
  });

  it("refuses keys of a pattern, which a closed object would shut out", () => {
    const { blockers } = toStrictSchema({ type: "object", properties: { attrs: { type: "object", patternProperties: { "^data-": { type: "string" } }, additionalProperties: false } }, required: ["attrs"], additionalProperties: false });
    expect(blockers).toEqual([{ path: "/properties/attrs", message: "an object with keys of a pattern (a template literal index signature) cannot be expressed in strict mode" }]);
  });

  it("refuses what OpenAI's limits refuse: more than 10 objects deep, more than 1000 enum values", () => {
    let deep: Record<string, unknown> = { type: "object", properties: { leaf: { type: "string" } }, required: ["leaf"], additionalProperties: false };
    for (let i = 0; i < 11; i++) deep = { type: "object", properties: { next: deep }, required: ["next"], additionalProperties: false };
    expect(toStrictSchema(deep).blockers).toEqual([{ path: "/properties/next".repeat(11), message: "more than 10 levels of object nesting exceed strict mode's limits" }]);
    // A property named "properties" is one level, not two.
    let named: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 10; i++) named = { type: "object", properties: { properties: named }, required: ["properties"], additionalProperties: false };
    expect(toStrictSchema(named).blockers).toEqual([]);
    const many = { type: "object", properties: { pick: { type: "string", enum: Array.from({ length: 1000 }, (_, i) => `v${i}`) } }, additionalProperties: false };
    // Optional, so strict mode adds null: 1001 values.
    expect(toStrictSchema(many).blockers).toEqual([{ path: "", message: "1001 enum values exceed strict mode's limit of 1000" }]);
  });

  it("refuses what OpenAI's limits on text refuse: 120,000 characters of names and values, 15,000 in one enum of more than 250 values", () => {
    const strict = (schema: Record<string, unknown>) => {
      const { schema: projected, blockers } = toStrictSchema(schema);
      return { blockers, conformance: checkConformance("openai", [{ type: "function", function: { name: "t", description: "T.", parameters: projected, strict: true } }]).map((issue) => issue.rule) };
    };
    const names = Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`property_with_a_long_descriptive_name_${String(i).padStart(11, "0")}`, { type: "string" }]));
    const long = strict({ type: "object", properties: names, required: Object.keys(names), additionalProperties: false });
    expect(long.blockers).toEqual([{ path: "", message: "122500 characters of property names, definition names, enum and const values exceed strict mode's limit of 120000" }]);
    expect(long.conformance).toEqual(["122500 characters of property names, definition names, enum and const values exceed strict mode's limit of 120000"]);
    const values = (n: number, width: number) => Array.from({ length: n }, (_, i) => String(i).padStart(width, "x"));
    const big = strict({ type: "object", properties: { pick: { type: "string", enum: values(300, 60) } }, required: ["pick"], additionalProperties: false });
    expect(big.blockers).toEqual([{ path: "/properties/pick", message: "an enum of 300 values and 18000 characters exceeds strict mode's limit of 15000 characters for an enum of more than 250 values" }]);
    expect(big.conformance).toHaveLength(1);
    // At most 250 values, or 15,000 characters, is within the limit.
    expect(strict({ type: "object", properties: { pick: { type: "string", enum: values(250, 70) } }, required: ["pick"], additionalProperties: false }).blockers).toEqual([]);
    expect(strict({ type: "object", properties: { pick: { type: "string", enum: values(300, 50) } }, required: ["pick"], additionalProperties: false }).blockers).toEqual([]);
  });

  it("refuses an object that is also a union (a registered schema's `{ type: object, anyOf }`), which strict mode's closed object would make unsatisfiable", () => {
    const member = (key: string) => ({ type: "object", properties: { [key]: { type: "string" } }, required: [key], additionalProperties: false });
    const { blockers } = toStrictSchema({ type: "object", anyOf: [member("a"), member("b")] });
    expect(blockers).toContainEqual({ path: "", message: "an object that is also a union ('anyOf' beside 'type: object') cannot be expressed in strict mode" });
  });
});

describe("removeSyntheticNulls", () => {
  const schema = {
    type: "object",
    properties: {
      a: { type: "string" },
      b: { anyOf: [{ type: "string" }, { type: "null" }] },
      items: { type: "array", items: { $ref: "#/$defs/Item" } },
      shape: { anyOf: [{ type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } }, required: ["kind"] }, { type: "object", properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind"] }] },
    },
    required: ["a"],
    $defs: { Item: { type: "object", properties: { x: { type: "number" } } } },
  };

  it("removes nulls the schema does not allow from optional properties, at any depth", () => {
    expect(removeSyntheticNulls(schema, { a: "x", items: [{ x: null }, { x: 1 }], shape: { kind: "square", side: null } })).toEqual({ a: "x", items: [{}, { x: 1 }], shape: { kind: "square" } });
  });

  it("keeps a null that is a real value, and a null for a required property (validation reports it)", () => {
    expect(removeSyntheticNulls(schema, { a: null, b: null })).toEqual({ a: null, b: null });
  });

  it("walks into the member a value is: an array in T[] | null, the object member that names every key sent", () => {
    const item = { type: "object", properties: { label: { type: "string" }, amount: { type: "number" } }, required: ["label"], additionalProperties: false };
    const byEmail = { type: "object", properties: { name: { type: "string" }, email: { type: "string" } }, required: ["name"], additionalProperties: false };
    const byPhone = { type: "object", properties: { name: { type: "string" }, ext: { type: "string" }, phone: { type: "string" } }, required: ["name", "phone"], additionalProperties: false };
    const unions = { type: "object", properties: { lines: { anyOf: [{ type: "array", items: item }, { type: "null" }] }, contact: { anyOf: [byEmail, byPhone] } }, required: ["lines", "contact"] };
    expect(removeSyntheticNulls(unions, { lines: [{ label: "a", amount: null }], contact: { name: "n", ext: null, phone: "555" } })).toEqual({ lines: [{ label: "a" }], contact: { name: "n", phone: "555" } });
    expect(removeSyntheticNulls(unions, { lines: null, contact: { name: "n", email: null } })).toEqual({ lines: null, contact: { name: "n" } });
  });

  it("walks into a member that is itself a union (T | null of a recursive union), and leaves A[] | B[] as sent unless the items tell", () => {
    const square = { type: "object", properties: { kind: { const: "square" }, side: { type: "number" }, note: { type: "string" } }, required: ["kind", "side"], additionalProperties: false };
    const circle = { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } }, required: ["kind", "r"], additionalProperties: false };
    const a = { type: "object", properties: { x: { type: "number" } }, additionalProperties: false };
    const b = { type: "object", properties: { x: { anyOf: [{ type: "number" }, { type: "null" }] }, y: { type: "number" } }, additionalProperties: false };
    const schema = {
      type: "object",
      properties: { shape: { anyOf: [{ $ref: "#/$defs/Shape" }, { type: "null" }] }, list: { anyOf: [{ type: "array", items: a }, { type: "array", items: b }] } },
      $defs: { Shape: { anyOf: [square, circle] } },
    };
    expect(removeSyntheticNulls(schema, { shape: { kind: "square", side: 2, note: null } })).toEqual({ shape: { kind: "square", side: 2 } });
    // { x: null, y: 1 } is B's (its x admits null): not walked under A, which would drop x.
    expect(removeSyntheticNulls(schema, { list: [{ x: null, y: 1 }] })).toEqual({ list: [{ x: null, y: 1 }] });
    expect(removeSyntheticNulls(schema, { list: [{ x: null }] })).toEqual({ list: [{ x: null }] });
  });

  it("never lets a __proto__ key reach a prototype", () => {
    const out = removeSyntheticNulls(schema, JSON.parse('{"a":"x","__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
  });
});

describe("toGeminiJsonSchema", () => {
  it("writes toGeminiSchema's rewrites in JSON Schema: lower-case types, null as a union member outside which the description stays, no enum format", () => {
    const { schema } = toGeminiJsonSchema({
      type: "object",
      properties: {
        level: { description: "Level.", anyOf: [{ enum: [1, 2] }, { type: "null" }] },
        who: { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: { b: { type: "number" } } }, { type: "null" }] },
        at: { type: "string", format: "date-time", examples: ["2026-01-01T00:00:00Z"] },
      },
    });
    expect(schema).toEqual({
      type: "object",
      properties: {
        level: { description: "Level.", anyOf: [{ type: "string", enum: ["1", "2"] }, { type: "null" }] },
        who: { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: { b: { type: "number" } } }, { type: "null" }] },
        at: { type: "string", format: "date-time", examples: ["2026-01-01T00:00:00Z"] },
      },
    });
  });
});

describe("toGeminiSchema", () => {
  it("writes the OpenAPI subset: upper-case types, nullable, string enums, inclusive bounds", () => {
    const { schema, errors, dropped } = toGeminiSchema({
      type: "object",
      properties: {
        n: { type: "integer", exclusiveMinimum: 0 },
        unit: { type: "string", enum: ["mm", "cm"] },
        kind: { const: "circle" },
        level: { enum: [1, 2, 3] },
        email: { type: "string", format: "email", description: "Where to write." },
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
        maybe: { type: ["string", "null"] },
        ref: { $ref: "#/$defs/P" },
      },
      required: ["n"],
      additionalProperties: false,
      $defs: { P: { type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false } },
    });
    expect(errors).toEqual([]);
    expect(schema).toEqual({
      type: "OBJECT",
      properties: {
        n: { type: "INTEGER", minimum: 0 },
        unit: { type: "STRING", format: "enum", enum: ["mm", "cm"] },
        kind: { type: "STRING", format: "enum", enum: ["circle"] },
        level: { type: "STRING", format: "enum", enum: ["1", "2", "3"] },
        email: { type: "STRING", description: "Where to write. Format: email." },
        pair: { type: "ARRAY", description: "Items in this order: string, number.", items: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }] }, minItems: 2, maxItems: 2 },
        maybe: { type: "STRING", nullable: true },
        ref: { type: "OBJECT", properties: { x: { type: "NUMBER" } }, required: ["x"] },
      },
      required: ["n"],
    });
    expect(dropped.map((d) => d.path)).toEqual(expect.arrayContaining(["/properties/n", "/properties/level"]));
  });

  it("writes a default and an example as its enum or record is written: literals as their text, none for a list of pairs", () => {
    const { schema } = toGeminiSchema({
      type: "object",
      properties: { level: { enum: [1, 2, 3], default: 2, examples: [3] }, labels: { type: "object", additionalProperties: { type: "number" }, default: { a: 1 } } },
    });
    const properties = schema!.properties as Record<string, Record<string, unknown>>;
    expect(properties.level).toMatchObject({ type: "STRING", enum: ["1", "2", "3"], default: "2", example: "3" });
    expect(properties.labels).toMatchObject({ type: "ARRAY" });
    expect(properties.labels).not.toHaveProperty("default");
  });

  it("sends a tuple's rest element as one more type its items may be", () => {
    const { schema } = toGeminiSchema({ type: "object", properties: { row: { type: "array", prefixItems: [{ type: "string" }], items: { type: "number" }, minItems: 1 } }, required: ["row"] });
    expect((schema!.properties as Record<string, unknown>).row).toEqual({ type: "ARRAY", description: "Items in this order: string, then any number of number.", items: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }] }, minItems: 1 });
  });

  it("writes a tuple's items of one type once, and a default beside `T | null` as T's enum writes it", () => {
    const { schema } = toGeminiSchema({ type: "object", properties: { size: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false }, level: { anyOf: [{ enum: [1, 2] }, { type: "null" }], default: 1 } } });
    expect(schema!.properties).toEqual({
      size: { type: "ARRAY", description: "Items in this order: number, number.", items: { type: "NUMBER" }, minItems: 2, maxItems: 2 },
      level: { type: "STRING", format: "enum", enum: ["1", "2"], default: "1", nullable: true },
    });
  });

  it("numeric literals sent as text lose their numeric bounds: a STRING has none (also for the AI SDK's spelling)", () => {
    const input = { type: "object", properties: { n: { enum: [1, 3], minimum: 1, maximum: 3 }, m: { anyOf: [{ enum: [2, 4], minimum: 2 }, { type: "null" }] } }, required: ["n"] };
    const { schema } = toGeminiSchema(input);
    expect(schema!.properties).toEqual({ n: { type: "STRING", format: "enum", enum: ["1", "3"] }, m: { type: "STRING", format: "enum", enum: ["2", "4"], nullable: true } });
    expect(checkConformance("gemini", [{ functionDeclarations: [{ name: "tally", description: "Tallies.", parameters: schema }] }])).toEqual([]);
    expect(JSON.stringify(toGeminiJsonSchema(input).schema)).not.toContain("minimum");
  });

  it("the Gemini conformance check refuses numeric bounds on a type that is not a number", () => {
    const parameters = { type: "OBJECT", properties: { n: { type: "STRING", minimum: 1 } } };
    expect(checkConformance("gemini", [{ functionDeclarations: [{ name: "tally", description: "Tallies.", parameters }] }])).toEqual([{ tool: "tally", path: "/properties/n", rule: "minimum and maximum are for NUMBER and INTEGER values only" }]);
  });

  it("refuses a type that is also a union (a registered schema's `{ type: object, anyOf }`), which would lose its members", () => {
    const member = (key: string) => ({ type: "object", properties: { [key]: { type: "string" } }, required: [key] });
    const { errors } = toGeminiSchema({ type: "object", anyOf: [member("a"), member("b")] });
    expect(errors).toEqual([{ path: "", message: "a type that is also a union ('anyOf' beside 'type') has no Gemini form" }]);
  });

  it("a null default of a literal union is left out (nullable says it), not sent as the text \"null\"", () => {
    const { schema } = toGeminiSchema({ type: "object", properties: { flag: { anyOf: [{ const: true }, { type: "null" }], default: null } } });
    expect(schema!.properties).toEqual({ flag: { type: "STRING", format: "enum", enum: ["true"], nullable: true } });
  });

  it("T | null keeps the property's own description over T's", () => {
    const address = { type: "object", description: "A postal address.", properties: { street: { type: "string" } }, required: ["street"], additionalProperties: false };
    const { schema } = toGeminiSchema({ type: "object", properties: { from: { description: "Where it comes from.", anyOf: [address, { type: "null" }] } } });
    expect(schema).toEqual({ type: "OBJECT", properties: { from: { type: "OBJECT", description: "Where it comes from.", properties: { street: { type: "STRING" } }, required: ["street"], nullable: true } } });
  });

  it("null and nothing else is the literal null, sent as its text and mapped back; an enum of no value is an error, not an empty enum", () => {
    const input = { type: "object", properties: { nothing: { type: "null" }, none: { const: null }, listed: { type: ["null"] }, member: { anyOf: [{ type: "null" }] }, never: { enum: [] } }, required: ["nothing", "none", "listed", "member", "never"], additionalProperties: false };
    const { schema, errors } = toGeminiSchema(input);
    expect((schema!.properties as Record<string, unknown>).nothing).toEqual({ type: "STRING", format: "enum", enum: ["null"], nullable: true });
    expect((schema!.properties as Record<string, unknown>).none).toEqual({ type: "STRING", format: "enum", enum: ["null"] });
    expect(errors).toEqual([{ path: "/properties/never", message: "an enum of no value admits nothing; Gemini's enums list at least one" }]);
    expect((schema!.properties as Record<string, unknown>).listed).toEqual({ type: "STRING", format: "enum", enum: ["null"], nullable: true });
    expect((schema!.properties as Record<string, unknown>).member).toEqual({ type: "STRING", format: "enum", enum: ["null"], nullable: true });
    expect(restoreGeminiArguments(input, { nothing: "null", none: "null", listed: "null", member: "null" })).toEqual({ nothing: null, none: null, listed: null, member: null });
  });

  it("maps literals sent as strings back to the numbers, booleans and nulls they stand for", () => {
    const schema = { type: "object", properties: { level: { enum: [1, 2, "high"] }, flag: { anyOf: [{ const: true }, { const: "auto" }] }, plain: { type: "string" } } };
    expect(restoreGeminiArguments(schema, { level: "2", flag: "true", plain: "3" })).toEqual({ level: 2, flag: true, plain: "3" });
    expect(restoreGeminiArguments(schema, { level: "high", flag: "auto" })).toEqual({ level: "high", flag: "auto" });
  });

  it("sends a map as a list of { key, value } pairs, and turns the pairs back into the map", () => {
    const input = { type: "object", properties: { headers: { type: "object", additionalProperties: { type: "string" } } }, required: ["headers"], additionalProperties: false };
    const { schema, errors } = toGeminiSchema(input);
    expect(errors).toEqual([]);
    expect((schema!.properties as Record<string, unknown>).headers).toEqual({
      type: "ARRAY",
      description: "A list of { key, value } pairs, one per entry.",
      items: { type: "OBJECT", properties: { key: { type: "STRING" }, value: { type: "STRING" } }, required: ["key", "value"] },
    });
    const back = restoreGeminiArguments(input, { headers: [{ key: "accept", value: "json" }, { key: "__proto__", value: "x" }] }) as { headers: Record<string, unknown> };
    expect(back.headers.accept).toBe("json");
    expect(Object.hasOwn(back.headers, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(back.headers)).toBe(Object.prototype);
  });

  it("says what it changed of a node of several types once, not once per type", () => {
    const { dropped } = toGeminiSchema({ type: "object", properties: { x: { type: ["string", "number", "boolean"], enum: ["1", 1, "true", true] } }, required: ["x"], additionalProperties: false });
    expect(dropped.filter((d) => d.message.includes("cannot all be strings"))).toEqual([{ path: "/properties/x", message: 'the literals ["1",1,"true",true] cannot all be strings; they are stated in the description' }]);
  });

  it("beside a string of any value, states a number or boolean literal in words and keeps the model's text a string (string | 0)", () => {
    const input = { type: "object", properties: { s: { anyOf: [{ type: "string" }, { const: 0 }] }, t: { anyOf: [{ type: "string", enum: ["a"] }, { const: 0 }] } }, required: ["s", "t"], additionalProperties: false };
    const { schema, dropped } = toGeminiSchema(input);
    expect((schema!.properties as Record<string, unknown>).s).toEqual({ type: "STRING", description: "Also: 0." });
    expect(dropped.filter((d) => d.path === "/properties/s")).toEqual([{ path: "/properties/s", message: "the literals [0] cannot be told from the strings beside them; they are stated in the description, and their text arrives as a string" }]);
    expect(restoreGeminiArguments(input, { s: "0", t: "0" })).toEqual({ s: "0", t: 0 });
  });

  it("sends a map whose keys follow a pattern (template-literal or numeric keys) as pairs whose key carries the pattern", () => {
    const data = { type: "object", patternProperties: { "^data-": { type: "integer", enum: [1, 2] } }, additionalProperties: false };
    const byIndex = { type: "object", propertyNames: { pattern: "^\\d+$" }, additionalProperties: { type: "boolean" } };
    const input = { type: "object", properties: { data, byIndex }, required: ["data", "byIndex"], additionalProperties: false };
    const { schema, errors, dropped } = toGeminiSchema(input);
    expect(errors).toEqual([]);
    expect(dropped.map((d) => d.message)).not.toContain("'patternProperties' has no Gemini equivalent");
    const items = (name: string) => ((schema!.properties as Record<string, { items: { properties: unknown } }>)[name]!.items.properties);
    expect(items("data")).toEqual({ key: { type: "STRING", pattern: "^data-" }, value: { type: "STRING", format: "enum", enum: ["1", "2"] } });
    expect(items("byIndex")).toEqual({ key: { type: "STRING", pattern: "^\\d+$" }, value: { type: "BOOLEAN" } });
    // The pairs become the map again, and the literals inside it the numbers they stand for.
    expect(restoreGeminiArguments(input, { data: [{ key: "data-a", value: "2" }], byIndex: [{ key: "3", value: true }] })).toEqual({ data: { "data-a": 2 }, byIndex: { "3": true } });
  });

  it("restores maps and literals inside a union (Record | null, a nullable array of literals), and leaves pairs with a key twice as sent, saying where", () => {
    const input = {
      type: "object",
      properties: {
        labels: { anyOf: [{ type: "object", additionalProperties: { type: "number" } }, { type: "null" }] },
        levels: { anyOf: [{ type: "array", items: { enum: [0, 1, 2] } }, { type: "null" }] },
        either: { anyOf: [{ type: "object", additionalProperties: { type: "boolean" } }, { type: "string" }] },
      },
    };
    expect(restoreGeminiArguments(input, { labels: [{ key: "a", value: 1 }], levels: ["0", "2"], either: [{ key: "x", value: true }] })).toEqual({ labels: { a: 1 }, levels: [0, 2], either: { x: true } });
    expect(restoreGeminiArguments(input, { labels: null, levels: null, either: "plain" })).toEqual({ labels: null, levels: null, either: "plain" });
    const twice = [{ key: "a", value: 1 }, { key: "a", value: 2 }];
    const issues: ArgumentIssue[] = [];
    expect(restoreGeminiArguments(input, { labels: twice }, issues)).toEqual({ labels: twice });
    expect(issues).toEqual([{ path: "/labels/1/key", expected: "a key no other pair of the list has", received: 'the string "a"' }]);
  });

  it("reports recursion instead of writing a reference", () => {
    const { schema, errors } = toGeminiSchema(tree);
    expect(schema).toBeUndefined();
    expect(errors[0]!.message).toContain("recursive type Node");
  });

  it("leaves parameters unset for a tool without any", () => {
    expect(toGeminiSchema({ type: "object", properties: {}, additionalProperties: false }).schema).toBeUndefined();
  });
});

describe("wrapOutputSchema", () => {
  it("wraps a non-object result as { result: T } and leaves objects alone", () => {
    expect(wrapOutputSchema({ type: "string" })).toEqual({ schema: { type: "object", properties: { result: { type: "string" } }, required: ["result"], additionalProperties: false }, wrapped: true });
    expect(wrapOutputSchema({ type: "object", properties: {} }).wrapped).toBe(false);
  });
});
