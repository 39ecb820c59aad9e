import type { JsonSchema } from "../../manifest/manifest-format.js";
import { isNode, defName, defsOf, type SchemaNode } from "../schema/schema-node.js";
import { acceptsNull } from "../schema/accepts-null.js";
import { mapOf } from "../schema/map-of.js";
import { pointerOf } from "../../pipeline/json-pointer.js";
import { setOwn } from "../../pipeline/set-own.js";

/**
 * Walks a model's arguments along our original schema (through `$ref`s, arrays, tuples and
 * the union member an object or array is) and returns a rewritten copy: the one place where a
 * provider's call is turned back into ours before validation.
 */
export interface ArgumentRewrite {
  /** Drop `null` from optional properties whose type does not admit it. */
  dropSyntheticNulls?: boolean;
  /** Rewrite a non-object, non-array value, given the (resolved) schema it is matched with. */
  mapScalar?: (schema: SchemaNode, value: unknown, root: SchemaNode) => unknown;
  /** Rewrite any value before its parts are walked (a different shape for the same data); `at()` spells its JSON Pointer. */
  mapValue?: (schema: SchemaNode, value: unknown, at: () => string) => unknown;
}

export function walkArguments(schema: JsonSchema, value: unknown, rewrite: ArgumentRewrite): unknown {
  if (!isNode(schema)) return value;
  return walk(schema, schema, value, 0, rewrite, []);
}

/**
 * `keys` is where the walk is, from the root, in the shape the model sent: a path is spelled
 * only when `mapValue` asks for it, not a string per value. `sent` is the list of `{ key, value }`
 * pairs `value` was made from, whose entries are then at `/<index>/value`.
 */
function walk(root: SchemaNode, node: SchemaNode, value: unknown, depth: number, rewrite: ArgumentRewrite, keys: Array<string | number>, sent?: unknown[]): unknown {
  if (depth > 64) return value;
  const s = resolve(root, node);
  const members = unionMembers(root, s);
  if (members.length > 0 && !isNode(s.properties) && typeof value === "object" && value !== null) {
    // A union (`T[] | null`, `Record<…> | string`, untagged objects): walk the member the value is.
    for (const member of members) {
      const mapped: unknown = rewrite.mapValue ? rewrite.mapValue(member, value, () => pointerOf(keys)) : value;
      if (mapped !== value) return walk(root, member, mapped, depth + 1, rewrite, keys, Array.isArray(value) ? value : undefined);
    }
    const member = Array.isArray(value) ? pickArrayMember(root, members, value) : pickObjectMember(members, value as Record<string, unknown>);
    return member ? walk(root, member, value, depth + 1, rewrite, keys) : value;
  }
  if (rewrite.mapValue) {
    const before = value;
    value = rewrite.mapValue(s, value, () => pointerOf(keys));
    if (Array.isArray(before) && !Array.isArray(value)) sent = before;
  }
  if (Array.isArray(value)) {
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
    return value.map((item, i) => {
      const itemSchema = prefix[i] ?? s.items;
      return isNode(itemSchema) ? walkInto(root, itemSchema, item, depth, rewrite, keys, i) : item;
    });
  }
  if (!isNode(value)) return rewrite.mapScalar ? rewrite.mapScalar(s, value, root) : value;
  // A map's values are walked too, whether its keys are any (`additionalProperties`) or follow a pattern.
  const extra = isNode(s.additionalProperties) ? s.additionalProperties : mapOf(s)?.value;
  if (!isNode(s.properties) && !extra) return value;
  const properties = isNode(s.properties) ? (s.properties as Record<string, SchemaNode>) : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: Record<string, unknown> = {};
  const pairIndex = sent && new Map(sent.map((pair, i) => [(pair as { key?: unknown }).key, i]));
  for (const [key, child] of Object.entries(value)) {
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : extra;
    if (!childSchema) {
      setOwn(out, key, child);
      continue;
    }
    if (rewrite.dropSyntheticNulls && child === null && !required.has(key) && !acceptsNull(resolve(root, childSchema))) continue;
    setOwn(out, key, walkInto(root, childSchema, child, depth, rewrite, keys, ...(pairIndex ? [pairIndex.get(key)!, "value"] : [key])));
  }
  return out;
}

/** `walk` one level down, at `at` (a key, or a pair's index and "value"). */
function walkInto(root: SchemaNode, schema: SchemaNode, value: unknown, depth: number, rewrite: ArgumentRewrite, keys: Array<string | number>, ...at: Array<string | number>): unknown {
  keys.push(...at);
  const walked = walk(root, schema, value, depth + 1, rewrite, keys);
  keys.length -= at.length;
  return walked;
}

/** The members of a union node (`anyOf`/`oneOf`), `$ref`s resolved and member unions flattened; none for any other node. */
function unionMembers(root: SchemaNode, s: SchemaNode, depth = 0): SchemaNode[] {
  const members = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])].filter(isNode).map((m) => resolve(root, m));
  return members.flatMap((m) => {
    const nested = depth < 8 && !isNode(m.properties) ? unionMembers(root, m, depth + 1) : [];
    return nested.length > 0 ? nested : [m];
  });
}

/**
 * The array member that describes `value`: the only one, or the one whose items every object
 * element fits with every key it has (`A[] | B[]`); none when that cannot be told, and the
 * array is left as sent (a null dropped under the wrong member would break a valid call).
 */
function pickArrayMember(root: SchemaNode, members: readonly SchemaNode[], value: readonly unknown[]): SchemaNode | undefined {
  const arrays = members.filter(isArraySchema);
  if (arrays.length <= 1) return arrays[0];
  const itemsFit = (member: SchemaNode) =>
    value.every((item) => {
      if (!isNode(item) || !isNode(member.items)) return true;
      const items = resolve(root, member.items);
      const candidates = unionMembers(root, items);
      return (candidates.length > 0 ? candidates : [items]).some((m) => fits(m, item) && namesEvery(m, item));
    });
  const fitting = arrays.filter(itemsFit);
  return fitting.length === 1 ? fitting[0] : undefined;
}

function isArraySchema(s: SchemaNode): boolean {
  return s.type === "array" || s.items !== undefined || s.prefixItems !== undefined;
}

/**
 * The object member that describes `value`: one it fits whose properties name every key of the
 * value (a strict-mode model sends all of its member's keys, `null` for the optional ones), else
 * the first it fits.
 */
function pickObjectMember(members: readonly SchemaNode[], value: Record<string, unknown>): SchemaNode | undefined {
  const fitting = members.filter((m) => (isNode(m.properties) || isNode(m.additionalProperties)) && fits(m, value));
  return fitting.find((m) => namesEvery(m, value)) ?? fitting[0];
}

/** Whether an object member has a place for every key of `value`. */
function namesEvery(member: SchemaNode, value: Record<string, unknown>): boolean {
  return isNode(member.additionalProperties) || Object.keys(value).every((k) => isNode(member.properties) && Object.hasOwn(member.properties, k));
}

/** A literal a provider could only send as its JSON text (Gemini's string-only enums). */
function sentAsText(sent: unknown, literal: unknown): boolean {
  return typeof sent === "string" && typeof literal !== "string" && sent === JSON.stringify(literal);
}

/** Every required key present, every `const` property matching (discriminated unions). */
function fits(member: SchemaNode, value: Record<string, unknown>): boolean {
  const required = Array.isArray(member.required) ? (member.required as string[]) : [];
  if (!required.every((k) => Object.hasOwn(value, k))) return false;
  const properties = isNode(member.properties) ? (member.properties as Record<string, unknown>) : {};
  return Object.entries(properties).every(([k, p]) => !isNode(p) || p.const === undefined || value[k] === p.const || sentAsText(value[k], p.const));
}

export function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
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
