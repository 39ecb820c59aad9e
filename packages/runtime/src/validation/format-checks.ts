import { CHECKED_FORMATS, exportOf } from "../formats/format-exports.js";
import { anyString, dateTime, type FormatTest } from "../formats/formats.js";

const CHECKED = new Set(CHECKED_FORMATS.split(" "));

/** Format checks by format name, as `RegistryOptions.formats` takes them. */
export type FormatTable = Readonly<Record<string, FormatTest>>;

/** A format's check by name; undefined for a format that checks something but is not carried. */
export type FormatLookup = (name: string) => FormatTest | undefined;

/**
 * The format checks of an interpreting validator (schemas registered at run time): those in
 * `table`, and `date-time` (every `Date` argument needs it). The runtime does not carry every
 * format's check on its own — a bundle would then hold them all, where the generated
 * validators import exactly the checks they use — so a schema naming another format needs
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
export function assertFormatsCarried(schema: unknown, lookup: FormatLookup, at = "#"): void {
  if (typeof schema !== "object" || schema === null) return;
  const format = (schema as { format?: unknown }).format;
  if (!Array.isArray(schema) && typeof format === "string" && lookup(format) === undefined) {
    const name = exportOf(format);
    throw new Error(
      `the format '${format}' at ${at} is checked by a function this registry does not carry; pass it in the registry's 'formats' option: ` +
        `{ formats: { "${format}": ${name} } } with import { ${name} } from "@toolgen/runtime/formats" (or ALL_FORMATS for every format).`,
    );
  }
  for (const [key, value] of Object.entries(schema)) {
    // Values (`const`, `enum`, `default`, `examples`) are data, not schemas.
    if (key === "const" || key === "enum" || key === "default" || key === "examples") continue;
    assertFormatsCarried(value, lookup, `${at}/${key}`);
  }
}
