import type { JsonSchema } from "../../manifest/manifest-format.js";
import { setOwn } from "../../pipeline/set-own.js";
import { describeValue, type ArgumentIssue } from "../../pipeline/validate-arguments.js";
import { isNode, type SchemaNode } from "../schema/schema-node.js";
import { mapOf } from "../schema/map-of.js";
import { resolve, walkArguments } from "./walk-arguments.js";

/**
 * Turns a call made against a Gemini schema back into ours:
 * - Gemini enums hold strings only, so a numeric, boolean or null literal is sent as its
 *   JSON text (`3` as `"3"`); the model's string becomes the literal our schema allows again
 *   (a string that is itself an allowed value stays a string);
 * - an object with arbitrary keys (a `Record`) is sent as a list of `{ key, value }` pairs;
 *   the list becomes the object again; a list that is no such pairs, or names a key twice, is
 *   an issue (with `issues`), said in the terms the model was given, and is left as sent.
 */
export function restoreGeminiArguments(schema: JsonSchema, value: unknown, issues?: ArgumentIssue[]): unknown {
  return walkArguments(schema, value, { mapScalar: restoreLiteral, mapValue: (s, v, at) => restoreRecord(s, v, at, issues) });
}

/** Whether a schema is a pure map (no named properties): Gemini receives it as pairs. */
export function isRecordSchema(schema: SchemaNode): boolean {
  return mapOf(schema) !== undefined;
}


function restoreRecord(schema: SchemaNode, value: unknown, at: () => string, issues: ArgumentIssue[] | undefined): unknown {
  if (!isRecordSchema(schema) || !Array.isArray(value)) return value;
  // Not pairs, or a key twice (one value would be lost): left as sent, and said so.
  const notPair = value.findIndex((pair) => !(isNode(pair) && typeof pair.key === "string" && Object.hasOwn(pair, "value")));
  if (notPair >= 0) {
    issues?.push({ path: `${at()}/${notPair}`, expected: "a { key, value } pair: a string key and its value", received: describePair(value[notPair]) });
    return value;
  }
  const keys = value.map((pair) => (pair as { key: string }).key);
  const twice = keys.findIndex((key, i) => keys.indexOf(key) !== i);
  if (twice >= 0) {
    issues?.push({ path: `${at()}/${twice}/key`, expected: "a key no other pair of the list has", received: describeValue(keys[twice]) });
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const pair of value as Array<{ key: string; value: unknown }>) setOwn(out, pair.key, pair.value);
  return out;
}

function describePair(pair: unknown): string {
  if (!isNode(pair)) return describeValue(pair);
  if (typeof pair.key !== "string") return pair.key === undefined ? "an object without \"key\"" : `an object whose "key" is ${describeValue(pair.key)}`;
  return "an object without \"value\"";
}

function restoreLiteral(schema: SchemaNode, value: unknown, root: SchemaNode): unknown {
  if (typeof value !== "string") return value;
  const literals = literalsOf(schema, root);
  // Beside a member that takes any string (`string | 0`), "0" is that string: the model was shown text.
  if (literals.includes(value) || takesAnyString(schema, root)) return value;
  const matches = literals.filter((v) => typeof v !== "string" && JSON.stringify(v) === value);
  return matches.length === 1 ? matches[0] : value;
}

/** Whether a schema, or a member of its union, is a string of any value (no `enum`, no `const`). */
export function takesAnyString(schema: SchemaNode, root: SchemaNode): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("string") && schema.enum === undefined && schema.const === undefined) return true;
  return (["anyOf", "oneOf"] as const).some((k) => Array.isArray(schema[k]) && (schema[k] as unknown[]).some((m) => isNode(m) && takesAnyString(resolve(root, m), root)));
}

/** The literals a schema allows: its `enum`/`const`, and those of its union members. */
export function literalsOf(schema: SchemaNode, root: SchemaNode): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(schema.enum)) out.push(...schema.enum);
  if (schema.const !== undefined) out.push(schema.const);
  if ([schema.type].flat().includes("null")) out.push(null);
  for (const k of ["anyOf", "oneOf"] as const) {
    const members = schema[k];
    if (Array.isArray(members)) for (const m of members) if (isNode(m)) out.push(...literalsOf(resolve(root, m), root));
  }
  return out;
}
