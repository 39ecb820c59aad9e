import { isNode, type SchemaNode } from "./schema-node.js";

/**
 * A pure map's values, and the pattern its keys follow: `Record<string, T>` (`additionalProperties`,
 * numeric keys in `propertyNames`) or one of template-literal keys (`{ [k: \`data-${string}\`]: T }`,
 * one `patternProperties`).
 */
export function mapOf(schema: SchemaNode): { value: SchemaNode; keyPattern?: string } | undefined {
  if ((schema.type !== "object" && schema.type !== undefined) || isNode(schema.properties)) return undefined;
  // `{ [i: number]: T }` names its keys' pattern in `propertyNames`.
  const names = isNode(schema.propertyNames) && typeof schema.propertyNames.pattern === "string" ? schema.propertyNames.pattern : undefined;
  if (isNode(schema.additionalProperties)) return { value: schema.additionalProperties, ...(names === undefined ? {} : { keyPattern: names }) };
  const patterns = isNode(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  return patterns.length === 1 && isNode(patterns[0]![1]) ? { value: patterns[0]![1], keyPattern: patterns[0]![0] } : undefined;
}
