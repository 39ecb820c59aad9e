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
    [["*.json"], false], // anchored at the package root, as npm reads "files"
    [["dist/toolgen.manifest.json/"], false], // a folder only
    [["DIST"], true], // npm matches without regard to case
    [["[d]ist"], true], // a character class is not read: taken to include, as unsure
    [["dist/toolgen.manifest.json"], true],
    [["dist/**/*.js", "dist/**/*.d.ts"], false],
    [["lib"], false],
    [["dist", "!dist/toolgen.manifest.json"], false],
    [["dist", "!dist/*.json", "dist/toolgen.*"], true],
  ])("%j → %s", (patterns, included) => {
    expect(filesInclude(patterns, manifest)).toBe(included);
  });
});
