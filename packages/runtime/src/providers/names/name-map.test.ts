import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkProviderNames } from "./check-provider-names.js";
import { createNameMap, NameCollisionError } from "./name-map.js";
import { NAME_RULES, type NameRuleId } from "./name-rules.js";
import { sanitizeName } from "./sanitize-name.js";

const RULES = Object.keys(NAME_RULES) as NameRuleId[];

/** Names as they come: identifiers, dotted paths, unicode, spaces, very long ones, empty. */
const anyName = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.stringMatching(/^[a-z][a-z0-9_]{0,30}$/),
  fc.stringMatching(/^[-._ a-zA-Z0-9]{0,150}$/),
);

describe("sanitizeName", () => {
  it.each(RULES)("gives a name %s accepts, within the budget, for any input", (id) => {
    const rule = NAME_RULES[id];
    fc.assert(
      fc.property(anyName, (name) => {
        const out = sanitizeName(name, rule);
        expect(out).toMatch(rule.pattern);
        expect(rule.start.test(out[0]!)).toBe(true);
        expect(out.length).toBeLessThanOrEqual(rule.budget);
      }),
    );
  });

  it("leaves a name the provider accepts unchanged", () => {
    expect(sanitizeName("search_notes", NAME_RULES.openai)).toBe("search_notes");
    expect(sanitizeName("files.read", NAME_RULES.mcp)).toBe("files.read");
  });

  it("replaces, collapses and trims, then prefixes a bad start", () => {
    expect(sanitizeName("files.read", NAME_RULES.openai)).toBe("files_read");
    expect(sanitizeName("  get   weather!! ", NAME_RULES.anthropic)).toBe("get_weather");
    expect(sanitizeName("3d_render", NAME_RULES.gemini)).toBe("tool_3d_render");
    expect(sanitizeName("-x-", NAME_RULES.mcp)).toBe("x");
  });

  it("cuts a long name to the budget and marks it with a hash of the original", () => {
    const long = "a".repeat(100);
    const out = sanitizeName(long, NAME_RULES.mcp);
    expect(out).toHaveLength(NAME_RULES.mcp.budget);
    expect(out).toMatch(/^a+_[0-9a-z]{6}$/);
    expect(sanitizeName(`${long}b`, NAME_RULES.mcp)).not.toBe(out);
  });

  it("names a tool whose name has no usable character at all", () => {
    expect(sanitizeName("日本語", NAME_RULES.openai)).toMatch(/^tool_[0-9a-z]{6}$/);
    expect(sanitizeName("", NAME_RULES.openai)).toMatch(/^tool_[0-9a-z]{6}$/);
  });
});

describe("createNameMap", () => {
  it.each(RULES)("maps distinct names to distinct valid %s names, and back", (id) => {
    const rule = NAME_RULES[id];
    fc.assert(
      fc.property(fc.uniqueArray(anyName, { maxLength: 30 }), (names) => {
        const map = createNameMap(names, rule);
        const out = names.map((n) => map.toProvider(n));
        expect(new Set(out).size).toBe(names.length);
        for (const [i, name] of names.entries()) {
          expect(out[i]).toMatch(rule.pattern);
          expect(map.fromProvider(out[i]!)).toBe(name);
        }
      }),
    );
  });

  it("does not depend on the order of the names", () => {
    fc.assert(
      fc.property(fc.uniqueArray(anyName, { maxLength: 12 }), (names) => {
        const forward = createNameMap(names, NAME_RULES.openai);
        const backward = createNameMap([...names].reverse(), NAME_RULES.openai);
        for (const n of names) expect(backward.toProvider(n)).toBe(forward.toProvider(n));
      }),
    );
  });

  it("keeps an acceptable name and gives the sanitized look-alike a hash", () => {
    const map = createNameMap(["read file", "read_file", "read.file"], NAME_RULES.openai);
    expect(map.toProvider("read_file")).toBe("read_file");
    expect(map.toProvider("read file")).toMatch(/^read_file_[0-9a-z]{6}$/);
    expect(map.toProvider("read.file")).toMatch(/^read_file_[0-9a-z]{6}$/);
    expect(map.toProvider("read file")).not.toBe(map.toProvider("read.file"));
  });

  it("answers undefined for a name it never gave out", () => {
    expect(createNameMap(["a"], NAME_RULES.openai).fromProvider("b")).toBeUndefined();
  });

  it("reports a collision that hashing cannot resolve", () => {
    const taken = sanitizeName("x y", NAME_RULES.openai);
    const hashed = createNameMap(["x y", "x_y"], NAME_RULES.openai).toProvider("x y");
    expect(taken).toBe("x_y");
    expect(() => createNameMap(["x y", "x_y", hashed], NAME_RULES.openai)).toThrow(NameCollisionError);
  });
});

describe("checkProviderNames", () => {
  it("is empty for names every provider can tell apart", () => {
    expect(checkProviderNames(["read_file", "read.file", "write file"])).toEqual([]);
  });

  it("names each provider for which a collision remains", () => {
    const hashed = createNameMap(["x y", "x_y"], NAME_RULES.openai).toProvider("x y");
    const found = checkProviderNames(["x y", "x_y", hashed]);
    expect(found.map((f) => f.provider)).toEqual(["openai", "anthropic", "gemini", "mcp", "ai-sdk", "openai-agents"]);
    expect(found[0]!.error.message).toContain(`'x y' and '${hashed}'`);
  });
});
