import { describe, expect, it } from "vitest";
import { analyzeSource } from "../../test-support/in-memory-program.js";

/** Real library types and large files: a schema or a diagnostic, never a crash or a hang. */
describe("the analyzer on hostile but legal TypeScript", () => {
  it("reports node:fs Stats (a class with methods) as a diagnostic at the parameter", () => {
    const result = analyzeSource(`import type { Stats } from "node:fs";
/**
 * Describes a file.
 * @tool
 */
export function describeStats(stats: Stats): string { return ""; }
`);
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((d) => d.line === 6 && d.file.endsWith("tools.ts"))).toBe(true);
    expect(errors.map((d) => d.code)).toContain("TG2001");
  });

  it("handles types from the typescript package itself without crashing", () => {
    const result = analyzeSource(`import type { CompilerOptions, Diagnostic, Node } from "typescript";
/**
 * Takes compiler options.
 * @tool
 */
export function withOptions(options: CompilerOptions): string { return ""; }
/**
 * Takes a diagnostic.
 * @tool
 */
export function withDiagnostic(d: Pick<Diagnostic, "code" | "messageText">): string { return ""; }
/**
 * Takes a node.
 * @tool
 */
export function withNode(node: Node): string { return ""; }
`);
    // Whatever is representable gets a schema; the rest is a located diagnostic.
    for (const d of result.diagnostics) expect(d.line).toBeGreaterThan(0);
    expect(result.manifest.entries.length + result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics.some((d) => d.line === 16)).toBe(true);
    // CompilerOptions reaches hundreds of AST classes with methods: one diagnostic says so, with a count.
    const atOptions = result.diagnostics.filter((d) => d.line === 6 && d.code === "TG2001");
    expect(atOptions).toHaveLength(1);
    expect(atOptions[0]!.message).toMatch(/and \d+ more problems of this kind here/);
  });

  it("reads deeply generic types", () => {
    const result = analyzeSource(`type Box<T> = { value: T };
type Deep<T, N extends unknown[] = []> = N["length"] extends 12 ? T : Box<Deep<T, [...N, 0]>>;
/**
 * Unboxes.
 * @tool
 */
export function unbox(request: { box: Deep<string> }): string { return ""; }
`);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    let schema = (result.manifest.entries[0]!.inputSchema as { properties: Record<string, unknown> }).properties.box as { properties?: { value: unknown }; type?: string };
    let depth = 0;
    while (schema.properties) {
      schema = schema.properties.value as typeof schema;
      depth++;
    }
    expect(depth).toBe(12);
    expect(schema.type).toBe("string");
  });

  it("builds a 5,000-line file with 300 tools", () => {
    const tools = Array.from({ length: 300 }, (_, i) => `/**
 * Tool number ${i}: looks up an order.
 * @tool
 * @param id The order id.
 * @param options How to look it up.
 */
export function lookup${i}(id: string, options: {
  /** Include the items. */
  items?: boolean;
  /** Page size. @minimum 1 @maximum 100 */
  limit?: number;
  sort?: "asc" | "desc";
  filters?: Array<{ field: string; op: "eq" | "ne"; value: string | number | null }>;
} = {}): { id: string; total: number } {
  return { id, total: ${i} };
}
`);
    const source = tools.join("\n");
    expect(source.split("\n").length).toBeGreaterThanOrEqual(5000);
    const result = analyzeSource(source);
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest.entries).toHaveLength(300);
    expect(new Set(result.manifest.entries.map((e) => e.name)).size).toBe(300);
  });
});
