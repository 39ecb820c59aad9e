import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { createRegistry, type EntryDefinition, type Registry } from "@toolgen/runtime";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, toolgen } from "../../test-support/temp-project.js";

type Schema = { properties?: Record<string, Schema>; enum?: unknown[]; type?: unknown };

/** Argument objects shaped like the schema (right keys, random or allowed values), plus any JSON. */
function argumentsFor(schema: Schema): fc.Arbitrary<unknown> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const plausible: fc.Arbitrary<unknown>[] = [fc.jsonValue(), fc.constant(null), fc.string({ maxLength: 6 }), fc.double(), fc.stringMatching(/^-?\d{1,4}$/)];
    if (property.enum) plausible.push(fc.constantFrom(...property.enum));
    if (property.type === "number" || property.type === "integer") plausible.push(fc.integer({ min: -3, max: 3 }));
    shape[key] = fc.oneof(...plausible);
  }
  return fc.oneof(fc.record(shape, { requiredKeys: [] }), fc.jsonValue());
}

describe("the call pipeline on random arguments (the demo's generated registry)", () => {
  let dir: string;
  let cleanup: () => void;
  let definitions: EntryDefinition[];
  let registry: Registry;

  beforeAll(async () => {
    ({ dir, cleanup } = copyFixture("demo"));
    expect(toolgen(["build"], dir).status).toBe(0);
    compile(dir);
    ({ definitions } = (await import(pathToFileURL(path.join(dir, "dist/tools.generated.js")).href)) as { definitions: EntryDefinition[] });
    registry = createRegistry(definitions, { strict: false });
  });
  afterAll(() => cleanup());

  it("precompiled validators agree with ajv compiled at run time on every verdict", () => {
    const ajv = new Ajv2020.default({ allErrors: true, strict: false });
    addFormats.default(ajv);
    for (const { entry, validate } of definitions) {
      const reference = ajv.compile(entry.inputSchema as object);
      fc.assert(
        fc.property(argumentsFor(entry.inputSchema as Schema), (args) => {
          expect(validate(args)).toBe(reference(args));
        }),
        { numRuns: 300, seed: 7 },
      );
    }
  });

  it("never rejects: every call resolves to an outcome, and repairs only yield accepted arguments", async () => {
    for (const { entry } of definitions) {
      await fc.assert(
        fc.asyncProperty(argumentsFor(entry.inputSchema as Schema), async (args) => {
          const outcome = await registry.dispatch(entry.name, args);
          expect(["ok", "error", "ended", "suspended"]).toContain(outcome.status);
          if (outcome.status === "error") {
            expect(outcome.error.code).not.toBe("internal");
            if (outcome.repairs) expect(outcome.error.code).not.toBe("invalid_arguments");
          }
        }),
        { numRuns: 150, seed: 11 },
      );
    }
  });
});
