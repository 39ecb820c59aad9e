import type { Manifest } from "@toolgen/runtime";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeSource } from "../../test-support/in-memory-program.js";

/**
 * Random request *types*, written as TypeScript, must build without a crash, and the schema
 * toolgen writes for each must accept every value generated from the same type.
 */
type Spec =
  | { k: "string" | "number" | "boolean" | "date" }
  | { k: "literals"; values: (string | number)[] }
  | { k: "array"; of: Spec }
  | { k: "tuple"; items: Spec[] }
  | { k: "record"; of: Spec }
  | { k: "nullable"; of: Spec }
  | { k: "object"; props: { spec: Spec; optional: boolean }[] };

const specArb: fc.Arbitrary<Spec> = fc.letrec<{ spec: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<Spec>({ k: "string" }, { k: "number" }, { k: "boolean" }, { k: "date" }),
    fc.uniqueArray(fc.oneof(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer({ min: -5, max: 5 })), { minLength: 2, maxLength: 4 }).map((values): Spec => ({ k: "literals", values })),
    tie("spec").map((of): Spec => ({ k: "array", of })),
    fc.array(tie("spec"), { minLength: 1, maxLength: 3 }).map((items): Spec => ({ k: "tuple", items })),
    tie("spec").map((of): Spec => ({ k: "record", of })),
    tie("spec").filter((s) => s.k !== "nullable").map((of): Spec => ({ k: "nullable", of })),
    fc.array(fc.record({ spec: tie("spec"), optional: fc.boolean() }), { minLength: 1, maxLength: 4 }).map((props): Spec => ({ k: "object", props })),
  ),
})).spec;

function toTs(spec: Spec): string {
  switch (spec.k) {
    case "string":
    case "number":
    case "boolean":
      return spec.k;
    case "date":
      return "Date";
    case "literals":
      return spec.values.map((v) => JSON.stringify(v)).join(" | ");
    case "array":
      return `Array<${toTs(spec.of)}>`;
    case "tuple":
      return `[${spec.items.map(toTs).join(", ")}]`;
    case "record":
      return `Record<string, ${toTs(spec.of)}>`;
    case "nullable":
      return `(${toTs(spec.of)}) | null`;
    case "object":
      return `{ ${spec.props.map((p, i) => `p${i}${p.optional ? "?" : ""}: ${toTs(p.spec)};`).join(" ")} }`;
  }
}

function valueArb(spec: Spec): fc.Arbitrary<unknown> {
  switch (spec.k) {
    case "string":
      return fc.string({ maxLength: 8 });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "date":
      return fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
    case "literals":
      return fc.constantFrom(...spec.values);
    case "array":
      return fc.array(valueArb(spec.of), { maxLength: 3 });
    case "tuple":
      return fc.tuple(...spec.items.map(valueArb));
    case "record":
      return fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), valueArb(spec.of), { maxKeys: 3 });
    case "nullable":
      return fc.oneof(fc.constant(null), valueArb(spec.of));
    case "object": {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      spec.props.forEach((p, i) => (shape[`p${i}`] = valueArb(p.spec)));
      const required = spec.props.flatMap((p, i) => (p.optional ? [] : [`p${i}`]));
      return fc.record(shape, { requiredKeys: required });
    }
  }
}

/** Builds one in-memory program holding a request-style tool per type. */
function buildTools(specs: readonly Spec[]): { manifest: Manifest; errors: string[] } {
  const source = specs
    .map((s, i) => `export type Request${i} = { value: ${toTs(s)} };\n/**\n * Tool ${i}.\n * @tool\n */\nexport function tool${i}(request: Request${i}): string { return ""; }\n`)
    .join("\n");
  const result = analyzeSource(source);
  return { manifest: result.manifest, errors: result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`) };
}

describe("random request types", () => {
  it("build without diagnostics, and their schemas accept values of the same types", () => {
    fc.assert(
      fc.property(fc.array(specArb, { minLength: 8, maxLength: 8 }), (specs) => {
        const { manifest, errors } = buildTools(specs);
        expect(errors).toEqual([]);
        expect(manifest.entries).toHaveLength(specs.length);
        const ajv = new Ajv2020.default({ allErrors: true, strict: false });
        addFormats.default(ajv);
        specs.forEach((spec, i) => {
          const entry = manifest.entries.find((e) => e.name === `tool${i}`)!;
          const validate = ajv.compile(entry.inputSchema as object);
          for (const value of fc.sample(valueArb(spec), { numRuns: 10, seed: i })) {
            const ok = validate({ value });
            if (!ok) throw new Error(`type ${toTs(spec)} rejected ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
          }
        });
      }),
      { numRuns: 4, seed: 20261130 },
    );
  });
});
