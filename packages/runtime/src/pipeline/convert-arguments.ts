import type { Conversion } from "../manifest/manifest-format.js";
import { dateTime } from "../formats/formats.js";
import { parsePointer } from "./json-pointer.js";
import { compilePattern } from "../validation/compile-schema.js";

/**
 * Applies an entry's conversions to validated arguments: ISO strings to `Date`, model-facing
 * `@alias` names back to TypeScript names. A value of a recursive type gets its type's own
 * conversions (`ref`), down to its deepest level. Renames come last, deepest first, so that
 * every path is still spelled in the model's names when it is followed and outer renames do
 * not move inner paths. The renames of one object happen at once: one name can be both a model
 * name and another property's TypeScript name (`@alias target destination` beside
 * `@alias source target`, or a swap).
 */
export function convertArguments(args: Record<string, unknown>, conversions: readonly Conversion[] | undefined, defs: Readonly<Record<string, readonly Conversion[]>> = {}): Record<string, unknown> {
  if (!conversions?.length) return args;
  const holder = { value: args };
  convertAt(holder, "value", conversions, defs, []);
  return holder.value;
}

type Rename = Extract<Conversion, { op: "rename" }>;

/**
 * Converts `parent[key]` by `conversions`, whose paths are relative to it. `here` lists the
 * recursive types already applied to this same value (a `ref` at `""`): types of a hand-made
 * manifest that refer to each other there, without going deeper, are not followed round.
 */
function convertAt(parent: Record<string, unknown>, key: string, conversions: readonly Conversion[], defs: Readonly<Record<string, readonly Conversion[]>>, here: readonly string[]): void {
  const within = (c: Conversion, each: (parent: Record<string, unknown>, key: string) => void) => {
    const segments = parsePointer(c.at);
    if (segments.length > 0) visit(parent[key], segments, each, c.match);
    else each(parent, key);
  };
  // Renames by place: their `at` and the keys its wildcards match.
  const renames = new Map<string, Rename[]>();
  for (const c of conversions) {
    if (c.op === "rename") {
      const place = JSON.stringify([c.at, c.match]);
      renames.set(place, [...(renames.get(place) ?? []), c]);
    } else if (c.op === "date") {
      // Only a date-time: where a union also admits other strings (`Date | string`, or a
      // member of a discriminated union whose `at` is a plain string), the rest stay strings.
      within(c, (p, k) => void (typeof p[k] === "string" && dateTime(p[k]) && (p[k] = toDate(p[k]))));
    } else if (c.op === "ref") {
      if (c.at !== "") within(c, (p, k) => convertAt(p, k, defs[c.def] ?? [], defs, []));
      else if (!here.includes(c.def)) convertAt(parent, key, defs[c.def] ?? [], defs, [...here, c.def]);
    } else {
      // Written by a newer toolgen: converting without it would hand the tool wrong values.
      throw new Error(`toolgen: unknown conversion '${String((c as { op: unknown }).op)}': this entry needs a newer @toolgen/runtime`);
    }
  }
  for (const group of [...renames.values()].sort(([a], [b]) => parsePointer(b!.at).length - parsePointer(a!.at).length)) {
    within(group[0]!, (p, k) => {
      const record = p[k] as Record<string, unknown>;
      if (!record || typeof record !== "object") return;
      // One move per name: union members may rename one model name differently (the first wins, as it would alone).
      const moves = new Map<string, [to: string, value: unknown]>();
      for (const c of group) if (Object.hasOwn(record, c.from) && !moves.has(c.from)) moves.set(c.from, [c.to, record[c.from]]);
      for (const from of moves.keys()) delete record[from];
      for (const [to, value] of moves.values()) record[to] = value;
    });
  }
}

/**
 * Calls `at` for every (parent, key) the pattern matches; `*` matches every key or index, or
 * those its entry of `match` (counted from `star`) matches.
 */
function visit(node: unknown, segments: readonly string[], at: (parent: Record<string, unknown>, key: string) => void, match?: readonly (string | null)[], star = 0): void {
  if (node === null || typeof node !== "object") return;
  const [head, ...rest] = segments;
  if (head === undefined) return;
  const record = node as Record<string, unknown>;
  const only = head === "*" ? match?.[star] : undefined;
  const keys = head === "*" ? Object.keys(record).filter((key) => !only || compilePattern(only).test(key)) : Object.hasOwn(record, head) ? [head] : [];
  for (const key of keys) {
    if (rest.length === 0) at(record, key);
    else visit(record[key], rest, at, match, head === "*" ? star + 1 : star);
  }
}

/**
 * A valid RFC 3339 date-time as a `Date`. A `Date` has no leap second: `23:59:60` is the
 * second after `23:59:59`, as POSIX time counts it (a minute has no second ":60" elsewhere).
 */
function toDate(text: string): Date {
  const date = new Date(text);
  return isNaN(date.getTime()) ? new Date(Date.parse(text.replace(":60", ":59")) + 1000) : date;
}
