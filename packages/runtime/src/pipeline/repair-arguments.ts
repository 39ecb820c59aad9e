import type { JsonSchema } from "../manifest/manifest-format.js";
import type { Repair } from "../outcome/outcome.js";
import { MAX_ARGUMENT_DEPTH } from "./snapshot-arguments.js";
import { isObject, MAX_ERRORS } from "../validation/validator-support.js";
import { appendPointer, pointerOf } from "./json-pointer.js";
import { setOwn } from "./set-own.js";

export type Schema = { [keyword: string]: unknown };

/** A number written as a string. `\\d+(?:\\.\\d*)?` rather than `\\d+\\.?\\d*`: the same strings, without quadratic backtracking on long digit runs. */
const NUMERIC_STRING = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** Repairs listed at most, as errors are: a million numeric strings are a million repairs, not a million entries. */
const MAX_LISTED = MAX_ERRORS;

/**
 * The few repairs models need, guided by the schema, each one recorded (the first 1,000):
 * `null` for an optional property means absent; an object or array sent as a JSON string is
 * parsed where the schema wants one; a numeric string becomes a number where a number is
 * wanted — in named properties, a map's values, items and the union member a value is (the
 * one its discriminator names, or the only one of its shape). Nothing else is guessed. The
 * input is not touched: what changed is copied, the rest shared. The walk keeps its place as a
 * stack of keys and spells a path only for a repair, so a million values cost no string each.
 */
export function repairArguments(schema: JsonSchema, args: unknown): { value: unknown; repairs: Repair[] } {
  const root = typeof schema === "object" ? schema : {};
  const walk: Walk = { root, keys: [], repairs: [] };
  const value = repair(walk, root, args);
  return { value, repairs: walk.repairs };
}

interface Walk {
  root: Schema;
  /** Where the walk is: the keys from the root. */
  keys: Array<string | number>;
  repairs: Repair[];
}

function record(walk: Walk, repair: Repair["repair"], key?: string): void {
  if (walk.repairs.length >= MAX_LISTED) return;
  const path = pointerOf(walk.keys);
  walk.repairs.push({ path: key === undefined ? path : appendPointer(path, key), repair });
}

/** The repaired value at `key` of the walk's place. */
function child(walk: Walk, schema: Schema, value: unknown, key: string | number): unknown {
  walk.keys.push(key);
  const repaired = repair(walk, schema, value);
  walk.keys.pop();
  return repaired;
}

function repair(walk: Walk, schema: Schema, value: unknown): unknown {
  const s = resolve(walk.root, schema);
  const types = typesOf(s);
  if (typeof value === "string" && !types.has("string")) {
    // Too deep to walk safely: left for validation to refuse, unparsed (a parse builds every level first: a second for a few MiB of `[`).
    if ((types.has("object") || types.has("array")) && /^\s*[[{]/.test(value) && !nestsDeeper(value, MAX_ARGUMENT_DEPTH - walk.keys.length)) {
      try {
        const parsed: unknown = JSON.parse(value);
        if ((types.has("array") && Array.isArray(parsed)) || (types.has("object") && isObject(parsed))) {
          record(walk, "parsed_json_string");
          return repair(walk, s, parsed);
        }
      } catch {
        // Not JSON: leave it for validation to report.
      }
    }
    if ((types.has("number") || types.has("integer")) && NUMERIC_STRING.test(value)) {
      const n = Number(value);
      if (Number.isFinite(n)) {
        record(walk, "parsed_number_string");
        return n;
      }
    }
    return value;
  }
  const members = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (members && typeof value === "object" && value !== null) {
    const member = memberFor(walk.root, members, value);
    return member ? repair(walk, member, value) : value;
  }
  if (isObject(value)) {
    const properties = isObject(s.properties) ? (s.properties as Record<string, Schema>) : undefined;
    const rest = isObject(s.additionalProperties) ? (s.additionalProperties as Schema) : undefined;
    if (!properties && !rest) return value;
    const required = (s.required as string[] | undefined) ?? [];
    const keys = Object.keys(value);
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const sent = value[key];
      const named = properties !== undefined && Object.hasOwn(properties, key);
      const childSchema = named ? properties[key]! : rest;
      // A number or a boolean is never repaired; neither is a property the schema does not name.
      if (childSchema === undefined || (typeof sent !== "object" && typeof sent !== "string")) {
        if (out) setOwn(out, key, sent);
        continue;
      }
      if (named && sent === null && !required.includes(key) && !typesOf(resolve(walk.root, childSchema)).has("null")) {
        record(walk, "null_as_absent", key);
        out ??= copyKeys(value, keys, i);
        continue;
      }
      const repaired = child(walk, childSchema, sent, key);
      if (repaired !== sent) out ??= copyKeys(value, keys, i);
      if (out) setOwn(out, key, repaired);
    }
    return out ?? value;
  }
  if (Array.isArray(value) && (s.items || s.prefixItems)) {
    const prefix = (s.prefixItems as Schema[] | undefined) ?? [];
    const items = isObject(s.items) ? (s.items as Schema) : undefined;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const itemSchema = prefix[i] ?? items;
      const repaired = itemSchema && (typeof item === "object" || typeof item === "string") ? child(walk, itemSchema, item, i) : item;
      if (repaired !== item) out ??= value.slice(0, i);
      if (out) out[i] = repaired;
    }
    return out ?? value;
  }
  return value;
}

/**
 * The member of a union an object or array is: the only member of its shape (objects with
 * properties, arrays with items), or the object member its discriminator (a property every
 * object member gives a different constant) names; none when that is not one. Worked out once
 * per union: a million items of one union cost a lookup each.
 */
export function memberFor(root: Schema, members: readonly Schema[], value: object): Schema | undefined {
  let plan = unionPlans.get(members);
  if (!plan) unionPlans.set(members, (plan = planUnion(members.map((m) => resolve(root, m)))));
  if (Array.isArray(value)) return plan.array;
  return plan.tag === undefined ? plan.object : plan.byTag!.get((value as Record<string, unknown>)[plan.tag]);
}

interface UnionPlan {
  array?: Schema;
  object?: Schema;
  tag?: string;
  byTag?: Map<unknown, Schema>;
}

const unionPlans = new WeakMap<readonly Schema[], UnionPlan>();

function planUnion(members: readonly Schema[]): UnionPlan {
  const arrays = members.filter((m) => m.items || m.prefixItems);
  const objects = members.filter((m) => isObject(m.properties) || isObject(m.additionalProperties));
  const plan: UnionPlan = { array: arrays.length === 1 ? arrays[0] : undefined, object: objects.length === 1 ? objects[0] : undefined };
  if (objects.length < 2) return plan;
  const constantOf = (m: Schema, key: string): unknown => ((m.properties as Record<string, Schema> | undefined)?.[key] ?? {}).const;
  for (const key of Object.keys(objects[0]!.properties ?? {})) {
    const byTag = new Map(objects.map((m) => [constantOf(m, key), m]));
    if (byTag.size === objects.length && !byTag.has(undefined)) return { ...plan, tag: key, byTag };
  }
  return plan;
}

/** A copy of an object's first `count` keys, where a repair starts to differ from what was sent. */
function copyKeys(value: Record<string, unknown>, keys: readonly string[], count: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) setOwn(out, keys[i]!, value[keys[i]!]);
  return out;
}

/** The JSON types a schema names, its own and its `anyOf` members'; worked out once per schema object. */
const typeSets = new WeakMap<Schema, Set<string>>();
const NO_TYPES: ReadonlySet<string> = new Set();
function typesOf(schema: Schema): ReadonlySet<string> {
  if (typeof schema !== "object" || schema === null) return NO_TYPES; // `true`, `false`
  const known = typeSets.get(schema);
  if (known) return known;
  const types = new Set<string>();
  const type = schema.type;
  if (typeof type === "string") types.add(type);
  else if (Array.isArray(type)) for (const t of type) types.add(String(t));
  for (const member of (schema.anyOf as Schema[] | undefined) ?? []) for (const t of typesOf(member)) types.add(t);
  typeSets.set(schema, types);
  return types;
}

export function resolve(root: Schema, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return schema;
  const defs = root.$defs as Record<string, Schema> | undefined;
  return defs?.[ref.slice("#/$defs/".length)] ?? schema;
}

/** Whether JSON text nests more than `limit` levels (what the arguments' depth leaves where it is), read without parsing it. */
function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A backslash escapes the next character; only a quote and brackets outside strings count.
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
