import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

const SOURCE = `
/**
 * A port number.
 * @integer @minimum 1 @maximum 65535 @default 8080
 */
export type Port = number;
export interface Req {
  /** The port. @default 8080 */
  port: number;
  /** The host. */
  host: string;
}
export interface Q {
  /** Short or not. */
  short: boolean;
  /** How many. */
  n: number;
}
/**
 * Configures.
 * @tool
 * @param p the port
 * @param n how many
 * @param name who
 */
export function configure(p: Port, /** @default 3 */ n: number, name: string): string { return JSON.stringify({ p, n, name }); }
/**
 * Request style.
 * @tool
 */
export function reqd(r: Req): string { return JSON.stringify(r); }
/**
 * Destructured.
 * @tool
 */
export function destr({ short = true, n }: Q): string { return JSON.stringify({ short, n }); }
`;

describe("a top-level argument with a default", () => {
  it("is optional in the schema: the runtime fills the default in, so the model may leave it out", () => {
    const { manifest, diagnostics } = analyzeFiles({ "src/tools.ts": SOURCE }, "/virtual/read-arguments");
    expect(diagnostics).toEqual([]);
    const entry = (name: string) => {
      const found = manifest.entries.find((e) => e.name === name)!;
      return { ...found, inputSchema: found.inputSchema as { required?: string[] } };
    };
    expect(entry("configure").inputSchema.required).toEqual(["name"]);
    expect(entry("configure").defaults).toEqual({ p: 8080, n: 3 });
    expect(entry("reqd").inputSchema.required).toEqual(["host"]);
    expect(entry("reqd").defaults).toEqual({ port: 8080 });
    expect(entry("destr").inputSchema.required).toEqual(["n"]);
    expect(entry("destr").defaults).toEqual({ short: true });
  });
});
