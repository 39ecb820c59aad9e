import type { JsonSchema } from "../manifest/manifest-format.js";
import type { Repair } from "../outcome/outcome.js";
import { findTooDeep } from "./check-depth.js";
import { appendPointer } from "./json-pointer.js";

type Schema = { [keyword: string]: unknown };

/** A number written as a string. `\\d+(?:\\.\\d*)?` rather than `\\d+\\.?\\d*`: the same strings, without quadratic backtracking on long digit runs. */
const NUMERIC_STRING = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * The few repairs models need, guided by the schema, each one recorded:
 * `null` for an optional property means absent; an object or array sent as a JSON string is
 * parsed where the schema wants one; a numeric string becomes a number where a number is
 * wanted. Nothing else is guessed. Returns a repaired copy; the input is not touched.
 */
export function repairArguments(schema: JsonSchema, args: unknown): { value: unknown; repairs: Repair[] } {
  const repairs: Repair[] = [];
  const root = typeof schema === "object" ? schema : {};
  const value = repair(root, root, args, "", repairs);
  return { value, repairs };
}

function repair(root: Schema, schema: Schema, value: unknown, path: string, repairs: Repair[]): unknown {
  const s = resolve(root, schema);
  const types = typesOf(s);
  if (typeof value === "string" && !types.has("string")) {
    if ((types.has("object") || types.has("array")) && /^\s*[[{]/.test(value)) {
      try {
        const parsed: unknown = JSON.parse(value);
        // Too deep to walk safely: leave the string for validation to refuse.
        if (findTooDeep(parsed) !== undefined) return value;
        if ((types.has("array") && Array.isArray(parsed)) || (types.has("object") && isPlainObject(parsed))) {
          repairs.push({ path, repair: "parsed_json_string" });
          return repair(root, s, parsed, path, repairs);
        }
      } catch {
        // Not JSON: leave it for validation to report.
      }
    }
    if ((types.has("number") || types.has("integer")) && NUMERIC_STRING.test(value)) {
      const n = Number(value);
      if (Number.isFinite(n)) {
        repairs.push({ path, repair: "parsed_number_string" });
        return n;
      }
    }
    return value;
  }
  if (isPlainObject(value) && typeof s.properties === "object" && s.properties !== null) {
    const properties = s.properties as Record<string, Schema>;
    const required = (s.required as string[] | undefined) ?? [];
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = value[key];
      // A number or a boolean is never repaired; neither is a property the schema does not name.
      const kept = (typeof child !== "object" && typeof child !== "string") || !Object.hasOwn(properties, key);
      const childSchema = properties[key]!;
      if (!kept && child === null && !required.includes(key) && !typesOf(resolve(root, childSchema)).has("null")) {
        repairs.push({ path: appendPointer(path, key), repair: "null_as_absent" });
        continue;
      }
      const repaired = kept ? child : repair(root, childSchema, child, appendPointer(path, key), repairs);
      // Defined, not assigned: a key `__proto__` stays an own property.
      if (key === "__proto__") Object.defineProperty(out, key, { value: repaired, enumerable: true, writable: true, configurable: true });
      else out[key] = repaired;
    }
    return out;
  }
  if (Array.isArray(value) && (s.items || s.prefixItems)) {
    const prefix = (s.prefixItems as Schema[] | undefined) ?? [];
    return value.map((item, i) => {
      const itemSchema = prefix[i] ?? (typeof s.items === "object" ? (s.items as Schema) : undefined);
      return itemSchema ? repair(root, itemSchema, item, appendPointer(path, i), repairs) : item;
    });
  }
  return value;
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

function resolve(root: Schema, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return schema;
  const defs = root.$defs as Record<string, Schema> | undefined;
  return defs?.[ref.slice("#/$defs/".length)] ?? schema;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
