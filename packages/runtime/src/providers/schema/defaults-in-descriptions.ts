import { mapSubschemas, type SchemaNode } from "./schema-node.js";

/** A description that tells the model the default, for a schema that cannot carry `default`. */
export function describeDefault(description: unknown, value: unknown): string {
  return typeof description === "string" ? `${description} (default: ${JSON.stringify(value)})` : `Default: ${JSON.stringify(value)}.`;
}

/**
 * The schema with every `default` said in its node's description instead, at any depth: for
 * a model API that refuses the keyword (OpenAI strict mode) when the schema goes through a
 * framework's own rewrite rather than toolgen's (`toStrictSchema` does the same).
 */
export function defaultsInDescriptions(node: SchemaNode): SchemaNode {
  const out = mapSubschemas(node, (child) => defaultsInDescriptions(child));
  if (node.default === undefined) return out;
  out.description = describeDefault(node.description, node.default);
  delete out.default;
  return out;
}
