import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitJson, type JsonParts } from "./shared-json.js";

const join = (parts: JsonParts, pieces: readonly string[]) => parts.map((p) => (typeof p === "number" ? pieces[p] : p)).join("");

describe("splitJson(): repeated objects written once", () => {
  const address = { description: "Postal address.", type: "object", properties: { street: { type: "string" }, city: { type: "string" }, country: { type: "string", pattern: "^[A-Z]{2}$" } }, required: ["street", "city", "country"] };
  const customer = { type: "object", properties: { name: { type: "string" }, address }, required: ["name"] };

  it("gives exactly JSON.stringify of each value, whatever the values (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue({ maxDepth: 5 }), fc.constant(customer), fc.constant(address)), { maxLength: 8 }), (values) => {
        const { pieces, parts } = splitJson(values);
        values.forEach((value, i) => expect(join(parts[i]!, pieces)).toBe(JSON.stringify(value)));
      }),
      { numRuns: 300, seed: 20261130 },
    );
  });

  it("shares the largest repeated object, and an object only where it is reached more than once", () => {
    const { pieces, parts } = splitJson([{ a: customer }, { b: customer, c: address }, { d: address }]);
    expect(pieces).toEqual([JSON.stringify(customer), JSON.stringify(address)]);
    expect(parts).toEqual([['{"a":', 0, "}"], ['{"b":', 0, ',"c":', 1, "}"], ['{"d":', 1, "}"]]);
    // An object repeated only inside one shared piece is left in that piece.
    expect(splitJson([{ a: customer }, { b: customer }]).pieces).toEqual([JSON.stringify(customer)]);
  });

  it("leaves small and unique objects in place", () => {
    expect(splitJson([{ a: { type: "string" } }, { b: { type: "string" } }, { c: address }])).toEqual({
      pieces: [],
      parts: [['{"a":{"type":"string"}}'], ['{"b":{"type":"string"}}'], [JSON.stringify({ c: address })]],
    });
  });

  it("measures an object by its JSON, escapes included, to decide whether it is worth sharing", () => {
    // 100 characters of text: the object's JSON is 128 or longer only through the escapes.
    const escaped = (text: string) => ({ d: text });
    for (const unit of ["\n", '"', "\\", "\ud800"]) {
      const object = escaped(`${unit.repeat(30)}${"x".repeat(70)}`);
      expect(JSON.stringify(object).length).toBeGreaterThanOrEqual(128);
      expect(splitJson([{ a: object }, { b: object }]).pieces).toEqual([JSON.stringify(object)]);
    }
    const plain = escaped("x".repeat(100));
    expect(JSON.stringify(plain).length).toBeLessThan(128);
    expect(splitJson([{ a: plain }, { b: plain }]).pieces).toEqual([]);
  });
});
