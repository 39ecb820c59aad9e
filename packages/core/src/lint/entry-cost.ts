import type { ManifestEntry } from "@toolgen/runtime";
import { describeEntry } from "@toolgen/runtime/providers";

/** What one entry costs the model: its definition's size in characters and ~tokens (chars / 4), its description as providers send it (a deprecation included). */
export function entryCost(entry: ManifestEntry): { chars: number; tokens: number } {
  const chars = JSON.stringify({ name: entry.name, description: describeEntry(entry), input_schema: entry.inputSchema }).length;
  return { chars, tokens: Math.ceil(chars / 4) };
}
