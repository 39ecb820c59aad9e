import { describe, expect, it } from "vitest";
import { collectGarbage } from "./collect-garbage.js";

describe("collectGarbage", () => {
  it("collects an object nothing refers to any more, without --expose-gc", async () => {
    let held: object | undefined = { payload: new Array(100_000).fill(1) };
    const ref = new WeakRef(held);
    held = undefined;
    // A WeakRef's target stays alive until the job that made or read it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
