import type { ManifestEntry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { convertPromptArguments, PromptArgumentError } from "./prompt-arguments.js";

const prompt = (properties: Record<string, unknown>) => ({ name: "p", kind: "prompt", inputSchema: { type: "object", properties } }) as unknown as ManifestEntry;

describe("convertPromptArguments", () => {
  const entry = prompt({
    limit: { anyOf: [{ const: "auto" }, { type: "number" }] },
    mode: { enum: ["a", "b", null] },
    flag: { anyOf: [{ type: "boolean" }, { const: "maybe" }] },
    code: { anyOf: [{ const: "5" }, { type: "boolean" }] },
    when: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] },
    name: { anyOf: [{ type: "string" }, { type: "number" }] },
    count: { type: "integer" },
    tags: { type: "array", items: { type: "string" } },
  });
  const one = (name: string, raw: string) => convertPromptArguments(entry, { [name]: raw })[name];

  it("reads a union's text as the member it is: a literal the type lists, else what JSON reads in it", () => {
    expect([one("limit", "5"), one("limit", "auto"), one("limit", "six")]).toEqual([5, "auto", "six"]);
    expect([one("mode", "null"), one("mode", "a"), one("mode", "c")]).toEqual([null, "a", "c"]);
    expect([one("flag", "true"), one("flag", "maybe")]).toEqual([true, "maybe"]);
    expect([one("code", "5"), one("code", "false")]).toEqual(["5", false]);
    expect([one("when", "null"), one("when", "2026-12-06T00:00:00Z")]).toEqual([null, "2026-12-06T00:00:00Z"]);
  });

  it("keeps free text as it is, and reads numbers, arrays and objects as JSON", () => {
    expect(one("name", "5")).toBe("5");
    expect(one("count", " 3 ")).toBe(3);
    expect(one("tags", '["a"]')).toEqual(["a"]);
    expect(() => one("count", "three")).toThrow(PromptArgumentError);
    expect(() => one("count", "three")).toThrow("Argument 'count' of prompt 'p' must be an integer; received the string \"three\".");
  });

  it("leaves out a blank optional argument whose type takes no blank text, as a form's empty field means; keeps it where it is a value", () => {
    const form = { ...entry, inputSchema: { ...(entry.inputSchema as object), required: ["count"] } } as ManifestEntry;
    expect(convertPromptArguments(form, { flag: "", when: " ", tags: "", name: "", code: "" })).toEqual({ name: "" });
    expect(convertPromptArguments(prompt({ level: { enum: ["", "high"] } }), { level: "" })).toEqual({ level: "" });
    // A required one is the caller's to give: it stays, for the error to say so.
    expect(() => convertPromptArguments(form, { count: "" })).toThrow("Argument 'count' of prompt 'p' must be an integer; received the string \"\".");
  });
});
