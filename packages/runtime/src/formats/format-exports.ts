/**
 * Which export of `@toolgen/runtime/formats` checks each format name: what the generated
 * validators import. `null`: the format checks nothing on a string (OpenAPI's annotations and
 * number formats, as in ajv), so a validator writes no check for it; a name not listed is
 * unknown and passes too.
 */
export const FORMAT_EXPORTS: Readonly<Record<string, string | null>> = {
  date: "date",
  time: "time",
  "date-time": "dateTime",
  "iso-time": "isoTime",
  "iso-date-time": "isoDateTime",
  duration: "duration",
  uri: "uri",
  "uri-reference": "uriReference",
  "uri-template": "uriTemplate",
  url: "url",
  email: "email",
  hostname: "hostname",
  ipv4: "ipv4",
  ipv6: "ipv6",
  regex: "regex",
  uuid: "uuid",
  "json-pointer": "jsonPointer",
  "json-pointer-uri-fragment": "jsonPointerUriFragment",
  "relative-json-pointer": "relativeJsonPointer",
  byte: "byte",
  int32: null,
  int64: null,
  float: null,
  double: null,
  password: null,
  binary: null,
};

/**
 * The formats that check something, space-separated: the runtime's main entry needs only the
 * names (to tell a format it does not carry from an unknown one), and this string is a small
 * part of a browser bundle where the table above is not. Each one's export is its name in
 * camelCase (`exportOf`); a test holds both to the table.
 */
export const CHECKED_FORMATS = "date time date-time iso-time iso-date-time duration uri uri-reference uri-template url email hostname ipv4 ipv6 regex uuid json-pointer json-pointer-uri-fragment relative-json-pointer byte";

/** The export of `@toolgen/runtime/formats` that checks a format: its name in camelCase. */
export function exportOf(format: string): string {
  return format.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}
