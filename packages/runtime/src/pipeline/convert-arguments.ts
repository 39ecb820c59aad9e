import type { Conversion } from "../manifest/manifest-format.js";
import { dateTime } from "../formats/formats.js";
import { parsePointer } from "./json-pointer.js";

/**
 * Applies an entry's conversions to validated arguments: ISO strings to `Date`, model-facing
 * `@alias` names back to TypeScript names. Dates first (their paths use the model's names),
 * then renames, deepest first so outer renames do not move inner paths.
 */
export function convertArguments(args: Record<string, unknown>, conversions: readonly Conversion[] | undefined): Record<string, unknown> {
  if (!conversions || conversions.length === 0) return args;
  const dates = conversions.filter((c) => c.op === "date");
  const renames = conversions
    .filter((c): c is Extract<Conversion, { op: "rename" }> => c.op === "rename")
    .sort((a, b) => parsePointer(b.at).length - parsePointer(a.at).length);
  for (const c of dates) {
    visit(args, parsePointer(c.at), (parent, key) => {
      const value = parent[key];
      // Only a date-time: where a union also admits other strings (`Date | string`, or a
      // member of a discriminated union whose `at` is a plain string), the rest stay strings.
      if (typeof value === "string" && isDateTime(value)) parent[key] = new Date(value);
    });
  }
  for (const c of renames) {
    const apply = (target: unknown) => {
      if (target && typeof target === "object" && Object.hasOwn(target, c.from)) {
        const record = target as Record<string, unknown>;
        record[c.to] = record[c.from];
        delete record[c.from];
      }
    };
    const segments = parsePointer(c.at);
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
