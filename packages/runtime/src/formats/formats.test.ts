import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_FORMATS } from "./all-formats.js";
import { CHECKED_FORMATS, exportOf } from "./format-exports.js";
import * as checks from "./formats.js";

// ajv-formats (full mode) is the reference these checks were ported from; at test time only.
const require = createRequire(import.meta.url);
type AjvFormat = RegExp | ((value: string) => boolean) | { type?: string; validate: RegExp | ((value: string) => boolean) } | true;
const { fullFormats } = require("ajv-formats/dist/formats") as { fullFormats: Record<string, AjvFormat> };

function reference(name: string): (value: string) => boolean {
  const format = fullFormats[name]!;
  if (format === true) return () => true;
  if (format instanceof RegExp) return (value) => { format.lastIndex = 0; return format.test(value); };
  if (typeof format === "function") return format;
  if (format.type !== undefined && format.type !== "string") return () => true;
  const validate = format.validate;
  return validate instanceof RegExp ? (value) => { validate.lastIndex = 0; return validate.test(value); } : validate;
}

const SAMPLES: Record<string, string[]> = {
  date: ["2026-02-28", "2024-02-29", "2026-02-29", "2026-13-01", "26-01-01", ""],
  time: ["12:00:00Z", "23:59:60Z", "12:00:00", "12:00:00+25:00", "24:00:00Z"],
  "date-time": ["2026-01-01T00:00:00Z", "2026-01-01 00:00:00+01:00", "2026-01-01T00:00:00", "yesterday", "2026-01-01T23:59:60Z"],
  "iso-time": ["12:00:00", "12:00:00.5z", "1200"],
  "iso-date-time": ["2026-01-01T12:00:00", "2026-01-01t12:00:00z", "2026-01-01"],
  duration: ["P1Y2M3DT4H5M6S", "P3W", "PT", "P", "1Y"],
  uri: ["https://example.com/a?b#c", "urn:isbn:0451450523", "//example.com", "no scheme", "http://[::1]:80/"],
  "uri-reference": ["../a/b", "#frag", "https://x.y", "a b"],
  "uri-template": ["/users/{id}", "/x{?q,page}", "/{unclosed"],
  url: ["https://example.com", "ftp://files.example.org/x", "http://10.0.0.1", "https://localhost", "mailto:a@b.co"],
  email: ["a@b.co", "first.last+tag@sub.example.org", "nope", "a@b", "a..b@c.de", "@b.co"],
  hostname: ["example.com", "a-b.c", "-bad.com", "x".repeat(64) + ".com", "localhost"],
  ipv4: ["127.0.0.1", "256.0.0.1", "1.2.3", "01.2.3.4"],
  ipv6: ["::1", "2001:db8::8a2e:370:7334", "::ffff:192.168.0.1", "1:2:3", "gggg::"],
  regex: ["^a+$", "(", "a\\Z", "[a-z]"],
  uuid: ["123e4567-e89b-12d3-a456-426614174000", "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "123e4567"],
  "json-pointer": ["", "/a/b~0c~1d", "a/b", "/~2"],
  "json-pointer-uri-fragment": ["#", "#/a/%20", "/a"],
  "relative-json-pointer": ["0", "1/a", "2#", "-1"],
  byte: ["QUJD", "QUI=", "QQ==", "QUJ", "Q@==", ""],
};

describe("format checks", () => {
  it("check every format ajv-formats' full mode checks on strings, each by the export its camelCase name gives", () => {
    const checkedByAjv = Object.keys(fullFormats).filter((name) => {
      const format = fullFormats[name]!;
      return format !== true && (typeof format !== "object" || format instanceof RegExp || format.type === undefined || format.type === "string");
    });
    expect(CHECKED_FORMATS.split(" ").sort()).toEqual(checkedByAjv.sort());
    expect(Object.keys(ALL_FORMATS).sort()).toEqual(checkedByAjv.sort());
    for (const name of checkedByAjv) expect(ALL_FORMATS[name]).toBe((checks as Record<string, unknown>)[exportOf(name)]);
  });

  it.each(Object.entries(SAMPLES))("%s: the same verdicts as ajv-formats", (name, samples) => {
    const ours = ALL_FORMATS[name]!;
    const theirs = reference(name);
    for (const sample of samples) expect([sample, ours(sample)]).toEqual([sample, theirs(sample)]);
  });

  it("agree with ajv-formats on random strings (byte: on single lines, see docs/runtime.md)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(SAMPLES)), fc.string({ maxLength: 40 }), (name, value) => {
        if (name === "byte" && /[\n\r\u2028\u2029]/.test(value)) return;
        expect(ALL_FORMATS[name]!(value)).toBe(reference(name)(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("date-time: written the usual way (the fast path), the same verdicts as ajv-formats, out-of-range fields and leap seconds included", () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
    const year = fc.constantFrom("2024", "2026", "1900", "2000", "0000", "9999");
    const fraction = fc.constantFrom("", ".5", ".123456");
    const zone = fc.oneof(fc.constantFrom("Z", "z"), fc.tuple(fc.constantFrom("+", "-"), two, two).map(([sign, h, m]) => `${sign}${h}:${m}`));
    const sample = fc.tuple(year, two, two, fc.constantFrom("T", "t", " "), two, two, two, fraction, zone).map(([y, mo, d, sep, h, mi, s, f, z]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${f}${z}`);
    fc.assert(
      fc.property(sample, (value) => {
        expect([value, checks.dateTime(value)]).toEqual([value, reference("date-time")(value)]);
      }),
      { numRuns: 5000 },
    );
    for (const value of ["2026-12-31T23:59:60Z", "2026-12-31T22:59:60-01:00", "2024-02-29T00:00:00+23:59", "2026-02-29T00:00:00Z"]) {
      expect([value, checks.dateTime(value)]).toEqual([value, reference("date-time")(value)]);
    }
  });

  it("byte: a value must be base64 as a whole (ajv-formats passed any value with one base64 line)", () => {
    expect(reference("byte")("!!!\nQUJD")).toBe(true);
    expect(checks.byte("!!!\nQUJD")).toBe(false);
  });
});
