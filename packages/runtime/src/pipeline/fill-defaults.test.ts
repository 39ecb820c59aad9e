import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../manifest/manifest-format.js";
import { createRegistry } from "../registry/create-registry.js";
import { manifestEntry } from "../testing/manifest-entry.js";
import { compileSchema } from "../validation/compile-schema.js";

/** A tool taking a request object of the schema given, as toolgen builds one; it answers with the request it received. */
function echoing(inputSchema: JsonSchema) {
  const entry = manifestEntry("echo", { arguments: { mode: "request", parameters: [{ kind: "request" }] }, inputSchema });
  const registry = createRegistry([{ entry, validate: compileSchema(inputSchema), fn: (request: unknown) => request }]);
  return async (request: unknown) => {
    const outcome = await registry.dispatch("echo", request);
    if (outcome.status !== "ok") throw new Error(JSON.stringify(outcome));
    return outcome.structured;
  };
}

describe("nested defaults", () => {
  it("a nested object's, an array item's, a $defs type's, at every level of a recursive one", async () => {
    const call = echoing({
      type: "object",
      properties: {
        paging: { type: "object", properties: { limit: { type: "integer", default: 10 }, order: { enum: ["asc", "desc"], default: "asc" } }, additionalProperties: false },
        filters: { type: "array", items: { type: "object", properties: { field: { type: "string" }, op: { enum: ["eq", "ne"], default: "eq" } }, required: ["field"] } },
        tree: { $ref: "#/$defs/Node" },
      },
      $defs: { Node: { type: "object", properties: { label: { type: "string", default: "?" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } } } },
    });
    expect(await call({ paging: { order: "desc" }, filters: [{ field: "a" }, { field: "b", op: "ne" }], tree: { children: [{ children: [{}] }] } })).toEqual({
      paging: { limit: 10, order: "desc" },
      filters: [{ field: "a", op: "eq" }, { field: "b", op: "ne" }],
      tree: { label: "?", children: [{ label: "?", children: [{ label: "?" }] }] },
    });
    // An object left out is not made up: only its own properties get defaults, when it is there.
    expect(await call({})).toEqual({});
  });

  it("in the member of a union the value is, by its discriminator", async () => {
    const call = echoing({
      type: "object",
      properties: {
        shape: {
          anyOf: [
            { type: "object", properties: { kind: { const: "circle" }, radius: { type: "number", default: 1 } }, required: ["kind"] },
            { type: "object", properties: { kind: { const: "square" }, side: { type: "number", default: 2 }, tags: { type: "array", default: [] } }, required: ["kind"] },
          ],
        },
      },
    });
    expect(await call({ shape: { kind: "square" } })).toEqual({ shape: { kind: "square", side: 2, tags: [] } });
    expect(await call({ shape: { kind: "circle" } })).toEqual({ shape: { kind: "circle", radius: 1 } });
  });

  it("a property named default is a name, not a keyword", async () => {
    const call = echoing({ type: "object", properties: { default: { type: "object", properties: { on: { type: "boolean" } } } } });
    expect(await call({ default: {} })).toEqual({ default: {} });
  });
});
