import { describe, expect, it } from "vitest";
import { createRegistry } from "./create-registry.js";

describe("registry.completeArgument", () => {
  const registry = createRegistry([]);
  registry.register({
    name: "review",
    kind: "prompt",
    description: "Asks for a review.",
    params: [
      { name: "tone", schema: { enum: ["Formal", "friendly", "funny"] } },
      { name: "spoilers", type: "boolean" },
      { name: "title", type: "string" },
      { name: "author", type: "string" },
      { name: "when", schema: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] }, required: false },
      { name: "limit", schema: { anyOf: [{ const: "auto" }, { type: "number" }, { type: "null" }] }, required: false },
    ],
    complete: { author: (typed, { arguments: given }) => [`${typed}-for-${given.title ?? "?"}`] },
    fn: () => "",
  });

  it("offers the values a type allows that start with what was typed, ignoring case", async () => {
    expect(await registry.completeArgument("review", "tone", "f")).toEqual(["Formal", "friendly", "funny"]);
    expect(await registry.completeArgument("review", "tone", "FR")).toEqual(["friendly"]);
    expect(await registry.completeArgument("review", "spoilers", "")).toEqual(["true", "false"]);
    expect(await registry.completeArgument("review", "title", "any")).toEqual([]);
    // A member of a union that is few values: null beside a date, the literals beside a number.
    expect(await registry.completeArgument("review", "when", "")).toEqual(["null"]);
    expect(await registry.completeArgument("review", "limit", "")).toEqual(["auto", "null"]);
  });

  it("asks the argument's completer, with the arguments given so far", async () => {
    expect(await registry.completeArgument("review", "author", "An", { arguments: { title: "Dune" } })).toEqual(["An-for-Dune"]);
  });

  it("answers undefined for an unknown entry or argument", async () => {
    expect(await registry.completeArgument("nope", "tone", "")).toBeUndefined();
    expect(await registry.completeArgument("review", "nope", "")).toBeUndefined();
  });
});
