import { isNode, type SchemaNode } from "./schema-node.js";

/**
 * MCP's `outputSchema` and `structuredContent` must be objects
 * (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema): a
 * tool whose result is not an object is described as `{ result: T }`.
 */
export function wrapOutputSchema(schema: SchemaNode): { schema: SchemaNode; wrapped: boolean } {
  if (schema.type === "object") return { schema, wrapped: false };
  const { $defs, ...inner } = schema;
  const wrapped: SchemaNode = { type: "object", properties: { result: inner }, required: ["result"], additionalProperties: false };
  if (isNode($defs)) wrapped.$defs = $defs;
  return { schema: wrapped, wrapped: true };
}
