import type { ManifestEntry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { entryCost } from "./entry-cost.js";

const entry = { kind: "tool", name: "delete_record", description: "Deletes a record.", inputSchema: { type: "object", properties: {} } } as unknown as ManifestEntry;

describe("an entry's cost", () => {
  it("counts the definition a provider is sent, its deprecation note included", () => {
    const plain = JSON.stringify({ name: "delete_record", description: "Deletes a record.", input_schema: entry.inputSchema }).length;
    expect(entryCost(entry)).toEqual({ chars: plain, tokens: Math.ceil(plain / 4) });
    const note = "\n\nDeprecated: Use purge_record.";
    expect(entryCost({ ...entry, deprecated: "Use purge_record." }).chars).toBe(plain + JSON.stringify(note).length - 2);
  });
});
