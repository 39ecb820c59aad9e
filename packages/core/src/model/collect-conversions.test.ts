import { createRegistry, lazyEntry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { analyzeFiles } from "../testing/fixture-program.js";

const SOURCE = `
export interface Stamps {
  /** Stands for every key in a path, but is a name of its own here. */
  "*": Date;
  /** A date-time kept as text. */
  other: string;
}
/**
 * Reads the stamps.
 * @tool
 */
export function stamps(s: Stamps): string { return JSON.stringify(s); }
`;

describe("a property named *", () => {
  it("gets its conversions, and only it: '*' in a conversion's path is any key unless its match holds it", async () => {
    const { manifest, diagnostics } = analyzeFiles({ "src/tools.ts": SOURCE }, "/virtual/star-property");
    expect(diagnostics).toEqual([]);
    const entry = manifest.entries[0]!;
    let received: Record<string, unknown> = {};
    const stamps = (s: Record<string, unknown>) => ((received = s), "ok");
    const registry = createRegistry([lazyEntry({ kind: "tool", name: entry.name }, JSON.stringify(entry), {}, async () => ({ stamps }))]);
    const outcome = await registry.call("stamps", { "*": "2026-01-02T03:04:05Z", other: "2026-01-02T03:04:05Z" });
    expect(outcome.status).toBe("ok");
    expect(received["*"]).toBeInstanceOf(Date);
    expect(received.other).toBe("2026-01-02T03:04:05Z");
  });
});
