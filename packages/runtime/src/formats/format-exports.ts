/**
 * The formats that check something on strings, space-separated (the runtime's main entry
 * needs only the names, and a string is a small part of a browser bundle). Each one's check is
 * the export of `@toolgen/runtime/formats` named by `exportOf`. Every other format name checks
 * nothing on strings: OpenAPI's annotations and number formats (`password`, `int32`, …), as in
 * ajv, and names nobody defines.
 */
export const CHECKED_FORMATS = "date time date-time iso-time iso-date-time duration uri uri-reference uri-template url email hostname ipv4 ipv6 regex uuid json-pointer json-pointer-uri-fragment relative-json-pointer byte";

/**
 * OpenAPI's formats of numbers, space-separated. On a number the validator checks `int32` (an
 * integer from −2³¹ to 2³¹ − 1) and `int64` (an integer) itself, as ajv-formats does; `float`
 * and `double` pass any number. On a string they check nothing.
 */
export const NUMBER_FORMATS = "int32 int64 float double";

/** The export of `@toolgen/runtime/formats` that checks a format: its name in camelCase. */
export function exportOf(format: string): string {
  return format.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}
