import { describe, expect, it } from "vitest";
import { compareSchemas } from "./compare-schemas.js";

const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({ type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false, ...extra });
/** Each change as `effect code path`. */
const diff = (a: unknown, b: unknown) => compareSchemas(a as never, b as never, "/input").map((c) => `${c.effect} ${c.code} ${c.path}`);

describe("compareSchemas", () => {
  it("the same schema, reordered keys and all, is no change", () => {
    const a = obj({ sku: { type: "string" }, quantity: { type: "integer", minimum: 1 } }, ["sku"]);
    const b = { additionalProperties: false, required: ["sku"], properties: { quantity: { minimum: 1, type: "integer" }, sku: { type: "string" } }, type: "object" };
    expect(diff(a, b)).toEqual([]);
  });

  it("required and properties", () => {
    const a = obj({ sku: { type: "string" }, note: { type: "string" } }, ["sku"]);
    expect(diff(a, obj({ sku: { type: "string" }, note: { type: "string" } }, ["sku", "note"]))).toEqual(["narrows required-added /input/note"]);
    expect(diff(a, obj({ sku: { type: "string" }, note: { type: "string" } }))).toEqual(["widens required-removed /input/sku"]);
    expect(diff(a, obj({ sku: { type: "string" } }, ["sku"]))).toEqual(["narrows property-removed /input/note"]);
    expect(diff(a, obj({ sku: { type: "string" }, note: { type: "string" }, gift: { type: "boolean" } }, ["sku"]))).toEqual(["widens property-added /input/gift"]);
    expect(diff(a, obj({ sku: { type: "string" }, note: { type: "string" }, gift: { type: "boolean" } }, ["sku", "gift"]))).toEqual(["widens property-added /input/gift", "narrows required-added /input/gift"]);
    expect(diff(a, { ...a, additionalProperties: true })).toEqual(["widens additional-properties-allowed /input/*"]);
  });

  it("two spellings of the same values are no change: multipleOf a whole number on a number is an integer, maxItems 0 is items: false", () => {
    expect(diff({ type: "number", multipleOf: 1 }, { type: "integer" })).toEqual([]);
    expect(diff({ type: "integer" }, { type: "integer", multipleOf: 1 })).toEqual([]);
    expect(diff({ type: "number", multipleOf: 5 }, { type: "integer", multipleOf: 5 })).toEqual([]);
    expect(diff({ type: "array", maxItems: 0 }, { type: "array", items: false })).toEqual([]);
    expect(diff({ type: ["number", "null"], multipleOf: 1 }, { type: ["integer", "null"] })).toEqual([]);
    expect(diff({ type: "array", maxItems: 0 }, { type: "array", maxItems: 0, uniqueItems: true })).toEqual([]);
    // Wider both ways: a half step takes every whole number, and one item more than none.
    expect(diff({ type: "integer" }, { type: "number", multipleOf: 0.5 }).every((c) => c.startsWith("widens"))).toBe(true);
    expect(diff({ type: "array", items: false }, { type: "array", items: { type: "string" }, maxItems: 1 }).every((c) => c.startsWith("widens"))).toBe(true);
    // Still told: a step that is not whole, and a number become an integer.
    expect(diff({ type: "number", multipleOf: 0.5 }, { type: "integer" })).toContain("narrows type-narrowed /input");
    expect(diff({ type: "number", multipleOf: 2 }, { type: "number", multipleOf: 4 })).toEqual(["narrows constraint-tightened /input"]);
  });

  it("a property leaving or joining an object open to any value is one change, not one per JSON type", () => {
    const open = (properties: Record<string, unknown>) => ({ type: "object", properties });
    expect(diff(open({ a: { type: "string" }, b: { type: "number" } }), open({ a: { type: "string" } }))).toEqual(["widens property-undeclared /input/b"]);
    expect(diff(open({ a: { type: "string" } }), open({ a: { type: "string" }, b: { type: "number" } }))).toEqual(["narrows property-declared /input/b"]);
    // Open to a schema, not to anything: compared with it, as before.
    expect(diff({ ...open({ b: { type: "number" } }), additionalProperties: { type: "number" } }, { ...open({}), additionalProperties: { type: "number" } })).toEqual([]);
  });

  it("a member against the closest of several of one type says so: its bound is one member's, not the union's", () => {
    const split = { anyOf: [{ type: "string", maxLength: 3 }, { type: "string", minLength: 10 }] };
    const messages = (a: unknown, b: unknown) => compareSchemas(a as never, b as never, "/input").map((c) => `${c.effect} ${c.message}`);
    expect(messages({ type: "string" }, split)).toEqual(["narrows maxLength none → 3 (against the closest of the 2 members that take a string now)"]);
    expect(messages(split, { type: "string" })).toEqual(["widens maxLength 3 → none (against the closest of the 2 members that took a string before)"]);
    // Members a tag tells apart are no candidates for one another: a changed member says what changed in it.
    const tagged = (wire: Record<string, unknown>, required: string[]) => ({
      anyOf: ["cash", "card"].map((kind) => obj({ kind: { const: kind }, amount: { type: "number" } }, ["kind", "amount"])).concat(obj({ kind: { const: "wire" }, amount: { type: "number" }, ...wire }, ["kind", "amount", ...required])),
    });
    expect(messages(tagged({}, []), tagged({ bic: { type: "string" } }, ["bic"]))).toEqual(["narrows 'bic' is required now (a new property): a value without it is rejected", "widens 'bic' was added"]);
    // A tag of several values tells its member apart too.
    const twoKinds = (wire: Record<string, unknown>, required: string[]) => ({
      anyOf: [obj({ kind: { enum: ["cash", "check"] }, amount: { type: "number" } }, ["kind", "amount"]), obj({ kind: { const: "card" }, amount: { type: "number" } }, ["kind", "amount"]), obj({ kind: { const: "wire" }, amount: { type: "number" }, ...wire }, ["kind", "amount", ...required])],
    });
    expect(messages(twoKinds({}, []), twoKinds({ bic: { type: "string" } }, ["bic"]))).toEqual(["narrows 'bic' is required now (a new property): a value without it is rejected", "widens 'bic' was added"]);
    // Of two members as close by what they reject, the one that differs least: the bound that changed is named.
    const lengths = (min: number) => ({ anyOf: [{ type: "string", maxLength: 3 }, { type: "string", minLength: min }] });
    expect(messages(lengths(5), lengths(6))).toEqual(["narrows minLength 5 → 6 (against the closest of the 2 members that take a string now)"]);
    // One member of the type: its bound is the union's, said as it is.
    expect(messages({ type: "string" }, { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] })).toEqual(["narrows maxLength none → 3", "widens now also accepts null"]);
  });

  it("types, enums and constants", () => {
    expect(diff({ type: "number" }, { type: "integer" })).toEqual(["narrows type-narrowed /input"]);
    expect(compareSchemas({ type: "number" }, { type: "integer" }, "/input")[0]!.message).toBe("accepts whole numbers only now");
    const removed = compareSchemas(obj({ total: { type: "number" } }, ["total"]), obj({}), "/output");
    expect(removed.find((c) => c.code === "required-removed")!.message).toBe("'total' was removed, and is required no more");
    expect(diff({ type: "integer" }, { type: "number" })).toEqual(["widens type-widened /input"]);
    expect(diff({ type: "string" }, { type: ["string", "null"] })).toEqual(["widens type-widened /input"]);
    expect(diff({ enum: ["a", "b"] }, { enum: ["b", "c"] })).toEqual(["narrows enum-value-removed /input", "widens enum-value-added /input"]);
    expect(diff({ type: "string" }, { type: "string", enum: ["a"] })).toEqual(["narrows enum-added /input"]);
    expect(diff({ type: "string", enum: ["a", "bb"] }, { type: "string", minLength: 2 })).toEqual(["widens enum-removed /input", "narrows enum-value-removed /input"]);
    expect(diff({ const: 1 }, { const: 2 })).toEqual(["narrows enum-value-removed /input", "widens enum-value-added /input"]);
    // What the new schema bounds is said: not any integer.
    expect(compareSchemas({ enum: [1, 2] }, { type: "integer", minimum: 1, maximum: 3 }, "/input").map((c) => c.message)).toEqual(["accepts any integer (minimum 1, maximum 3) now, where it took only 1, 2"]);
    // A value the bounds leave out is said beside it, which "not only 1, 2" seemed to deny.
    expect(compareSchemas({ enum: [1, 2] }, { type: "integer", minimum: 2, maximum: 3 }, "/input").map((c) => `${c.effect} ${c.message}`)).toEqual(["widens accepts any integer (minimum 2, maximum 3) now, where it took only 1, 2", "narrows no longer accepts 1"]);
  });

  it("bounds, patterns and formats", () => {
    expect(diff({ type: "integer", minimum: 1 }, { type: "integer", minimum: 2 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "integer", minimum: 1 }, { type: "integer" })).toEqual(["widens constraint-relaxed /input"]);
    expect(diff({ type: "number", maximum: 5 }, { type: "number", exclusiveMaximum: 5 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "number", multipleOf: 2 }, { type: "number", multipleOf: 4 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "number", multipleOf: 4 }, { type: "number", multipleOf: 2 })).toEqual(["widens constraint-relaxed /input"]);
    expect(diff({ type: "number", multipleOf: 2 }, { type: "number", multipleOf: 3 })).toEqual(["changes constraint-changed /input"]);
    // In decimals: 0.3 is a multiple of 0.1 (0.3 / 0.1 is 2.9999999999999996 in floating point).
    expect(diff({ type: "number", multipleOf: 0.1 }, { type: "number", multipleOf: 0.3 })).toEqual(["narrows constraint-tightened /input"]);
    // Over integers, two spellings of one bound: the same values.
    expect(diff({ type: "integer", exclusiveMinimum: 0 }, { type: "integer", minimum: 1 })).toEqual([]);
    expect(diff({ type: "integer", maximum: 9.5 }, { type: "integer", exclusiveMaximum: 10 })).toEqual([]);
    expect(diff({ type: "integer", exclusiveMinimum: 0 }, { type: "integer", minimum: 2 })).toEqual(["narrows constraint-tightened /input"]);
    expect(compareSchemas({ type: "integer", exclusiveMaximum: 10 }, { type: "integer", maximum: 10 }, "/input")[0]!.message).toBe("maximum < 10 → 10");
    expect(diff({ type: "number", exclusiveMinimum: 0 }, { type: "number", minimum: 1 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "string", maxLength: 10 }, { type: "string", maxLength: 5 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "string", pattern: "^a" }, { type: "string", pattern: "^a+" })).toEqual(["changes pattern-changed /input"]);
    expect(diff({ type: "string" }, { type: "string", format: "email" })).toEqual(["narrows format-added /input"]);
  });

  it("a number's format: int32 takes fewer integers than int64, which takes fewer than none; float and double take any number", () => {
    expect(diff({ type: "number" }, { type: "number", format: "int32" })).toEqual(["narrows format-added /input"]);
    expect(diff({ type: "integer", format: "int64" }, { type: "integer", format: "int32" })).toEqual(["narrows format-changed /input"]);
    expect(diff({ type: "integer", format: "int32" }, { type: "integer", format: "int64" })).toEqual(["widens format-changed /input"]);
    expect(diff({ type: ["integer", "null"], format: "int32" }, { type: ["integer", "null"] })).toEqual(["widens format-removed /input"]);
    expect(diff({ type: "number" }, { type: "number", format: "double" })).toEqual([]);
    expect(diff({ type: "number", format: "float" }, { type: "number", format: "int32" })).toEqual(["narrows format-added /input"]);
    expect(diff({ type: "number", format: "money" }, { type: "number", format: "cents" })).toEqual(["changes format-changed /input"]);
  });

  it("an integer bound is read as the integer it lets through first on each side alone: beside null, and against a number's bound", () => {
    expect(diff({ type: ["integer", "null"], exclusiveMinimum: 0 }, { type: ["integer", "null"], minimum: 1 })).toEqual([]);
    expect(diff({ type: "integer", exclusiveMaximum: 10 }, { type: "number", maximum: 9 }).filter((c) => !c.includes("type-widened"))).toEqual([]);
    expect(diff({ type: "integer", minimum: 0.5 }, { type: "number", minimum: 1 }).filter((c) => !c.includes("type-widened"))).toEqual([]);
    // Still told where a whole number goes: ≤ 9 of integers against < 9 of numbers.
    expect(diff({ type: "integer", exclusiveMaximum: 10 }, { type: "number", exclusiveMaximum: 9 })).toContain("narrows constraint-tightened /input");
  });

  it("a property beside a pattern that holds its key: added, it narrows what the key takes; removed, it widens", () => {
    const attrs = (properties: Record<string, unknown>, pattern: unknown = { type: "string" }) => ({ type: "object", properties, patternProperties: { "^data-": pattern }, additionalProperties: false });
    expect(diff(attrs({}), attrs({ "data-mode": { enum: ["fast", "slow"] } }))).toEqual(["narrows enum-added /input/data-mode"]);
    expect(diff(attrs({ "data-id": { enum: ["a"] } }), attrs({}))).toEqual(["widens enum-removed /input/data-id"]);
    // What the pattern refused stays refused: no widening to say, as no narrowing the other way.
    expect(diff(attrs({}), attrs({ "data-n": { type: ["string", "number"] } }))).toEqual([]);
    expect(diff(attrs({ "data-n": { type: ["string", "number"] } }), attrs({}))).toEqual([]);
    // A key the pattern does not hold is the closed object's, as before.
    expect(diff(attrs({}), attrs({ mode: { type: "string" } }))).toEqual(["widens property-added /input/mode"]);
    const two = (properties: Record<string, unknown>) => ({ type: "object", properties, patternProperties: { "^data-": { type: "string" }, "mode$": { type: "string" } } });
    expect(diff(two({}), two({ "data-mode": { type: "string" } }))).toEqual(["changes schema-changed /input/data-mode"]);
  });

  it("a oneOf whose members can overlap: any change to its members is one toolgen cannot prove; of exclusive members, read as anyOf", () => {
    const string = { type: "string" };
    const short = { type: "string", maxLength: 3 };
    expect(diff({ oneOf: [string, { type: "number" }] }, { oneOf: [string, { type: "number" }, short] })).toEqual(["changes schema-changed /input"]);
    expect(diff({ oneOf: [string, short] }, { oneOf: [string] })).toEqual(["changes schema-changed /input"]);
    expect(diff({ oneOf: [{ type: "string", maxLength: 3 }, { type: "string", minLength: 5 }] }, { oneOf: [{ type: "string", maxLength: 6 }, { type: "string", minLength: 5 }] })).toEqual(["changes schema-changed /input"]);
    expect(diff({ oneOf: [string, { ...short, description: "Short." }] }, { oneOf: [string, { ...short, description: "Brief." }] })).toEqual(["cosmetic description-changed /input"]);
    // Of other types, other values or other required tags, exactly one member is any member.
    expect(diff({ oneOf: [string, { type: "number" }] }, { oneOf: [string, { type: "number" }, { type: "boolean" }] })).toEqual(["widens union-member-added /input"]);
    expect(diff({ oneOf: [{ const: "a" }, { const: "b" }] }, { oneOf: [{ const: "a" }] })).toEqual(["narrows enum-value-removed /input"]);
    // A value added is that value: no member's bound is meant.
    expect(compareSchemas({ oneOf: [{ const: "a" }, { const: "b" }] } as never, { oneOf: [{ const: "a" }, { const: "b" }, { const: "c" }] } as never, "/input").map((c) => c.message)).toEqual(['now also accepts "c"']);
    const tagged = (extra: Record<string, unknown>) => ({ oneOf: [obj({ kind: { const: "a" }, n: { type: "number" } }, ["kind"]), obj({ kind: { const: "b" }, ...extra }, ["kind"])] });
    expect(diff(tagged({}), tagged({ note: { type: "string" } }))).toEqual(["widens property-added /input/note"]);
  });

  it("an assertion beside a $ref holds with the definition's: a bound written beside one over the definition's is no longer read as replacing it", () => {
    const code = (beside: Record<string, unknown>, definition: Record<string, unknown> = { maxLength: 3 }) => ({ ...obj({ x: { $ref: "#/$defs/Code", ...beside } }), $defs: { Code: { type: "string", ...definition } } });
    // Two bounds of one kind: the tighter holds.
    expect(diff(obj({ x: { type: "string", maxLength: 10 } }), code({ maxLength: 10 }))).toEqual(["narrows constraint-tightened /input/x"]);
    expect(diff(obj({ x: { type: "string", maxLength: 10 } }), code({ maxLength: 10 }, { maxLength: 30 }))).toEqual([]);
    expect(diff(code({}, { maxLength: 10 }), code({ maxLength: 10 }, { maxLength: 10 }))).toEqual([]);
    // One the definition does not make is added to it, and compared as such.
    expect(diff(obj({ x: { type: "string", maxLength: 3 } }), code({ minLength: 1 }))).toEqual(["narrows constraint-tightened /input/x"]);
    // Two patterns both hold, which toolgen cannot compare with one: said so, in the user's words.
    const both = compareSchemas(obj({ x: { type: "string", pattern: "^a" } }) as never, code({ pattern: "^a" }, { pattern: "^b" }) as never, "/input");
    expect(both.map((c) => `${c.effect} ${c.message}`)).toEqual(['changes assertions beside a $ref that its definition makes otherwise added: {"pattern":"^a"}; toolgen cannot prove this compatible']);
  });

  it("arrays and tuples", () => {
    expect(diff({ type: "array", items: { type: "string" } }, { type: "array", items: { type: "string" }, maxItems: 3 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "array", items: { type: "string" } }, { type: "array", items: { type: ["string", "number"] } })).toEqual(["widens type-widened /input/*"]);
    const tuple = (items: unknown[]) => ({ type: "array", prefixItems: items, items: false, minItems: items.length, maxItems: items.length });
    // `{ not: {} }` accepts no value, as `false` does; `not` is a keyword this comparison does not model.
    expect(compareSchemas({ type: "array", items: false }, { type: "array", items: { not: {} } }, "/input")).toEqual([
      { path: "/input/*", code: "schema-changed", effect: "changes", message: "false → a schema with 'not'; toolgen cannot prove this compatible" },
    ]);
    expect(diff({ type: "array", items: false }, { type: "array", items: { type: "string" } })).toEqual(["widens type-widened /input/*"]);
    expect(diff(tuple([{ type: "string" }]), tuple([{ type: "string" }, { type: "number" }]))).toEqual(["narrows constraint-tightened /input", "widens type-widened /input/1"]);
  });

  it("one edit of an array's bounds is one finding; a tuple's bound spelled as maxItems or as items: false is no change", () => {
    expect(diff({ type: "array", items: { type: "string" }, maxItems: 3 }, { type: "array", items: { type: "string" }, maxItems: 0 })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ type: "array", prefixItems: [{ type: "number" }], items: false }, { type: "array", prefixItems: [{ type: "number" }], maxItems: 1 })).toEqual([]);
  });

  it("a nullable respelled as a union with its description and default beside it: only what changed inside is said", () => {
    const old = { description: "The tone.", type: ["string", "null"], default: null };
    const now = { description: "The tone.", anyOf: [{ description: "A tone of voice.", type: "string" }, { type: "null" }], default: null };
    expect(compareSchemas(old as never, now as never, "/input")).toEqual([{ path: "/input", code: "description-changed", effect: "cosmetic", message: 'description added: "A tone of voice."' }]);
    expect(diff(old, { ...now, default: "x" })).toEqual(["default default-changed /input", "cosmetic description-changed /input"]);
  });

  it("a tagged union and one object whose tag lists the same values accept the same: no change, either way", () => {
    const member = (kind: string) => ({ type: "object", properties: { kind: { const: kind } }, required: ["kind"], additionalProperties: false });
    const merged = { type: "object", properties: { kind: { type: "string", enum: ["a", "b"] } }, required: ["kind"], additionalProperties: false };
    expect(diff({ anyOf: [member("a"), member("b")] }, merged)).toEqual([]);
    expect(diff(merged, { anyOf: [member("a"), member("b")] })).toEqual([]);
    expect(diff(merged, { anyOf: [member("a"), member("c")] })).toEqual(["narrows union-member-removed /input", "widens union-member-added /input"]);
  });

  it("says what is left: a member that took any value removed, an enum of no value", () => {
    expect(compareSchemas({ anyOf: [{ type: "string" }, {}] } as never, { type: "string" } as never, "/input").map((c) => c.message)).toEqual(["no longer accepts any value, only a string"]);
    expect(compareSchemas({ type: "string" } as never, { enum: [] } as never, "/input").map((c) => c.message)).toEqual(["accepts no value now"]);
  });

  it("unions: a member removed or added; a member changed inside", () => {
    const a = { anyOf: [{ type: "string" }, { type: "number" }] };
    expect(diff(a, { type: "string" })).toEqual(["narrows union-member-removed /input"]);
    expect(diff({ type: "string" }, a)).toEqual(["widens union-member-added /input"]);
    const shape = (kind: string, extra: Record<string, unknown>) => obj({ kind: { const: kind }, ...extra }, ["kind"]);
    const old = { anyOf: [shape("circle", { r: { type: "number" } }), shape("square", { side: { type: "number" } })] };
    const now = { anyOf: [shape("circle", { r: { type: "number" } }), shape("square", { side: { type: "number", minimum: 0 } })] };
    expect(diff(old, now)).toEqual(["narrows constraint-tightened /input/side"]);
    // A property the members share changed in one: that member changed, though another tag's member is as close.
    const tagged = (kind: string, v: string) => obj({ kind: { type: "string", const: kind }, v: { type: v } }, ["kind", "v"]);
    expect(diff({ anyOf: [tagged("a", "string"), tagged("b", "string")] }, { anyOf: [tagged("a", "string"), tagged("b", "number")] })).toEqual(["narrows type-narrowed /input/v", "widens type-widened /input/v"]);
    // Without a discriminator too, the member of the same type is the one that changed, wherever the others stand.
    const plain = { anyOf: [{ type: "string" }, obj({ a: { type: "string" } }, ["a"])] };
    expect(diff(plain, { anyOf: [{ type: "string" }, obj({ a: { type: "string" }, b: { type: "number" } }, ["a", "b"])] })).toEqual(["narrows required-added /input/b", "widens property-added /input/b"]);
    expect(diff(plain, { anyOf: [{ type: "string" }, obj({ a: { type: "string" }, b: { type: "number" } }, ["a"])] })).toEqual(["widens property-added /input/b"]);
  });

  it("one union in another spelling is no change; a real change in it still is", () => {
    const nullable = { type: ["string", "null"] };
    const members = { anyOf: [{ type: "string" }, { type: "null" }] };
    expect(diff(nullable, members)).toEqual([]);
    expect(diff(members, nullable)).toEqual([]);
    expect(diff({ anyOf: [{ type: "string", minLength: 2 }, { type: "null" }] }, { type: ["string", "null"], minLength: 2 })).toEqual([]);
    // A literal with a doc comment of its own is written apart: the analyzer writes `anyOf` then.
    expect(diff({ type: "string", enum: ["a", "b"] }, { anyOf: [{ const: "a", description: "A." }, { const: "b" }] })).toEqual(["cosmetic description-changed /input"]);
    expect(diff({ anyOf: [{ type: "string", enum: ["a", "b"] }, { type: "null" }] }, { type: ["string", "null"], enum: ["a", "b", null] })).toEqual([]);
    expect(diff({ anyOf: [{ type: "boolean" }, { type: "string" }] }, { anyOf: [{ enum: [true, false] }, { type: "string" }] })).toEqual([]);
    expect(diff({ type: "null" }, { const: null })).toEqual([]);
    expect(diff(nullable, { anyOf: [{ type: "string" }] })).toEqual(["narrows union-member-removed /input"]);
    expect(diff(nullable, { anyOf: [{ type: "string", minLength: 1 }, { type: "null" }] })).toEqual(["narrows constraint-tightened /input"]);
    expect(diff({ anyOf: [{ const: "a" }, { const: "b" }] }, { type: "string", enum: ["a"] })).toEqual(["narrows enum-value-removed /input"]);
  });

  it("a union member's own description or default changed is said, as cosmetic or default", () => {
    const mode = (doc: string) => ({ anyOf: [{ const: "a", description: doc }, { const: "b" }, { type: "null" }] });
    expect(diff(mode("The first."), mode("The 1st."))).toEqual(["cosmetic description-changed /input"]);
    expect(diff({ anyOf: [{ type: "string", default: "x" }, { type: "null" }] }, { anyOf: [{ type: "string", default: "y" }, { type: "null" }] })).toEqual(["default default-changed /input"]);
  });

  it("follows $refs into each side's own $defs: a definition's name is no change; recursion ends", () => {
    const tree = (name: string, extra: Record<string, unknown> = {}) => ({
      $ref: `#/$defs/${name}`,
      $defs: { [name]: obj({ label: { type: "string" }, children: { type: "array", items: { $ref: `#/$defs/${name}` } }, ...extra }, ["label"]) },
    });
    expect(diff(tree("Folder"), tree("Node"))).toEqual([]);
    expect(diff(tree("Folder"), tree("Folder", { size: { type: "integer" } }))).toEqual(["widens property-added /input/size"]);
    expect(diff(tree("Folder", { size: { type: "integer" } }), tree("Folder"))).toEqual(["narrows property-removed /input/size"]);
  });

  it("reads what is written beside a $ref (a parameter's description and default) over the definition", () => {
    const node = { type: "object", description: "A tree node.", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } }, required: ["label"], additionalProperties: false };
    const paint = (beside: Record<string, unknown>) => ({ ...obj({ tree: { $ref: "#/$defs/Node", ...beside } }), $defs: { Node: node } });
    expect(diff(paint({ description: "The tree to paint." }), paint({ description: "The tree to draw." }))).toEqual(["cosmetic description-changed /input/tree"]);
    expect(diff(paint({ default: { label: "root" } }), paint({ default: { label: "top" } }))).toEqual(["default default-changed /input/tree"]);
    expect(diff(paint({ description: "The tree to paint." }), paint({ description: "The tree to paint." }))).toEqual([]);
  });

  it("descriptions, titles and examples are cosmetic; a default is its own kind", () => {
    expect(diff({ type: "string", description: "a" }, { type: "string", description: "b", examples: ["x"] })).toEqual(["cosmetic description-changed /input", "cosmetic examples-changed /input"]);
    expect(diff({ type: "string", default: "a" }, { type: "string", default: "b" })).toEqual(["default default-changed /input"]);
  });

  it("what it does not model is a change it cannot prove compatible", () => {
    expect(diff({ type: "object", propertyNames: { pattern: "^a" } }, { type: "object", propertyNames: { pattern: "^b" } })).toEqual(["changes schema-changed /input"]);
  });

  it("says nothing it read past such a keyword: an allOf dropped is that one change, not the other keywords' misreading", () => {
    const member = obj({ a: { type: "string" } }, ["a"]);
    expect(diff({ allOf: [member] }, member)).toEqual(["changes schema-changed /input"]);
  });

  it("true and {} are both any value, wherever a schema goes", () => {
    for (const [a, b] of [
      [{ type: "array", items: true }, { type: "array", items: {} }],
      [obj({}, [], { additionalProperties: true }), obj({}, [], { additionalProperties: {} })],
      [obj({ x: true }), obj({ x: { description: "Anything." } })],
    ]) {
      expect(diff(a, b).filter((change) => !change.startsWith("cosmetic"))).toEqual([]);
      expect(diff(b, a).filter((change) => !change.startsWith("cosmetic"))).toEqual([]);
    }
    expect(diff({ type: "array", items: true }, { type: "array", items: { type: "string" } })).toContain("narrows type-narrowed /input/*");
    expect(diff({ type: "array", items: false }, { type: "array", items: {} })).toEqual(["widens type-widened /input/*"]);
  });
});
