import { isNode, type SchemaNode } from "./schema-node.js";

/** Whether a schema admits `null` on its own (`type` with "null", a null member, enum or const). */
export function acceptsNull(schema: SchemaNode): boolean {
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (schema.const === null) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  for (const k of ["anyOf", "oneOf"] as const) {
    const members = schema[k];
    if (Array.isArray(members) && members.some((m) => isNode(m) && acceptsNull(m))) return true;
  }
  return false;
}
