import type { ManifestEntry } from "@toolgen/runtime";

/** What one entry costs the model: its definition's size in characters and ~tokens (chars / 4). */
export function entryCost(entry: ManifestEntry): { chars: number; tokens: number } {
  const chars = JSON.stringify({ name: entry.name, description: entry.description, input_schema: entry.inputSchema }).length;
  return { chars, tokens: Math.ceil(chars / 4) };
}
