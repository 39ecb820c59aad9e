import * as checks from "./formats.js";
import type { FormatTest } from "./formats.js";

/**
 * Every format's check by name, for the interpreting validator (schemas registered at run
 * time). An object literal, so a bundle that never reaches it drops it whole.
 */
export const ALL_FORMATS: Readonly<Record<string, FormatTest>> = {
  date: checks.date,
  time: checks.time,
  "date-time": checks.dateTime,
  "iso-time": checks.isoTime,
  "iso-date-time": checks.isoDateTime,
  duration: checks.duration,
  uri: checks.uri,
  "uri-reference": checks.uriReference,
  "uri-template": checks.uriTemplate,
  url: checks.url,
  email: checks.email,
  hostname: checks.hostname,
  ipv4: checks.ipv4,
  ipv6: checks.ipv6,
  regex: checks.regex,
  uuid: checks.uuid,
  "json-pointer": checks.jsonPointer,
  "json-pointer-uri-fragment": checks.jsonPointerUriFragment,
  "relative-json-pointer": checks.relativeJsonPointer,
  byte: checks.byte,
};
