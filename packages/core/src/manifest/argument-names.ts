import type { ManifestEntry } from "@toolgen/runtime";

/** The names of an entry's arguments as a caller sends them (its input schema's properties), sorted: equal lists, the same arguments. */
export function argumentNames(entry: ManifestEntry): string {
  return Object.keys((entry.inputSchema as { properties?: object }).properties ?? {}).sort().join(", ");
}
