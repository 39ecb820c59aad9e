import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiagnosticCode } from "./diagnostics/codes.js";
import { analyzeFiles } from "./testing/fixture-program.js";
import { createTestAjv } from "./testing/fixture-files.js";

/**
 * Never a crash: random (often absurd) TypeScript goes through the analyzer, which must
 * return — a schema or diagnostics, never an exception, never an internal error — and every
 * schema it emits must be valid draft 2020-12.
 */
const PRELUDE = `import type { ToolContext } from "@toolgen/runtime";
export enum Color { Red = "red", Green = "green" }
export enum Level { Low, High }
export interface Tree { label: string; children: Tree[] }
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export interface Box<T> { value: T; next?: Box<T> }
export class Point { x = 0; y = 0; norm(): number { return 0; } }
/** @integer @minimum 1 */
export type Port = number;
`;

const LEAVES = [
  "string", "number", "boolean", "null", "undefined", "unknown", "any", "never", "bigint", "symbol", "object", "void",
  "Date", "RegExp", "Map<string, number>", "Set<string>", "Promise<string>", "Uint8Array", "Error", "() => void",
  '"a"', '"b"', "1", "-2", "true", "`x-${number}`", "`${string}-${boolean}`", "Color", "Color.Red", "Level", "Tree",
  "Json", "Port", "Point", "ToolContext", "Box<string>", "{}", "[]", "Record<string, never>", "keyof Tree", "Uppercase<string>",
];

const typeExpression: fc.Arbitrary<string> = fc.letrec<{ type: string }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...LEAVES),
    tie("type").map((t) => `(${t})[]`),
    tie("type").map((t) => `readonly (${t})[]`),
    fc.tuple(tie("type"), tie("type")).map(([a, b]) => `[${a}, (${b})?]`),
    fc.tuple(tie("type"), tie("type")).map(([a, b]) => `[${a}, ...(${b})[]]`),
    fc.tuple(tie("type"), tie("type")).map(([a, b]) => `(${a}) | (${b})`),
    fc.tuple(tie("type"), tie("type")).map(([a, b]) => `(${a}) & (${b})`),
    fc.tuple(tie("type"), tie("type")).map(([a, b]) => `{ a: ${a}; b?: ${b} }`),
    fc.tuple(tie("type"), fc.constantFrom("/** @minimum 0 */", "/** @alias a */", "/** @hidden */", "/** @default 3 */", "/** @minimun 2 */", "/** @pattern [ */", "")).map(
      ([a, doc]) => `{ ${doc} x: ${a}; ${doc} y?: string }`,
    ),
    tie("type").map((t) => `{ [key: string]: ${t} }`),
    tie("type").map((t) => `Record<"k" | "l", ${t}>`),
    tie("type").map((t) => `Partial<{ p: ${t}; q: ${t} }>`),
    tie("type").map((t) => `Pick<{ p: ${t}; q: number }, "p">`),
    tie("type").map((t) => `Box<${t}>`),
    tie("type").map((t) => `Array<${t}>`),
    tie("type").map((t) => `(${t}) extends string ? "s" : "n"`),
  ),
})).type;

const parameter = fc.tuple(typeExpression, fc.constantFrom("", "?", " = 1", ' = "x"', " = []", " = {}", " = Date.now()")).map(([type, suffix]) => ({ type, suffix }));

const TAGS = ["@tool", "@prompt", "@resource res://{p0}", "@tool weird name", "@readOnly", "@role assistant", "@role nobody", "@alias p0 renamed", "@param p1 Text.", "@mimeType text/plain", "@external", "@toolgenContext", "@unknownTag"];

interface Declaration {
  parameters: { type: string; suffix: string }[];
  tags: string[];
  returns: string;
  form: string;
}

const declaration: fc.Arbitrary<Declaration> = fc.record({
  parameters: fc.array(parameter, { maxLength: 3 }),
  tags: fc.subarray(TAGS, { minLength: 1, maxLength: 4 }),
  returns: typeExpression,
  form: fc.constantFrom("function", "arrow", "declare", "method"),
});

function source(declarations: Declaration[]): string {
  let text = PRELUDE;
  declarations.forEach((d, i) => {
    const params = d.parameters.map((p, j) => (p.suffix.startsWith(" =") ? `p${j}: ${p.type}${p.suffix}` : `p${j}${p.suffix}: ${p.type}`)).join(", ");
    // Parameters after an optional one must be optional too; TypeScript's own errors are fine here.
    const doc = `/**\n * Declaration ${i}.\n${d.tags.map((t) => ` * ${t}\n`).join("")} */\n`;
    if (d.form === "function") text += `${doc}export function f${i}(${params}): ${d.returns} { return null!; }\n`;
    else if (d.form === "arrow") text += `${doc}export const f${i} = (${params}): ${d.returns} => null!;\n`;
    else if (d.form === "declare") text += `${doc}export declare function f${i}(${params}): ${d.returns};\n`;
    else text += `/** @toolset */\nexport class T${i} {\n${doc}m${i}(${params}): ${d.returns} { return null!; }\n}\n`;
  });
  return text;
}

describe("robustness", () => {
  it("analyzes any generated program without throwing or failing internally, and emits only valid schemas", () => {
    const ajv = createTestAjv();
    fc.assert(
      fc.property(fc.array(declaration, { minLength: 1, maxLength: 3 }), fc.boolean(), (declarations, strict) => {
        const text = source(declarations);
        const result = analyzeFiles({ "main.ts": text }, "/fuzz", { strict });
        const internal = result.diagnostics.filter((d) => d.code === DiagnosticCode.InternalError);
        expect(internal, text).toEqual([]);
        for (const entry of result.manifest.entries) {
          for (const schema of [entry.inputSchema, entry.outputSchema].filter(Boolean)) {
            expect(ajv.validateSchema(schema as object), `${text}\n${JSON.stringify(schema)}\n${ajv.errorsText(ajv.errors)}`).toBe(true);
          }
        }
      }),
      { numRuns: 150, seed: 20260301 },
    );
  });
});
