import type { Conversion } from "../manifest/manifest-format.js";
import { dateTime } from "../formats/formats.js";
import { parsePointer } from "./json-pointer.js";

/**
 * Applies an entry's conversions to validated arguments: ISO strings to `Date`, model-facing
 * `@alias` names back to TypeScript names. Values of a recursive type first, each wholly (its
 * type's conversions, down to its deepest level), while the paths that reach them still
 * spell the model's names; then dates (their paths use the model's names); then renames,
 * deepest first so outer renames do not move inner paths. The renames of one object happen at
 * once: one name can be both a model name and another property's TypeScript name
 * (`@alias target destination` beside `@alias source target`, or a swap).
 */
export function convertArguments(args: Record<string, unknown>, conversions: readonly Conversion[] | undefined, defs: Readonly<Record<string, readonly Conversion[]>> = {}): Record<string, unknown> {
  if (!conversions || conversions.length === 0) return args;
  const holder = { value: args };
  convertAt(holder, "value", conversions, defs, new Set());
  return holder.value;
}

const KNOWN_OPS: ReadonlySet<string> = new Set(["date", "rename", "ref"]);

/**
 * Converts `parent[key]` by `conversions`, whose paths are relative to it. `here` holds the
 * recursive types already applied to this same value (a `ref` at `""`): a hand-made manifest
 * whose types refer to each other there, without going deeper, is not followed round.
 */
function convertAt(parent: Record<string, unknown>, key: string, conversions: readonly Conversion[], defs: Readonly<Record<string, readonly Conversion[]>>, here: ReadonlySet<string>): void {
  const within = (at: string, each: (parent: Record<string, unknown>, key: string) => void) => {
    const segments = parsePointer(at);
    if (segments.length === 0) each(parent, key);
    else visit(parent[key], segments, each);
  };
  for (const c of conversions) {
    // A conversion this runtime does not know was written by a newer toolgen: converting without it would hand the tool wrong values.
    if (!KNOWN_OPS.has(c.op)) throw new Error(`toolgen: this entry's conversions need a newer @toolgen/runtime (it does not know the conversion '${String(c.op)}'); install the version of the toolgen that built it.`);
    if (c.op !== "ref") continue;
    if (c.at === "") {
      if (!here.has(c.def)) convertAt(parent, key, defs[c.def] ?? [], defs, new Set([...here, c.def]));
    } else within(c.at, (p, k) => convertAt(p, k, defs[c.def] ?? [], defs, new Set()));
  }
  for (const c of conversions) {
    if (c.op !== "date") continue;
    within(c.at, (p, k) => {
      const value = p[k];
      // Only a date-time: where a union also admits other strings (`Date | string`, or a
      // member of a discriminated union whose `at` is a plain string), the rest stay strings.
      if (typeof value === "string" && isDateTime(value)) p[k] = new Date(value);
    });
  }
  const renames = new Map<string, Array<Extract<Conversion, { op: "rename" }>>>();
  for (const c of conversions) if (c.op === "rename") renames.set(c.at, [...(renames.get(c.at) ?? []), c]);
  const deepestFirst = [...renames].sort(([a], [b]) => parsePointer(b).length - parsePointer(a).length);
  for (const [at, group] of deepestFirst) {
    within(at, (p, k) => {
      const target = p[k];
      if (!target || typeof target !== "object") return;
      const record = target as Record<string, unknown>;
      // One move per name: members of a union may rename one model name differently (the first wins, as it would alone).
      const moved = new Set<string>();
      const present = group.filter((c) => Object.hasOwn(record, c.from) && !moved.has(c.from) && moved.add(c.from));
      const values = present.map((c) => record[c.from]);
      for (const c of present) delete record[c.from];
      present.forEach((c, i) => (record[c.to] = values[i]));
    });
  }
}

/** Calls `at` for every (parent, key) the pattern matches; `*` matches every key or index. */
function visit(node: unknown, segments: readonly string[], at: (parent: Record<string, unknown>, key: string) => void): void {
  if (node === null || typeof node !== "object") return;
  const [head, ...rest] = segments;
  if (head === undefined) return;
  const record = node as Record<string, unknown>;
  const keys = head === "*" ? Object.keys(record) : Object.hasOwn(record, head) ? [head] : [];
  for (const key of keys) {
    if (rest.length === 0) at(record, key);
    else visit(record[key], rest, at);
  }
}

function isDateTime(value: string): boolean {
  return dateTime(value);
}
