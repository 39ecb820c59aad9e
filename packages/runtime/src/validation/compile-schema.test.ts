import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../manifest/manifest-format.js";
import { jsonEqual } from "./index.js";
import { ALL_FORMATS } from "../formats/all-formats.js";
import { formatLookup } from "./format-checks.js";
import { compileSchema } from "./compile-schema.js";

const EVERY_FORMAT = formatLookup(ALL_FORMATS);

// ajv is the reference (at test time only, where compiling code is fine).
/* eslint-disable @typescript-eslint/consistent-type-imports */
const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default;
const addFormats = (require("ajv-formats") as typeof import("ajv-formats")).default;
/* eslint-enable @typescript-eslint/consistent-type-imports */
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

const address: JsonSchema = { type: "object", properties: { street: { type: "string" }, zip: { type: "string", pattern: "^[0-9]{5}$" } }, required: ["street"], additionalProperties: false };
const cases: Array<[string, JsonSchema, unknown[]]> = [
  ["types", { type: ["string", "null"] }, ["a", null, 1, {}, []]],
  ["integer", { type: "integer", minimum: 0, exclusiveMaximum: 10, multipleOf: 2 }, [0, 4, 3, 10, -2, 1.5, "4", Number.NaN]],
  ["number limits", { type: "number", maximum: 5, exclusiveMinimum: -1 }, [5, 6, -1, 0, Infinity]],
  ["enum and const", { anyOf: [{ enum: ["a", 1, null] }, { const: { x: [1] } }] }, ["a", 1, null, { x: [1] }, { x: [2] }, "b"]],
  ["long enum", { enum: ["a", "b", "c", "d", "e", "f"] }, ["a", "f", "g", 1]],
  ["enum of objects", { enum: [{ a: 1 }, [1, 2], "x"] }, [{ a: 1 }, [1, 2], [2, 1], "x", { a: 2 }]],
  ["typed enums", { type: "object", properties: { o: { type: "object", enum: [{ a: 1 }, { b: [2] }] }, k: { type: "integer", enum: [1, 2] }, s: { type: "string", enum: ["a", "b"] } } }, [{ o: { a: 1 } }, { o: { b: [2] } }, { o: { a: 2 } }, { o: "a" }, { k: 2 }, { k: 1.5 }, { k: 3 }, { s: "b" }, { s: "c" }, { s: 1 }]],
  ["strings", { type: "string", minLength: 2, maxLength: 3, pattern: "^[a-z]+$" }, ["ab", "abcd", "a", "AB", "😀😀", "😀"]],
  ["formats", { type: "object", properties: { when: { type: "string", format: "date-time" }, mail: { type: "string", format: "email" }, id: { type: "string", format: "uuid" }, n: { format: "int32" } } }, [{ when: "2026-01-01T00:00:00Z" }, { when: "yesterday" }, { mail: "a@b.co" }, { mail: "nope" }, { id: "not-a-uuid" }, { n: "x" }]],
  ["number formats", { type: "object", properties: { i: { type: "integer", format: "int32" }, l: { type: "number", format: "int64" }, f: { format: "float" }, d: { type: "number", format: "double", maximum: 1 } } }, [{ i: 2147483647 }, { i: 2147483648 }, { i: -2147483648 }, { i: -2147483649 }, { l: 2 ** 60 }, { l: 1.5 }, { i: "x" }, { f: 1.5 }, { d: 0.5 }, { d: 2 }, { l: "1.5" }]],
  ["closed objects", { type: "object", properties: { a: { type: "number" } }, required: ["a"], additionalProperties: false }, [{ a: 1 }, {}, { a: 1, b: 2 }, { a: "1" }]],
  ["awkward names", { type: "object", properties: { "a/b": { type: "number" }, "c~d": { type: "string" }, toString: { type: "number" }, "x\"y": { type: "boolean" } }, required: ["toString", "a/b"], additionalProperties: false }, [{ "a/b": 1, toString: 2 }, {}, { "a/b": "1", "c~d": 2, toString: "x", "x\"y": 1 }, { "e/f~g": 1, "a/b": 1, toString: 1 }]],
  ["index signatures", { type: "object", additionalProperties: { type: "boolean" }, patternProperties: { "^n_": { type: "number" } }, maxProperties: 2, minProperties: 1 }, [{ x: true }, { x: 1 }, { n_1: 1 }, { n_1: true }, { a: true, b: true, c: true }, {}]],
  ["names a destructuring must quote or can take bare", { type: "object", properties: { "": { type: "string" }, default: { type: "number" }, "1": { type: "boolean" }, $x: { type: "null" }, "é": { type: "string" } }, required: ["", "default", "1"] }, [{ "": "a", default: 1, 1: true }, {}, { "": 1, default: "x", 1: 0, $x: 0, "é": 2 }, { default: 1, 1: false, "é": "ok" }]],
  ["property names", { type: "object", propertyNames: { pattern: "^[0-9]+$" }, additionalProperties: { type: "string" } }, [{ 1: "a" }, { a: "b" }, { 2: 3 }]],
  ["arrays and tuples", { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 1 }, [["a", 1], ["a"], [], ["a", 1, 2], [1, "a"]]],
  ["arrays of objects", { type: "array", items: address, maxItems: 2 }, [[{ street: "a" }], [{ street: 1, zip: "x" }, {}], [{ street: "a" }, { street: "b" }, { street: "c" }]]],
  ["unique items", { type: "array", items: { type: "object" }, uniqueItems: true }, [[{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 1 }], [{ valueOf: {} }, { valueOf: {} }]]],
  ["oneOf, allOf, not", { allOf: [{ type: "number" }, { not: { const: 3 } }], oneOf: [{ minimum: 0 }, { maximum: -10 }] }, [1, 3, -20, -5, "x"]],
  ["recursive $ref", { $ref: "#/$defs/Tree", $defs: { Tree: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } }, required: ["name"], additionalProperties: false } } }, [{ name: "a", children: [{ name: "b" }] }, { name: "a", children: [{}] }, { name: "a", children: [{ name: 1 }] }]],
  ["discriminated union", { anyOf: [{ type: "object", properties: { kind: { const: "a" }, x: { type: "number" } }, required: ["kind", "x"] }, { type: "object", properties: { kind: { const: "b" } }, required: ["kind"] }] }, [{ kind: "a", x: 1 }, { kind: "a" }, { kind: "b" }, { kind: "c" }, [], "a", null]],
  ["discriminated union or null", { anyOf: [{ type: "object", properties: { kind: { const: "a" }, x: { type: "number" } }, required: ["kind", "x"] }, { type: "null" }, { type: "object", properties: { kind: { const: "b" } }, required: ["kind"] }] }, [{ kind: "a", x: 1 }, { kind: "a" }, { kind: "b" }, { kind: "c" }, [], "a", null, {}]],
  ["plain union", { anyOf: [{ type: "string", minLength: 3 }, { type: "array", items: address }, { type: "null" }] }, ["abc", "a", null, [{ street: "a" }], [{}], 1]],
  ["false and empty", { type: "object", properties: { never: false, anything: {} } }, [{}, { never: 1 }, { anything: [1] }]],
];

/** Whether a value holds a number JSON cannot carry. */
function hasNonFinite(value: unknown): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  return typeof value === "object" && value !== null && Object.values(value).some(hasNonFinite);
}

describe("compiled schemas agree with ajv", () => {
  it.each(cases)("%s", (_name, schema, samples) => {
    const ours = compileSchema(schema, EVERY_FORMAT);
    const reference = ajv.compile(schema as object);
    for (const sample of samples) {
      let expected: boolean;
      try {
        expected = reference(sample);
      } catch {
        continue; // ajv's deep equality throws on own `valueOf` keys
      }
      expect([sample, ours(sample)]).toEqual([sample, expected]);
    }
  });

  it("agrees with ajv on random JSON values for every schema above (property)", () => {
    const compiled = cases.map(([name, schema]) => [compileSchema(schema, EVERY_FORMAT), ajv.compile(schema as object), name] as const);
    // Values shaped like the samples are likelier to hit interesting branches than pure noise.
    // JSON values only: JSON carries no Infinity or NaN, which toolgen's `number` refuses and ajv's accepts.
    const samples = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...cases.flatMap(([, , values]) => values).filter((value) => !hasNonFinite(value))));
    fc.assert(
      fc.property(samples, (value) => {
        for (const [ours, reference, name] of compiled) {
          const verdict = ours(value);
          let expected: boolean;
          try {
            expected = reference(value);
          } catch {
            // ajv's deep equality throws on own keys such as `valueOf`; ours must not (below).
            continue;
          }
          expect([name, verdict]).toEqual([name, expected]);
        }
      }),
      { numRuns: 1000, seed: 20261130 },
    );
  });

  it("compares hostile objects as data, where ajv's own deep equality throws", () => {
    const hostile = [{ valueOf: {} }, { valueOf: {} }];
    expect(() => ajv.compile({ type: "array", uniqueItems: true })(hostile)).toThrow();
    expect(compileSchema({ type: "array", uniqueItems: true })(hostile)).toBe(false);
    expect(compileSchema({ const: { toString: 1 } })({ toString: 1 })).toBe(true);
    // The generated validators use the same equality.
    expect(jsonEqual({ valueOf: {} }, { valueOf: {} })).toBe(true);
    expect(jsonEqual({ valueOf: {} }, { valueOf: [] })).toBe(false);
  });

  it("reports ajv-shaped errors with instance paths, every one of them", () => {
    const validate = compileSchema({ type: "object", properties: { a: { type: "number" }, b: { type: "array", items: { type: "string" } }, c: {} }, required: ["a", "c"], additionalProperties: false });
    expect(validate({ a: "x", b: ["ok", 2], d: 1 })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword, e.params])).toEqual([
      ["", "required", { missingProperty: "c" }],
      ["/a", "type", { type: "number" }],
      ["/b/1", "type", { type: "string" }],
      ["", "additionalProperties", { additionalProperty: "d" }],
    ]);
    expect(validate({ a: 1, c: 0 })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it("reports a discriminated union's errors inside the member its tag names, at every depth; a missing or unknown tag is the error", () => {
    const expr: JsonSchema = {
      $defs: {
        Expr: {
          anyOf: [
            { type: "object", properties: { op: { const: "num" }, value: { type: "number" } }, required: ["op", "value"], additionalProperties: false },
            { type: "object", properties: { op: { const: "add" }, left: { $ref: "#/$defs/Expr" }, right: { $ref: "#/$defs/Expr" } }, required: ["op", "left", "right"], additionalProperties: false },
          ],
        },
      },
      type: "object",
      properties: { e: { $ref: "#/$defs/Expr" } },
      required: ["e"],
    };
    const validate = compileSchema(expr);
    expect(validate({ e: { op: "add", left: { op: "num", value: 1 }, right: { op: "add", left: { op: "num", value: "x" }, right: { op: "mul" } } } })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword, e.params])).toEqual([
      ["/e/right/left/value", "type", { type: "number" }],
      ["/e/right/right/op", "enum", { allowedValues: ["num", "add"] }],
    ]);
    expect(validate({ e: { value: 1 } })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword, e.params])).toEqual([["/e", "required", { missingProperty: "op" }]]);
    expect(validate({ e: "1 + 1" })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([["/e", "anyOf"]]);
  });

  it("tells a discriminated union's objects apart by their tag when the union also takes null (Circle | Rect | null)", () => {
    const circle = { type: "object", properties: { shape: { const: "circle" }, radius: { type: "number" } }, required: ["shape", "radius"], additionalProperties: false };
    const rect = { type: "object", properties: { shape: { const: "rect" }, w: { type: "number" }, h: { type: "number" } }, required: ["shape", "w", "h"], additionalProperties: false };
    const validate = compileSchema({ type: "object", properties: { s: { anyOf: [circle, rect, { type: "null" }] } } });
    const errors = (data: unknown) => (validate(data) ? [] : validate.errors!.map((e) => [e.instancePath, e.keyword, e.params]));
    expect(errors({ s: { shape: "rect", radius: 1 } })).toEqual([
      ["/s", "required", { missingProperty: "w" }],
      ["/s", "required", { missingProperty: "h" }],
      ["/s", "additionalProperties", { additionalProperty: "radius" }],
    ]);
    expect(errors({ s: { shape: "tri" } })).toEqual([["/s/shape", "enum", { allowedValues: ["circle", "rect"] }]]);
    expect(errors({ s: {} })).toEqual([["/s", "required", { missingProperty: "shape" }]]);
    expect(errors({ s: null })).toEqual([]);
    expect(errors({ s: "circle" })).toEqual([["/s", "anyOf", {}]]);
  });

  it("tells a value no member of a oneOf takes as anyOf does: by the member its tag names (OpenAPI writes unions as oneOf)", () => {
    const a = { type: "object", properties: { kind: { const: "a" }, x: { type: "number" } }, required: ["kind", "x"] };
    const b = { type: "object", properties: { kind: { const: "b" }, y: { type: "string" } }, required: ["kind", "y"] };
    const validate = compileSchema({ type: "object", properties: { e: { oneOf: [a, b] } } });
    expect(validate({ e: { kind: "a", x: "s" } })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([["/e/x", "type"]]);
    // Two members taking it is oneOf's own error.
    const both = compileSchema({ oneOf: [{ type: "number" }, { type: "integer" }] });
    expect([both(1), both.errors?.map((e) => e.keyword)]).toEqual([false, ["oneOf"]]);
  });

  it("tells members apart by their tag when they are references (a recursive type's) or name their tag by an enum of one", () => {
    const validate = compileSchema({
      $defs: {
        Num: { type: "object", properties: { kind: { const: "num" }, v: { type: "number" } }, required: ["kind", "v"], additionalProperties: false },
        Neg: { type: "object", properties: { kind: { enum: ["neg"] }, x: { $ref: "#/$defs/Expr" } }, required: ["kind", "x"], additionalProperties: false },
        Expr: { anyOf: [{ $ref: "#/$defs/Num" }, { $ref: "#/$defs/Neg" }] },
      },
      type: "object",
      properties: { e: { $ref: "#/$defs/Expr" } },
    });
    expect(validate({ e: { kind: "neg", x: { kind: "neg" } } })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword, e.params])).toEqual([["/e/x", "required", { missingProperty: "x" }]]);
    expect(validate({ e: { kind: "neg", x: { kind: "num", v: 1 } } })).toBe(true);
  });

  it("reports the errors of the one union member that admits the value's JSON type (the object of Address | null), at their paths", () => {
    const validate = compileSchema({ $defs: { Address: address }, type: "object", properties: { to: { anyOf: [{ $ref: "#/$defs/Address" }, { type: "null" }] }, lines: { anyOf: [{ type: "array", items: address }, { type: "integer" }] } } });
    expect(validate({ to: { street: 1, zip: "x" }, lines: [{}] })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([
      ["/to/street", "type"],
      ["/to/zip", "pattern"],
      ["/lines/0", "required"],
    ]);
    // A number is the integer member's: its own error. A string no member admits: one error for the union.
    expect(validate({ to: null, lines: 1.5 })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([["/lines", "type"]]);
    expect(validate({ to: "home" })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([["/to", "anyOf"]]);
  });

  it("checks the size bounds first: a value over its maximum is not given to the costly keywords; within bounds every error is reported", () => {
    const string: JsonSchema = { type: "string", minLength: 3, maxLength: 5, pattern: "^[a-z]+$", format: "email" };
    const array: JsonSchema = { type: "array", minItems: 3, maxItems: 4, items: { type: "number" }, uniqueItems: true };
    const object: JsonSchema = { type: "object", minProperties: 2, maxProperties: 3, properties: { a: { type: "number" } }, additionalProperties: false };
    const keywords = (schema: JsonSchema, value: unknown) => {
      const validate = compileSchema(schema, EVERY_FORMAT);
      validate(value);
      return (validate.errors ?? []).map((e) => e.keyword);
    };
    expect(keywords(string, "ABCDEFGH")).toEqual(["maxLength"]);
    expect(keywords(string, "A")).toEqual(["minLength", "pattern", "format"]);
    expect(keywords(array, ["x", "x", "x", "x", "x"])).toEqual(["maxItems"]);
    expect(keywords(array, ["x", "x"])).toEqual(["minItems", "type", "type", "uniqueItems"]);
    expect(keywords(object, { a: "x", b: 1, c: 2, d: 3 })).toEqual(["maxProperties"]);
    expect(keywords(object, { a: "x" })).toEqual(["minProperties", "type"]);
  });

  it("tells subschemas apart that differ only in a boolean subschema or a __proto__ property", () => {
    const open = { type: "object", properties: { a: true, b: { type: "string" } }, required: ["a"] } as JsonSchema;
    const closed = { type: "object", properties: { a: false, b: { type: "string" } }, required: ["a"] } as JsonSchema;
    const withProto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"number"},"b":{"type":"string"}}}') as JsonSchema;
    const withoutProto = { type: "object", properties: { b: { type: "string" } } } as JsonSchema;
    const proto = JSON.parse('{"__proto__":"x"}') as unknown;
    expect(compileSchema({ anyOf: [open, open] })({ a: 1 })).toBe(true);
    expect(compileSchema({ anyOf: [closed, closed] })({ a: 1 })).toBe(false);
    expect(compileSchema({ anyOf: [withProto, withProto] })(proto)).toBe(false);
    expect(compileSchema({ anyOf: [withProto, withProto] })({ b: "s" })).toBe(true);
    expect(compileSchema({ anyOf: [withoutProto, withoutProto] })(proto)).toBe(true);
  });

  it("checks an object that is no plain object (a class instance) by its own properties alone", () => {
    class Named {
      get name() {
        return "from the prototype";
      }
    }
    const validate = compileSchema({ type: "object", properties: { name: { type: "string" } }, additionalProperties: false });
    const instance = Object.assign(new Named(), { extra: 1 });
    expect(validate(instance)).toBe(false);
    expect(validate.errors?.map((e) => [e.keyword, e.params])).toEqual([["additionalProperties", { additionalProperty: "extra" }]]);
  });

  it("follows a reference to a reference, and refuses references that lead only to each other or to nothing, when compiled", () => {
    const chained = compileSchema({ $ref: "#/$defs/A", $defs: { A: { $ref: "#/$defs/B" }, B: { type: "string" } } });
    expect(chained("x")).toBe(true);
    expect(chained(1)).toBe(false);
    const never = "refers to itself before any property or item: a value's check would never end";
    expect(() => compileSchema({ $ref: "#/$defs/A", $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } })).toThrow(`the reference '#/$defs/A' ${never}`);
    // Through a union, `not` or `allOf` on the same value, from under a property too: every call would overflow the stack.
    const A = { anyOf: [{ $ref: "#/$defs/A" }, { type: "string" }] };
    expect(() => compileSchema({ type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A } })).toThrow(`the reference '#/$defs/A' ${never}`);
    expect(() => compileSchema({ $ref: "#/$defs/A", $defs: { A: { oneOf: [{ not: { $ref: "#/$defs/B" } }] }, B: { allOf: [{ $ref: "#/$defs/A" }] } } })).toThrow(`the reference '#/$defs/A' ${never}`);
    // Coming back after a property or an item is a recursive type, and a reference reached twice without a cycle is none.
    const tree = compileSchema({ $ref: "#/$defs/T", $defs: { T: { anyOf: [{ type: "object", properties: { c: { $ref: "#/$defs/T" } } }, { type: "array", items: { $ref: "#/$defs/T" } }] } } });
    expect(tree({ c: [{ c: [] }] })).toBe(true);
    expect(tree({ c: 1 })).toBe(false);
    expect(compileSchema({ anyOf: [{ $ref: "#/$defs/S" }, { allOf: [{ $ref: "#/$defs/S" }] }], $defs: { S: { type: "string" } } })("x")).toBe(true);
    expect(() => compileSchema({ $ref: "#/$defs/Missing" })).toThrow("the reference '#/$defs/Missing' points at nothing");
    expect(() => compileSchema({ type: "string", pattern: "([a-" })).toThrow('the pattern "([a-" is not a valid regular expression');
  });

  it("refuses assertion keywords it does not implement, and non-local references, when the schema is registered", () => {
    expect(() => compileSchema({ type: "object", properties: { a: { if: { type: "string" } } } })).toThrow("the schema keyword 'if' at #/properties/a is not supported by toolgen's validators");
    // Draft-07's tuple form would otherwise check nothing at all.
    expect(() => compileSchema({ type: "object", properties: { p: { type: "array", items: [{ type: "string" }, { type: "integer" }] } } })).toThrow("the schema at #/properties/p/items is a list (a tuple's items are 'prefixItems'), not a schema: an object or a boolean.");
    expect(() => compileSchema({ type: "object", properties: { a: "string" } } as never)).toThrow('the schema at #/properties/a is "string", not a schema');
    expect(compileSchema({ type: "object", properties: { a: true, b: false } })({ a: 1 })).toBe(true);
    // A list keyword that is no list, or a bound no JSON number can be, would let every value through or fail every call.
    expect(() => compileSchema({ anyOf: { type: "number" } } as never)).toThrow(`'anyOf' at # is {"type":"number"}, not a non-empty list.`);
    // A union of no member is none JSON Schema allows; a map of schemas that is a list was read as a property "0".
    expect(() => compileSchema({ anyOf: [] })).toThrow(`'anyOf' at # is [], not a non-empty list.`);
    expect(() => compileSchema({ type: "object", properties: [{ type: "string" }] } as never)).toThrow(`'properties' at # is [{"type":"string"}], not an object of schemas by name.`);
    expect(() => compileSchema({ enum: "a" } as never)).toThrow(`'enum' at # is "a", not a list.`);
    expect(() => compileSchema({ type: "object", required: "a" } as never)).toThrow(`'required' at # is "a", not a list of property names.`);
    expect(() => compileSchema({ type: "number", multipleOf: Infinity })).toThrow("'multipleOf' at # is Infinity, not a number above 0.");
    expect(() => compileSchema({ type: "number", maximum: Number.NaN })).toThrow("'maximum' at # is NaN, not a number.");
    expect(() => compileSchema({ anyOf: [{ type: "array", contains: { type: "number" } }] })).toThrow("the schema keyword 'contains' at #/anyOf/0 is not supported");
    expect(() => compileSchema({ $ref: "https://example.com/s.json" })).toThrow('the reference "https://example.com/s.json" at # is not local to the schema');
  });

  it("multipleOf reads decimals as they are written: 19.99 is a multiple of 0.01 (ajv, dividing in binary floating point, says no)", () => {
    const cents = compileSchema({ type: "number", multipleOf: 0.01 });
    expect([19.99, 0.07, 1.1, -3.33, 100, 0, 1e21].map((x) => cents(x))).toEqual([true, true, true, true, true, true, true]);
    expect([0.015, 19.991, 1e-7, Number.NaN].map((x) => cents(x))).toEqual([false, false, false, false]);
    const tenths = compileSchema({ type: "number", multipleOf: 0.1 });
    expect([0.3, 0.7, 2.5, 1.23].map((x) => tenths(x))).toEqual([true, true, true, false]);
    expect(compileSchema({ type: "number", multipleOf: 1.5e-7 })(4.5e-7)).toBe(true);
    expect(compileSchema({ type: "number", multipleOf: 1.5e-7 })(4.6e-7)).toBe(false);
    expect(compileSchema({ type: "integer", multipleOf: 3 })(10)).toBe(false);
    // Where dividing in floating point rounds to an integer, or overflows.
    expect(tenths(7.700000000000001)).toBe(false);
    expect(compileSchema({ type: "number", multipleOf: 1e-7 })(0.00019989999999999998)).toBe(false);
    expect(compileSchema({ type: "integer", multipleOf: 3 })(1e20)).toBe(false);
    expect(compileSchema({ type: "integer", multipleOf: 3 })(3e20)).toBe(true);
    expect(compileSchema({ type: "number", multipleOf: 1.5 })(9007199254740992)).toBe(false);
    expect(compileSchema({ type: "number", multipleOf: 1e-10 })(1e308)).toBe(true);
    expect(compileSchema({ type: "number", multipleOf: 0.01 })(-19.99)).toBe(true);
    expect(compileSchema({ type: "number", multipleOf: 2 })(Number.NaN)).toBe(false);
    expect(() => compileSchema({ type: "number", multipleOf: 0 })).toThrow("'multipleOf' at # is 0, not a number above 0.");
  });

  it("refuses a type that is none of JSON Schema's and a bound that is not a number, which it would check wrongly", () => {
    expect(() => compileSchema({ type: "object", properties: { a: { type: "strin" } } })).toThrow("'type' at #/properties/a is \"strin\", not one of string, number, integer, boolean, object, array, null.");
    expect(() => compileSchema({ type: ["string", "nul"] })).toThrow("'type' at # is [\"string\",\"nul\"], not one of");
    expect(() => compileSchema({ items: { type: "string", minLength: "3" } })).toThrow("'minLength' at #/items is \"3\", not a whole number, 0 or more.");
    expect(() => compileSchema({ type: "array", maxItems: -1 })).toThrow("'maxItems' at # is -1, not a whole number, 0 or more.");
    expect(() => compileSchema({ type: "string", maxLength: 1.5 })).toThrow("'maxLength' at # is 1.5, not a whole number, 0 or more.");
    expect(() => compileSchema({ type: "number", exclusiveMaximum: true })).toThrow("'exclusiveMaximum' at # is true, not a number.");
    // Keywords of other types that would be skipped, and a type list that admits nothing.
    expect(() => compileSchema({ type: "string", pattern: 5 } as never)).toThrow("'pattern' at # is 5, not a string.");
    expect(() => compileSchema({ type: "string", format: 5 } as never)).toThrow("'format' at # is 5, not a string.");
    expect(() => compileSchema({ type: "array", uniqueItems: "yes" } as never)).toThrow(`'uniqueItems' at # is "yes", not a boolean.`);
    expect(() => compileSchema({ type: [] } as never)).toThrow("'type' at # is [], not one of");
    expect(compileSchema({ type: ["integer", "null"], minimum: 0, "x-max": "no bound", minimumVersion: "1.0" })(null)).toBe(true);
  });

  it("ignores keywords nobody defines, as ajv does without strict mode", () => {
    const validate = compileSchema({ type: "object", "x-order": 1, nullable: true, properties: { a: { type: "string", markdownDescription: "**a**" } } });
    expect([validate({ a: "x" }), validate({ a: 1 })]).toEqual([true, false]);
  });

  it("never compiles code, so it works where code generation from strings is disallowed", () => {
    // eval and Function are the only ways to compile; make them throw while validating.
    const saved = globalThis.Function;
    globalThis.Function = new Proxy(saved, { construct: () => { throw new Error("no codegen"); }, apply: () => { throw new Error("no codegen"); } });
    try {
      expect(compileSchema({ type: "object", properties: { when: { type: "string", format: "date-time" } } })({ when: "2026-01-01T00:00:00Z" })).toBe(true);
    } finally {
      globalThis.Function = saved;
    }
  });
});

describe("formats of schemas registered at run time", () => {
  const schema: JsonSchema = { type: "object", properties: { to: { type: "string", format: "email" }, password: { type: "string", format: "password" }, odd: { type: "string", format: "x-made-up" } } };

  it("a format whose check is not carried is refused when the schema is compiled, saying where and what to pass", () => {
    expect(() => compileSchema(schema)).toThrow(
      `the format 'email' at #/properties/to is checked by a function this registry does not carry; pass it in the registry's 'formats' option: { formats: { "email": email } } with import { email } from "@toolgen/runtime/formats"`,
    );
  });

  it("finds a format under a property whose name is a keyword of values (`default`, `enum`), and not in the values themselves", () => {
    expect(() => compileSchema({ type: "object", properties: { default: { type: "string", format: "email" } } })).toThrow("the format 'email' at #/properties/default is checked by a function");
    expect(() => compileSchema({ type: "string", default: { format: "email" }, examples: [{ format: "email" }] })).not.toThrow();
  });

  it("checks the formats it is given; formats that check nothing on strings, and unknown ones, pass as in ajv", () => {
    const validate = compileSchema(schema, formatLookup({ email: ALL_FORMATS.email! }));
    expect(validate({ to: "a@b.co", password: "x", odd: "anything" })).toBe(true);
    expect(validate({ to: "nope" })).toBe(false);
    expect(validate.errors).toEqual([{ instancePath: "/to", keyword: "format", params: { format: "email" }, message: 'must match format "email"' }]);
  });

  it("checks the OpenAPI integer formats on numbers without being given them, as ajv-formats does; on strings they pass", () => {
    const validate = compileSchema({ type: "object", properties: { count: { type: "integer", format: "int32" }, id: { type: "string", format: "int64" } } });
    expect(validate({ count: 2147483647, id: "12.5" })).toBe(true);
    expect(validate({ count: 2147483648 })).toBe(false);
    expect(validate.errors).toEqual([{ instancePath: "/count", keyword: "format", params: { format: "int32" }, message: 'must match format "int32"' }]);
  });

  it("date-time is always checked (every Date argument needs it); a value that merely looks like a format is data", () => {
    const validate = compileSchema({ type: "object", properties: { when: { type: "string", format: "date-time" } }, default: { format: "email" }, enum: [{ format: "uri" }] });
    expect(validate({ when: "yesterday" })).toBe(false);
  });
});
