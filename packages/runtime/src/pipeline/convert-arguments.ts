import type { Conversion } from "../manifest/manifest-format.js";
import { dateTime } from "../formats/formats.js";
import { parsePointer } from "./json-pointer.js";

/**
 * Applies an entry's conversions to validated arguments: ISO strings to `Date`, model-facing
 * `@alias` names back to TypeScript names. Dates first (their paths use the model's names),
 * then renames, deepest first so outer renames do not move inner paths. The renames of one
 * object happen at once: one name can be both a model name and another property's TypeScript
 * name (`@alias target destination` beside `@alias source target`, or a swap).
 */
export function convertArguments(args: Record<string, unknown>, conversions: readonly Conversion[] | undefined): Record<string, unknown> {
  if (!conversions || conversions.length === 0) return args;
  const dates = conversions.filter((c) => c.op === "date");
  const renames = new Map<string, Array<Extract<Conversion, { op: "rename" }>>>();
  for (const c of conversions) if (c.op === "rename") renames.set(c.at, [...(renames.get(c.at) ?? []), c]);
  for (const c of dates) {
    visit(args, parsePointer(c.at), (parent, key) => {
      const value = parent[key];
      // Only a date-time: where a union also admits other strings (`Date | string`, or a
      // member of a discriminated union whose `at` is a plain string), the rest stay strings.
      if (typeof value === "string" && isDateTime(value)) parent[key] = new Date(value);
    });
  }
  const deepestFirst = [...renames].sort(([a], [b]) => parsePointer(b).length - parsePointer(a).length);
  for (const [at, group] of deepestFirst) {
    const apply = (target: unknown) => {
      if (!target || typeof target !== "object") return;
      const record = target as Record<string, unknown>;
      const present = group.filter((c) => Object.hasOwn(record, c.from));
      const values = present.map((c) => record[c.from]);
      for (const c of present) delete record[c.from];
      present.forEach((c, i) => (record[c.to] = values[i]));
    };
    const segments = parsePointer(at);
    if (segments.length === 0) apply(args);
    else visit(args, segments, (parent, key) => apply(parent[key]));
  }
  return args;
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
