import type { TypeModel } from "../model/type-model.js";
import { formatBare, formatSchema, type SchemaObject } from "./format-schema.js";

const SIMPLE = new Set<TypeModel["kind"]>(["string", "number", "boolean", "null"]);

/**
 * - literals (and `null`) only: one `enum`, with its `type` (a list when mixed);
 * - plain primitives only: a `type` list (`["string", "null"]`);
 * - otherwise `anyOf`, with the unannotated literals gathered into one `enum` member.
 * A discriminated union keeps each member's discriminator `const`.
 */
export function formatUnion(members: readonly TypeModel[]): SchemaObject {
  const plain = members.every((m) => !m.annotations);
  if (plain && members.every((m) => m.kind === "literal" || m.kind === "null")) return formatEnum(members);
  if (plain && members.every((m) => SIMPLE.has(m.kind))) {
    const types = [...new Set(members.map((m) => formatBare(m).type))];
    return types.length === 1 ? { type: types[0] } : { type: types };
  }

  const parts: SchemaObject[] = [];
  const literals = members.filter((m) => m.kind === "literal" && !m.annotations);
  let enumWritten = false;
  for (const member of members) {
    if (literals.length > 1 && literals.includes(member)) {
      if (!enumWritten) parts.push(formatEnum(literals));
      enumWritten = true;
      continue;
    }
    parts.push(formatSchema(member));
  }
  // Two members can read the same (`string` and a branded string): keep one of each.
  const unique = [...new Map(parts.map((p) => [JSON.stringify(p), p])).values()];
  return unique.length === 1 ? unique[0]! : { anyOf: unique };
}

function formatEnum(members: readonly TypeModel[]): SchemaObject {
  const values = [...new Set(members.map((m) => (m.kind === "literal" ? m.value : null)))];
  const types = [...new Set(values.map((v) => (v === null ? "null" : typeof v)))];
  return { type: types.length === 1 ? types[0] : types, enum: values };
}
