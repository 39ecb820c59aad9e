/**
 * The string formats JSON Schema's `format` keyword names, as plain functions: ajv-formats'
 * "full" mode, ported so that a validator imports exactly the checks it uses and nothing
 * else (no `require`, no table of every format in a bundle that needs one). Each export is
 * independent, so bundlers drop the ones an application does not import.
 *
 * Semantics follow ajv-formats 3.0.1, full mode, with the same regular expressions; the
 * differences are listed in docs/runtime.md ("Formats"). The OpenAPI number formats
 * (`int32`, `int64`, `float`, `double`) and `password`/`binary` check nothing on strings,
 * as in ajv (the validator checks `int32` and `int64` on numbers itself); an unknown format
 * passes.
 */

/** A format test: true when `value` is written in the format. */
export type FormatTest = (value: string) => boolean;

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;

/** RFC 3339 full-date: a real calendar day (leap years included). */
export function date(value: string): boolean {
  const matches = DATE.exec(value);
  if (!matches) return false;
  const year = +matches[1]!;
  const month = +matches[2]!;
  const day = +matches[3]!;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** A time of day; `zoned` requires an offset (`time`), otherwise it is optional (`iso-time`). A leap second is valid only at 23:59 UTC. */
function timeOfDay(value: string, zoned: boolean): boolean {
  const matches = TIME.exec(value);
  if (!matches) return false;
  const hour = +matches[1]!;
  const minute = +matches[2]!;
  const second = +matches[3]!;
  const sign = matches[5] === "-" ? -1 : 1;
  const zoneHour = +(matches[6] ?? 0);
  const zoneMinute = +(matches[7] ?? 0);
  if (zoneHour > 23 || zoneMinute > 59 || (zoned && !matches[4])) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

function dateAndTime(value: string, zoned: boolean): boolean {
  const parts = value.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && date(parts[0]!) && timeOfDay(parts[1]!, zoned);
}

/** RFC 3339 full-time, with an offset. */
export function time(value: string): boolean {
  return timeOfDay(value, true);
}

/** RFC 3339 date-time, with an offset (what a `Date` parameter is sent as). */
export function dateTime(value: string): boolean {
  const usual = usualDateTime(value);
  return usual === undefined ? dateAndTime(value, true) : usual;
}

const USUAL_DATE_TIME = /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;

/**
 * The answer for a date-time written the usual way (`2026-01-31T12:00:00Z`, `…+01:00`),
 * without the splitting and matching `dateAndTime` allocates; undefined for anything else
 * (a leap second, a loose offset), which `dateAndTime` decides. Arguments carry many dates.
 */
function usualDateTime(value: string): boolean | undefined {
  if (!USUAL_DATE_TIME.test(value)) return undefined;
  const digits = (at: number) => (value.charCodeAt(at) - 48) * 10 + value.charCodeAt(at + 1) - 48;
  const year = digits(0) * 100 + digits(2);
  const month = digits(5);
  const day = digits(8);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!))) return false;
  const end = value.length;
  const zoned = value.charCodeAt(end - 6) === 43 || value.charCodeAt(end - 6) === 45; // + or -
  if (zoned && (digits(end - 5) > 23 || digits(end - 2) > 59)) return false;
  if (digits(11) <= 23 && digits(14) <= 59 && digits(17) <= 59) return true;
  return undefined;
}

/** A time of day, the offset optional. */
export function isoTime(value: string): boolean {
  return timeOfDay(value, false);
}

/** A date and time, the offset optional. */
export function isoDateTime(value: string): boolean {
  return dateAndTime(value, false);
}

const DURATION = /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;
/** An ISO 8601 duration (RFC 3339 appendix A). */
export function duration(value: string): boolean {
  return DURATION.test(value);
}

const NOT_URI_FRAGMENT = /\/|:/;
const URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
/** An absolute URI (RFC 3986), scheme required. */
export function uri(value: string): boolean {
  return NOT_URI_FRAGMENT.test(value) && URI.test(value);
}

const URI_REFERENCE = /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
/** A URI or a relative reference (RFC 3986). */
export function uriReference(value: string): boolean {
  return URI_REFERENCE.test(value);
}

// eslint-disable-next-line no-control-regex -- control characters are what the template refuses
const URI_TEMPLATE = /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i;
/** An RFC 6570 URI template. */
export function uriTemplate(value: string): boolean {
  return URI_TEMPLATE.test(value);
}

const URL = /^(?:https?|ftp):\/\/(?:\S+@)?(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,})))(?::\d{2,5})?(?:\/[^\s]*)?$/iu;
/**
 * A public http, https or ftp URL (dperini's expression: private IPv4 ranges are refused). Its
 * user-info part `\S+(?::\S*)?@` is written `\S+@`, which matches the same strings: the split
 * at ':' made the expression backtrack quadratically on long runs of ':'.
 */
export function url(value: string): boolean {
  return URL.test(value);
}

const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** An email address: a dot-atom local part, a domain with at least one dot. */
export function email(value: string): boolean {
  return EMAIL.test(value);
}

const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;
/** A DNS host name (RFC 1123). */
export function hostname(value: string): boolean {
  return HOSTNAME.test(value);
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** A dotted-quad IPv4 address. */
export function ipv4(value: string): boolean {
  return IPV4.test(value);
}

const IPV6 = /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
/** An IPv6 address (RFC 4291 text forms, an embedded IPv4 tail allowed). */
export function ipv6(value: string): boolean {
  return IPV6.test(value);
}

const Z_ANCHOR = /[^\\]\\Z/;
/** A regular expression JavaScript compiles (`\Z` refused, as ajv does). The `RegExp` constructor is not `eval`: a strict CSP allows it. */
export function regex(value: string): boolean {
  if (Z_ANCHOR.test(value)) return false;
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
/** An RFC 4122 UUID, optionally as a `urn:uuid:` URN. */
export function uuid(value: string): boolean {
  return UUID.test(value);
}

const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
/** An RFC 6901 JSON Pointer. */
export function jsonPointer(value: string): boolean {
  return JSON_POINTER.test(value);
}

const JSON_POINTER_URI_FRAGMENT = /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i;
/** A JSON Pointer as a URI fragment (`#/a/b`). */
export function jsonPointerUriFragment(value: string): boolean {
  return JSON_POINTER_URI_FRAGMENT.test(value);
}

const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
/** A relative JSON Pointer. */
export function relativeJsonPointer(value: string): boolean {
  return RELATIVE_JSON_POINTER.test(value);
}

// ajv-formats uses the same expression with the `g` and `m` flags (a line of valid base64
// anywhere passed); without them a value must be base64 as a whole — see docs/runtime.md.
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Base64 data (OpenAPI `byte`). */
export function byte(value: string): boolean {
  return BYTE.test(value);
}

/** A format that checks nothing on strings (`password`, `binary`, the number formats, unknown names). */
export function anyString(): boolean {
  return true;
}
