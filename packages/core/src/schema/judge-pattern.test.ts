import { describe, expect, it } from "vitest";
import { judgePattern } from "./judge-pattern.js";

describe("judgePattern", () => {
  it.each([
    ["^(.*a){2}$", "2nd degree polynomial"],
    ["^(.*a){3}$", "3rd degree polynomial"],
    ["^(.*a){12}$", "12th degree polynomial"],
    ["^(a+)+$", "exponential"],
  ])("says how %s backtracks in English ordinals", (pattern, complexity) => {
    expect(judgePattern(pattern)).toMatchObject({ kind: "slow", complexity });
  });
});
