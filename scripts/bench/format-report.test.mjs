import { describe, expect, it } from "vitest";
import { perRoundRatio } from "./format-report.mjs";

const runs = (...wallMs) => ({ wallMs });

describe("perRoundRatio: the median of each round's own ratio", () => {
  it("pairs the rounds in order and takes the median of their ratios", () => {
    // Round 2 ran under load that slowed both commands: its ratio is like the others'.
    expect(perRoundRatio(runs(150, 300, 140), runs(100, 200, 100))).toBeCloseTo(1.5);
    expect(perRoundRatio(runs(120, 150, 300, 160), runs(100, 100, 200, 100))).toBeCloseTo(1.5);
  });

  it("is undefined when the rounds do not pair up: a failed round, a single run, no runs", () => {
    expect(perRoundRatio(runs(150, 300), runs(100, 200, 100))).toBeUndefined();
    expect(perRoundRatio({ ...runs(150), singleRun: true }, runs(100))).toBeUndefined();
    expect(perRoundRatio(runs(), runs())).toBeUndefined();
    expect(perRoundRatio(undefined, runs(100))).toBeUndefined();
  });
});
