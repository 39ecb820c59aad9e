import { compileSchema, formatLookup, type JsonSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { severityOf } from "./change.js";
import { compareSchemas } from "./compare-schemas.js";

type Node = Record<string, unknown>;

/** Schemas of the kinds toolgen writes: typed leaves with bounds and enums, arrays, closed or open objects, unions. */
const schemaArb: fc.Arbitrary<Node> = fc.letrec<{ schema: Node }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ type: fc.constant("string"), minLength: fc.integer({ min: 0, max: 3 }), maxLength: fc.integer({ min: 2, max: 6 }), enum: fc.subarray(["a", "bb", "ccc", "dddd"], { minLength: 1 }) }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constantFrom("integer", "number"), minimum: fc.integer({ min: -3, max: 3 }), maximum: fc.integer({ min: -3, max: 6 }), exclusiveMaximum: fc.integer({ min: -2, max: 6 }), multipleOf: fc.constantFrom(1, 2, 3), format: fc.constantFrom("int32", "int64", "double") }, { requiredKeys: ["type"] }),
    fc.constantFrom<Node>({ type: "boolean" }, { type: "null" }, { enum: [1, "a", null] }, { type: ["string", "null"] }),
    fc.record({ type: fc.constant("array"), items: tie("schema"), minItems: fc.integer({ min: 0, max: 2 }), maxItems: fc.integer({ min: 1, max: 3 }), uniqueItems: fc.boolean() }, { requiredKeys: ["type", "items"] }),
    objectOf(tie("schema")),
    fc.tuple(tie("schema"), tie("schema")).map(([x, y]) => ({ anyOf: [x, y] })),
  ),
})).schema;

/** An object schema over properties a, b and c of `property` schemas, some required, closed or open, keys from c on held by a pattern or not. */
function objectOf(property: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
  return fc
    .record({ properties: fc.dictionary(fc.constantFrom("a", "b", "c"), property, { minKeys: 1, maxKeys: 3 }), required: fc.subarray(["a", "b", "c"]), closed: fc.boolean(), pattern: fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: property, weight: 1 }) })
    .map(({ properties, required, closed, pattern }) => ({ type: "object", properties, required: required.filter((k) => k in properties), ...(pattern ? { patternProperties: { "^c": pattern } } : {}), ...(closed ? { additionalProperties: false } : {}) }));
}

/** A tool's arguments: always an object at the root, as toolgen writes them. */
const argumentsSchemaArb = objectOf(schemaArb);

/** A small change somewhere in a schema, chosen by `pick` (the kinds of edit a tool's author makes). */
function mutate(schema: Node, pick: () => number): Node {
  const copy: Node = structuredClone(schema);
  const children: Node[] = [];
  for (const value of Object.values((copy.properties as Record<string, Node>) ?? {})) children.push(value);
  if (typeof copy.items === "object") children.push(copy.items as Node);
  for (const member of (copy.anyOf as Node[]) ?? []) children.push(member);
  if (children.length > 0 && pick() < 0.5) {
    const child = children[Math.floor(pick() * children.length)]!;
    Object.assign(child, mutate(child, pick));
    return copy;
  }
  const edits: Array<() => void> = [
    () => delete copy[Object.keys(copy)[Math.floor(pick() * Object.keys(copy).length)]!],
    () => (copy.minimum = Math.floor(pick() * 6) - 3),
    () => (copy.maxLength = Math.floor(pick() * 6)),
    () => (copy.enum = ["a", "bb", "ccc"].slice(0, 1 + Math.floor(pick() * 3))),
    () => (copy.required = [...((copy.required as string[]) ?? []), "a"]),
    () => (copy.required = ((copy.required as string[]) ?? []).slice(1)),
    () => (copy.additionalProperties = pick() < 0.5 ? false : true),
    () => (copy.type = ["string", "integer", "number", "null", "object", "array"][Math.floor(pick() * 6)]),
    () => (copy.multipleOf = [1, 2, 3][Math.floor(pick() * 3)]),
    () => (copy.uniqueItems = pick() < 0.5),
    () => (copy.properties = { ...((copy.properties as Node) ?? {}), c: { type: "string" } }),
    () => (copy.format = ["int32", "int64", "float"][Math.floor(pick() * 3)]),
  ];
  edits[Math.floor(pick() * edits.length)]!();
  const wrap = pick();
  // A union: of another type, or a oneOf whose members can both match a short string.
  return wrap < 0.1 ? { anyOf: [copy, { type: "null" }] } : wrap < 0.15 ? { oneOf: [copy, { type: "string", maxLength: 2 }] } : copy;
}

const FORMATS = formatLookup(ALL_FORMATS);

/** Numbers in [0, 1) from a seed (mulberry32): fast-check's own numbers lean towards their bounds. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values shaped like the schema (most of them close to valid), and any JSON. */
function valuesFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const node = (typeof schema === "object" && schema !== null ? schema : {}) as Node;
  const options: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 1 })];
  if (Array.isArray(node.enum)) options.push(fc.constantFrom(...(node.enum as unknown[])));
  for (const member of [node.anyOf ?? node.oneOf ?? []].flat()) options.push(valuesFor(member, depth + 1));
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("string")) options.push(fc.constantFrom("", "a", "bb", "ccc", "dddd", "eeeee"));
  if (types.includes("integer") || types.includes("number")) options.push(fc.integer({ min: -4, max: 7 }), fc.constantFrom(0.5, 2.5, 2 ** 31, 2 ** 40));
  if (types.includes("boolean")) options.push(fc.boolean());
  if (types.includes("null")) options.push(fc.constant(null));
  if (types.includes("array") && depth < 4) options.push(fc.array(valuesFor(node.items, depth + 1), { maxLength: 4 }));
  if (types.includes("object") && depth < 4) {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of Object.entries((node.properties as Record<string, unknown>) ?? {})) shape[key] = valuesFor(property, depth + 1);
    options.push(fc.record({ ...shape, c: fc.string({ maxLength: 2 }), cc: fc.constantFrom("a", 1, null) }, { requiredKeys: [] }), fc.record(shape, { requiredKeys: Object.keys(shape) }));
  }
  return fc.oneof(...options);
}

describe("compareSchemas, property-tested against toolgen's own validator", () => {
  it("whenever it finds nothing breaking for arguments, every value the old schema accepts, the new one accepts", () => {
    let checked = 0;
    fc.assert(
      fc.property(
        argumentsSchemaArb.chain((old) => fc.tuple(fc.constant(old), fc.integer(), fc.array(valuesFor(old), { minLength: 20, maxLength: 20 }))),
        ([old, seed, values]) => {
          const now = mutate(old, random(seed));
          const breaking = compareSchemas(old as JsonSchema, now as JsonSchema, "/input").filter((c) => severityOf(c.effect, "input") === "breaking");
          if (breaking.length > 0) return;
          const accepts = { old: compileSchema(old as JsonSchema, FORMATS), now: compileSchema(now as JsonSchema, FORMATS) };
          for (const value of values) {
            if (!accepts.old(value)) continue;
            checked++;
            expect(accepts.now(value), `${JSON.stringify(value)} is accepted by ${JSON.stringify(old)} but not by ${JSON.stringify(now)}`).toBe(true);
          }
        },
      ),
      { numRuns: 2500, seed: 20261201 },
    );
    // The property is about values: make sure many were checked, not vacuously none.
    expect(checked).toBeGreaterThan(2000);
  });

  it("and for results: whenever nothing is breaking, every value the new schema allows, the old one allowed", () => {
    fc.assert(
      fc.property(
        argumentsSchemaArb.chain((old) => fc.tuple(fc.constant(old), fc.integer())),
        ([old, seed]) => {
          const now = mutate(old, random(seed));
          const breaking = compareSchemas(old as JsonSchema, now as JsonSchema, "/output").filter((c) => severityOf(c.effect, "output") === "breaking");
          if (breaking.length > 0) return;
          const accepts = { old: compileSchema(old as JsonSchema, FORMATS), now: compileSchema(now as JsonSchema, FORMATS) };
          fc.assert(
            fc.property(valuesFor(now), (value) => {
              if (accepts.now(value)) expect(accepts.old(value), `${JSON.stringify(value)}: allowed by ${JSON.stringify(now)}, not by ${JSON.stringify(old)}`).toBe(true);
            }),
            { numRuns: 20, seed: 1 },
          );
        },
      ),
      { numRuns: 800, seed: 20261202 },
    );
  });
});
