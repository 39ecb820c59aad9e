import type { JsonSchema } from "../../manifest/manifest-format.js";
import { acceptsNull } from "../schema/accepts-null.js";
import { defName, defsOf, isNode, type SchemaNode } from "../schema/schema-node.js";

/**
 * Undoes OpenAI strict mode's emulation of optional properties: a `null` sent for a property
 * our schema makes optional and does not allow to be `null` means "absent", so it is
 * removed before validation. A property whose own type admits `null` keeps it (there the
 * `null` is a real value). Walks the value along our original schema; returns a copy.
 */
export function removeSyntheticNulls(schema: JsonSchema, value: unknown): unknown {
  if (!isNode(schema)) return value;
  return walk(schema, schema, value, 0);
}

function walk(root: SchemaNode, node: SchemaNode, value: unknown, depth: number): unknown {
  if (depth > 64) return value;
  const s = resolve(root, node);
  if (Array.isArray(value)) {
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
    return value.map((item, i) => {
      const itemSchema = prefix[i] ?? s.items;
      return isNode(itemSchema) ? walk(root, itemSchema, item, depth + 1) : item;
    });
  }
  if (!isNode(value)) return value;
  const branch = pickObjectBranch(root, s, value);
  if (!branch) return value;
  const properties = isNode(branch.properties) ? (branch.properties as Record<string, SchemaNode>) : {};
  const required = new Set(Array.isArray(branch.required) ? (branch.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!childSchema) {
      define(out, key, child);
      continue;
    }
    if (child === null && !required.has(key) && !acceptsNull(resolve(root, childSchema))) continue;
    define(out, key, walk(root, childSchema, child, depth + 1));
  }
  return out;
}

/** The object schema that describes `value`: the node itself, or the union member that fits. */
function pickObjectBranch(root: SchemaNode, s: SchemaNode, value: Record<string, unknown>): SchemaNode | undefined {
  if (isNode(s.properties)) return s;
  const members = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])].filter(isNode).map((m) => resolve(root, m));
  return members.find((m) => isNode(m.properties) && fits(m, value));
}

/** Every required key present, every `const` property matching (discriminated unions). */
function fits(member: SchemaNode, value: Record<string, unknown>): boolean {
  const required = Array.isArray(member.required) ? (member.required as string[]) : [];
  if (!required.every((k) => Object.hasOwn(value, k))) return false;
  const properties = member.properties as Record<string, unknown>;
  return Object.entries(properties).every(([k, p]) => !isNode(p) || p.const === undefined || value[k] === p.const);
}

function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
  let current = node;
  for (let i = 0; i < 32; i++) {
    if (current.$ref === "#") current = root;
    else {
      const name = defName(current.$ref);
      const def = name === undefined ? undefined : defsOf(root)[name];
      if (!def) return current;
      current = def;
    }
  }
  return current;
}

/** Sets an own property even for keys such as `__proto__`, which must never reach a prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
