import type { Registry } from "@toolgen/runtime";

/**
 * What the MCP server needs of a registry: its entries, calls by name (tools and prompts),
 * resources by URI (a template's variables become arguments), and the completion of
 * external calls, argument completion; and, for subscriptions, news of changed resources;
 * for `403` on a scoped resource, the entry at a URI. Any `Registry` has them all.
 */
export type McpRegistry = Pick<Registry, "entries" | "dispatch" | "readResource" | "complete" | "completeArgument"> & Partial<Pick<Registry, "onResourceUpdated" | "resourceAt">> & {
  /** Views of one registry that list the same entries share this (see `scopedRegistry`): what is worked out from the list is kept per key. */
  listingKey?: object;
};
