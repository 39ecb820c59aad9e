import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

const source = `
/** @minLength 2 @pattern ^[a-z]+$ */
export type Slug = string;
/** @integer @minimum 1 */
export type Pos = number;
export type Pair<T> = { a: T; b: T };
export interface Box<T> { v: T }
export interface Q { s: Slug; list: Slug[] }
/**
 * Tries.
 * @tool
 */
export function tryIt(partial: Partial<Pair<Slug>>, readonly: Readonly<Pair<Slug>>, picked: Pick<Pair<Slug>, "a">, both: Pair<Slug> & { c?: number }, required: Required<Box<Pos>>, boxes: Box<Box<Slug>>, indexed: Q["s"], list: Q["list"], item: Q["list"][number]): void {}`;

describe("an alias's tags reach the properties of a generic instance however it is wrapped, and through indexed access", () => {
  it("keeps them through mapped types, intersections, nested instances and indexed access", () => {
    const { manifest, diagnostics } = analyzeFiles({ "/fixture/main.ts": source }, "/fixture");
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const properties = (manifest.entries[0]!.inputSchema as { properties: Record<string, { properties?: Record<string, unknown>; items?: unknown }> }).properties;
    const slug = { type: "string", minLength: 2, pattern: "^[a-z]+$" };
    for (const name of ["partial", "readonly", "both"]) expect([name, properties[name]!.properties!.a]).toEqual([name, slug]);
    expect(properties.picked!.properties!.a).toEqual(slug);
    expect(properties.required!.properties!.v).toEqual({ type: "integer", minimum: 1 });
    expect(properties.boxes!.properties!.v).toMatchObject({ properties: { v: slug } });
    expect(properties.indexed).toEqual(slug);
    expect(properties.list).toEqual({ type: "array", items: slug });
    expect(properties.item).toEqual(slug);
  });
});
