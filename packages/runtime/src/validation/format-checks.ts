import { CHECKED_FORMATS, exportOf } from "../formats/format-exports.js";
import { anyString, dateTime, type FormatTest } from "../formats/formats.js";

const CHECKED = new Set(CHECKED_FORMATS.split(" "));

/** Format checks by format name, as `RegistryOptions.formats` takes them. */
export type FormatTable = Readonly<Record<string, FormatTest>>;

/** A format's check by name; undefined for a format that checks something but is not carried. */
export type FormatLookup = (name: string) => FormatTest | undefined;

/**
 * The format checks a validator is compiled with: those in `table`, and `date-time` (every
 * `Date` argument needs it). The runtime does not carry every format's check on its own — a
 * bundle would then hold them all, where a generated registry module imports exactly the
 * checks its schemas name — so a schema naming another format needs
 * its check given (`@toolgen/runtime/formats`). A format that checks nothing on strings
 * (`password`, `int32`, …) or that nobody defines passes, as in ajv.
 */
export function formatLookup(table: FormatTable = {}): FormatLookup {
  return (name) => {
    if (Object.hasOwn(table, name)) return table[name];
    if (name === "date-time") return dateTime;
    return CHECKED.has(name) ? undefined : anyString;
  };
}

/** Refuses a schema naming a format whose check `lookup` lacks, saying where and what to pass. */
export function assertFormatsCarried(schema: unknown, lookup: FormatLookup): void {
  forEachFormat(schema, (format, at) => {
    if (lookup(format) !== undefined) return;
    const name = exportOf(format);
    throw new Error(
      `the format '${format}' at ${at} is checked by a function this registry does not carry; pass it in the registry's 'formats' option: ` +
        `{ formats: { "${format}": ${name} } } with import { ${name} } from "@toolgen/runtime/formats" (or ALL_FORMATS for every format).`,
    );
  });
}

/** Keywords whose value maps names (which may be `format` or `default`) to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
/** Keywords whose value is data, not a schema. */
const VALUES = new Set(["const", "enum", "default", "examples"]);

/**
 * Calls `visit` with every format a schema names and where it is (a path from `#`), a schema's
 * own before its subschemas'. The path is spelt only for a format found: the module writer
 * walks every schema of a large registry.
 */
export function forEachFormat(schema: unknown, visit: (format: string, at: string) => void): void {
  const path = ["#"];
  const walk = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) inside(String(i), node[i]);
      return;
    }
    const object = node as Record<string, unknown>;
    if (typeof object.format === "string") visit(object.format, path.join("/"));
    for (const key in object) {
      if (key === "format" || VALUES.has(key)) continue;
      const value = object[key];
      if (SCHEMA_MAPS.has(key) && typeof value === "object" && value !== null) {
        path.push(key);
        for (const name in value) inside(name, (value as Record<string, unknown>)[name]);
        path.pop();
      } else inside(key, value);
    }
  };
  const inside = (segment: string, node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    path.push(segment);
    walk(node);
    path.pop();
  };
  walk(schema);
}
