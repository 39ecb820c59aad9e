import { mapSubschemas, type SchemaNode } from "./schema-node.js";

/**
 * Tuples that validators of draft-07, the dialect before 2020-12, read the same way: a
 * tuple's `items: false` (no item after `prefixItems`) is left out where `maxItems` already
 * says so. Draft-07 ignores `prefixItems` and reads `items: false` as "no items at all", so the
 * MCP SDK's client (Ajv, draft-07 by default) refused every result holding a tuple; in
 * 2020-12 the schema means what it meant. A rest element (`[string, ...number[]]`) has no form
 * both dialects read alike, and stays as 2020-12 writes it.
 */
export function tuplesByLength(node: SchemaNode): SchemaNode {
  const out = mapSubschemas(node, tuplesByLength);
  if (Array.isArray(out.prefixItems) && out.items === false && typeof out.maxItems === "number" && out.maxItems <= out.prefixItems.length) delete out.items;
  return out;
}
