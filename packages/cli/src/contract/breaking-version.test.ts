import { describe, expect, it } from "vitest";
import { breakingVersion } from "./breaking-version.js";

const against = (old: string | undefined, current: string | undefined) => breakingVersion({ label: "git:v1", version: old }, current);

describe("breakingVersion", () => {
  it("reads the major version, and below 1.0.0 the first part that is not zero, as npm's caret ranges do", () => {
    expect(against("1.4.0", "2.0.0")).toEqual({ announced: true, why: "the version went from 1.4.0 to 2.0.0" });
    expect(against("0.3.1", "0.4.0").announced).toBe(true);
    expect(against("0.3.1", "1.0.0").announced).toBe(true);
    expect(against("0.0.3", "0.0.4").announced).toBe(true);
    expect(against("0.0.3", "0.1.0").announced).toBe(true);
    expect(against("v1.0.0", "=2.0.0-beta.1").announced).toBe(true);
    expect(against("1.4.0", "1.9.0")).toEqual({ announced: false, why: "the version is 1.9.0 and was 1.4.0 in git:v1; raise the major version to 2.0.0" });
    expect(against("0.3.1", "0.3.9")).toEqual({ announced: false, why: "the version is 0.3.9 and was 0.3.1 in git:v1; raise the minor version (below 1.0.0 it is the breaking one) to 0.4.0" });
    expect(against("0.0.3", "0.0.3")).toEqual({ announced: false, why: "the version is 0.0.3 and was 0.0.3 in git:v1; raise the patch version (below 0.1.0 it is the breaking one) to 0.0.4" });
    expect(against("2.0.0", "1.9.0").announced).toBe(false);
    expect(against("1.0.0", "0.9.0").announced).toBe(false);
  });

  it("an earlier side with no semantic version promised nothing; the current side must state one", () => {
    expect(against(undefined, "1.0.0")).toEqual({ announced: true, why: "git:v1 states no version, and package.json now states 1.0.0" });
    expect(against("3.0", "0.1.0")).toEqual({ announced: true, why: 'git:v1\'s version "3.0" is no semantic version, and package.json now states 0.1.0' });
    expect(against(undefined, undefined)).toEqual({ announced: false, why: "package.json states no version; give it a semantic version" });
    expect(against("1.4.0", "banana")).toEqual({ announced: false, why: 'package.json\'s version "banana" is no semantic version; give it 2.0.0 or above' });
  });
});
