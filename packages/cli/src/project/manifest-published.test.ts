import { describe, expect, it } from "vitest";
import { filesInclude } from "./manifest-published.js";

describe("filesInclude: npm's \"files\" patterns", () => {
  const manifest = "dist/toolgen.manifest.json";

  it.each([
    [["dist"], true],
    [["./dist/"], true],
    [["dist/**"], true],
    [["dist/*.json"], true],
    [["**/*.json"], true],
    [["*.json"], true], // no slash: a name at any depth
    [["dist/toolgen.manifest.json"], true],
    [["dist/**/*.js", "dist/**/*.d.ts"], false],
    [["lib"], false],
    [["dist", "!dist/toolgen.manifest.json"], false],
    [["dist", "!dist/*.json", "dist/toolgen.*"], true],
  ])("%j → %s", (patterns, included) => {
    expect(filesInclude(patterns, manifest)).toBe(included);
  });
});
