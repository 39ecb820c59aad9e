import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatLookup, compileSchema, type JsonSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import type { CompiledValidator, ValidatorError } from "@toolgen/runtime/validation";
import { loadValidatorModule } from "../../../../../test-support/generated-validators.js";
import { compileValidators } from "./compile-validators.js";

// ajv is the reference for verdicts; the interpreting validator for the exact errors.
/* eslint-disable @typescript-eslint/consistent-type-imports */
const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default;
const addFormats = (require("ajv-formats") as typeof import("ajv-formats")).default;
/* eslint-enable @typescript-eslint/consistent-type-imports */
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const EVERY_FORMAT = formatLookup(ALL_FORMATS);

function compile(...schemas: JsonSchema[]): Promise<CompiledValidator[]> {
  const named = schemas.map((schema, i) => ({ name: `v${i}`, schema }));
  return loadValidatorModule(compileValidators(named), named.map((s) => s.name));
}

const sorted = (errors: ValidatorError[] | null | undefined) => (errors ?? []).map((e) => JSON.stringify(e)).sort();

const address: JsonSchema = { type: "object", properties: { street: { type: "string" }, zip: { type: "string", pattern: "^[0-9]{5}$" } }, required: ["street"], additionalProperties: false };
const cases: Array<[string, JsonSchema, unknown[]]> = [
  ["types", { type: ["string", "null"] }, ["a", null, 1, {}, []]],
  ["integer", { type: "integer", minimum: 0, exclusiveMaximum: 10, multipleOf: 2 }, [0, 4, 3, 10, -2, 1.5, "4", Number.NaN]],
  ["number limits", { type: "number", maximum: 5, exclusiveMinimum: -1 }, [5, 6, -1, 0, Infinity]],
  ["enum and const", { anyOf: [{ enum: ["a", 1, null] }, { const: { x: [1] } }] }, ["a", 1, null, { x: [1] }, { x: [2] }, "b"]],
  ["long enum", { enum: ["a", "b", "c", "d", "e", "f"] }, ["a", "f", "g", 1]],
  ["enum of objects", { enum: [{ a: 1 }, [1, 2], "x"] }, [{ a: 1 }, [1, 2], [2, 1], "x", { a: 2 }]],
  ["strings", { type: "string", minLength: 2, maxLength: 3, pattern: "^[a-z]+$" }, ["ab", "abcd", "a", "AB", "😀😀", "😀"]],
  ["formats", { type: "object", properties: { when: { type: "string", format: "date-time" }, mail: { type: "string", format: "email" }, id: { type: "string", format: "uuid" }, n: { format: "int32" } } }, [{ when: "2026-01-01T00:00:00Z" }, { when: "yesterday" }, { mail: "a@b.co" }, { mail: "nope" }, { id: "not-a-uuid" }, { n: "x" }]],
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
  ["plain union", { anyOf: [{ type: "string", minLength: 3 }, { type: "array", items: address }, { type: "null" }] }, ["abc", "a", null, [{ street: "a" }], [{}], 1]],
  ["false and empty", { type: "object", properties: { never: false, anything: {} } }, [{}, { never: 1 }, { anything: [1] }]],
];

describe("generated validators", () => {
  it.each(cases)("%s: the interpreter's errors, ajv's verdicts", async (_name, schema, samples) => {
    const [generated] = await compile(schema);
    const interpreted = compileSchema(schema, EVERY_FORMAT);
    const reference = ajv.compile(schema as object);
    for (const sample of samples) {
      const verdict = generated!(sample);
      expect([sample, verdict]).toEqual([sample, interpreted(sample)]);
      expect(sorted(generated!.errors)).toEqual(sorted(interpreted.errors));
      let expected: boolean | undefined;
      try {
        expected = reference(sample);
      } catch {
        expected = undefined; // ajv's deep equality throws on own `valueOf` keys
      }
      if (expected !== undefined) expect([sample, verdict]).toEqual([sample, expected]);
    }
  });

  it("agrees with the interpreter on random JSON values for every schema above (property)", async () => {
    const compiled = await compile(...cases.map(([, schema]) => schema));
    const interpreted = cases.map(([, schema]) => compileSchema(schema, EVERY_FORMAT));
    const samples = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...cases.flatMap(([, , values]) => values)));
    fc.assert(
      fc.property(samples, (value) => {
        compiled.forEach((generated, i) => {
          expect(generated(value)).toBe(interpreted[i]!(value));
          expect(sorted(generated.errors)).toEqual(sorted(interpreted[i]!.errors));
        });
      }),
      { numRuns: 500, seed: 20261130 },
    );
  });

  it("checks the size bounds first: a value over its maximum is not given to the costly keywords; within bounds every error is reported", async () => {
    const string: JsonSchema = { type: "string", minLength: 3, maxLength: 5, pattern: "^[a-z]+$", format: "email" };
    const array: JsonSchema = { type: "array", minItems: 3, maxItems: 4, items: { type: "number" }, uniqueItems: true };
    const object: JsonSchema = { type: "object", minProperties: 2, maxProperties: 3, properties: { a: { type: "number" } }, additionalProperties: false };
    const keywords = (validate: CompiledValidator, value: unknown) => (validate(value), (validate.errors ?? []).map((e) => e.keyword));
    const expectations: Array<[JsonSchema, unknown, string[]]> = [
      [string, "ABCDEFGH", ["maxLength"]],
      [string, "A", ["minLength", "pattern", "format"]],
      [array, ["x", "x", "x", "x", "x"], ["maxItems"]],
      [array, ["x", "x"], ["minItems", "type", "type", "uniqueItems"]],
      [object, { a: "x", b: 1, c: 2, d: 3 }, ["maxProperties"]],
      [object, { a: "x" }, ["minProperties", "type"]],
    ];
    const generated = await compile(...expectations.map(([schema]) => schema));
    expectations.forEach(([schema, value, expected], i) => {
      expect(keywords(generated[i]!, value)).toEqual(expected);
      expect(keywords(compileSchema(schema, EVERY_FORMAT), value)).toEqual(expected);
    });
  });

  it("generates a subschema used in several places once, whatever its descriptions say", async () => {
    const described = { ...address, description: "Where to deliver." };
    const code = compileValidators([
      { name: "v0", schema: { type: "object", properties: { from: address, to: described } } },
      { name: "v1", schema: { type: "array", items: { ...address, title: "Stop" } } },
    ]);
    expect(code.match(/"street"/g)).toHaveLength(2); // one required check, one property check
    expect(code).toMatch(/^function s0\(d,p,e\)/m);
    const [v0, v1] = await loadValidatorModule(code, ["v0", "v1"]);
    expect(v0!({ from: { street: "a" }, to: { street: 1 } })).toBe(false);
    expect(v0!.errors?.map((e) => e.instancePath)).toEqual(["/to/street"]);
    expect(v1!([{ street: "a", zip: "1" }])).toBe(false);
    expect(v1!.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([["/0/zip", "pattern"]]);
  });

  it("never shares one function between subschemas that differ only in a boolean subschema or a __proto__ property", async () => {
    const open = { type: "object", properties: { a: true, b: { type: "string" } }, required: ["a"] } as JsonSchema;
    const closed = { type: "object", properties: { a: false, b: { type: "string" } }, required: ["a"] } as JsonSchema;
    const withProto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"number"},"b":{"type":"string"}}}') as JsonSchema;
    const withoutProto = { type: "object", properties: { b: { type: "string" } } } as JsonSchema;
    const validators = await compile({ anyOf: [open, open] }, { anyOf: [closed, closed] }, { anyOf: [withProto, withProto] }, { anyOf: [withoutProto, withoutProto] });
    const [v0, v1, v2, v3] = validators;
    expect(v0!({ a: 1 })).toBe(true);
    expect(v1!({ a: 1 })).toBe(false);
    const proto = JSON.parse('{"__proto__":"x"}') as unknown;
    expect(v2!(proto)).toBe(false);
    expect(v2!({ b: "s" })).toBe(true);
    expect(v3!(proto)).toBe(true);
  });

  it("writes the same code for the same schemas, with no eval or Function", () => {
    const schemas = cases.map(([, schema], i) => ({ name: `v${i}`, schema }));
    const code = compileValidators(schemas);
    expect(compileValidators(structuredClone(schemas))).toBe(code);
    expect(code).not.toMatch(/\beval\b|\bFunction\(/);
  });

  it("refuses what it cannot check, saying what and where", () => {
    expect(() => compileValidators([{ name: "v0", schema: { type: "object", properties: { a: { if: {} } } } }])).toThrow("the schema keyword 'if' at #/properties/a");
    expect(() => compileValidators([{ name: "v0", schema: { type: "string", pattern: "([a-" } }])).toThrow('the pattern "([a-" is not a valid regular expression');
    expect(() => compileValidators([{ name: "v0", schema: { $ref: "#/$defs/Missing" } }])).toThrow("in the input schema of v0, the reference '#/$defs/Missing' points at nothing");
  });
});
