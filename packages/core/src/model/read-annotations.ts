import { CHECKED_FORMATS, NUMBER_FORMATS } from "@toolgen/runtime/formats";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag, DiagnosticSite } from "../diagnostics/diagnostic.js";
import { closestName } from "../source/known-tags.js";
import type { DocInfo, TagInfo } from "../source/read-jsdoc.js";
import type { Annotations } from "./type-model.js";

const NUMERIC_KEYWORDS = [
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minLength", "maxLength", "minItems", "maxItems",
] as const;

const LENGTH_KEYWORDS = new Set<string>(["minLength", "maxLength", "minItems", "maxItems"]);

/** What JSDoc says about a value: schema keywords plus the flags that are not keywords. */
export interface ReadAnnotations {
  annotations: Annotations;
  integer: boolean;
  hidden: boolean;
  alias?: string;
  /** The tag each keyword came from (`integer` included), for diagnostics about it. */
  tags: ReadonlyMap<string, DiagnosticSite>;
}

/** The formats ajv-formats defines: those the runtime checks, and OpenAPI's that check nothing on strings. */
const KNOWN_FORMATS = new Set(`${CHECKED_FORMATS} ${NUMBER_FORMATS} password binary`.split(" "));

const NO_TAGS: ReadonlyMap<string, DiagnosticSite> = new Map();

export const NO_ANNOTATIONS: ReadAnnotations = { annotations: {}, integer: false, hidden: false, tags: NO_TAGS };

/**
 * Turns a doc comment into schema keywords. Values are checked here, once, so a bad
 * `@minimum abc` is a diagnostic at the tag, not a broken schema. The comment text becomes
 * the description unless `description: false`.
 */
export function readAnnotations(doc: DocInfo, diagnostics: DiagnosticBag, options: { description: boolean } = { description: true }): ReadAnnotations {
  const annotations: Annotations = {};
  // Most docs are a description alone: their reads share one empty map of tags.
  const result: ReadAnnotations = { annotations, integer: false, hidden: false, tags: NO_TAGS };
  if (options.description && doc.description) annotations.description = doc.description;
  for (const tag of doc.tags) readTag(tag, result, diagnostics);
  return result;
}

function readTag(tag: TagInfo, result: ReadAnnotations, diagnostics: DiagnosticBag): void {
  const { annotations } = result;
  const invalid = (expected: string) =>
    diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@${tag.name} needs ${expected}; got ${tag.text === "" ? "nothing" : JSON.stringify(tag.text)}.`);
  switch (tag.name) {
    case "integer":
      result.integer = true;
      setTag(result, "integer", tag.node);
      return;
    case "hidden":
      result.hidden = true;
      setTag(result, "hidden", tag.node);
      return;
    case "alias":
      // On a property; a function's `@alias <param> <name>` is read by the parameter reader.
      if (/^[A-Za-z_$][\w$.-]*$/.test(tag.text)) {
        result.alias = tag.text;
        setTag(result, "alias", tag.node);
      } else invalid("one argument name (letters, digits, '_', '-', '.', '$')");
      return;
    case "description":
      if (tag.text) annotations.description = tag.text;
      return;
    case "title":
      if (tag.text) annotations.title = tag.text;
      return;
    case "deprecated":
      // Its text (what to use instead) reaches the model in the description: JSON Schema's keyword is a boolean.
      annotations.deprecated = tag.text || true;
      return;
    case "pattern":
      try {
        // An empty pattern matches everything: a tag with its value missing, not a constraint.
        if (tag.text === "") throw new Error("empty");
        new RegExp(tag.text, "u");
        annotations.pattern = tag.text;
        setTag(result, "pattern", tag.node);
        // `/^[a-z]+$/` as JavaScript writes it: the slashes would be matched too, and no string has them where the anchors want.
        const literal = /^\/(.+)\/([dgimsuvy]*)$/.exec(tag.text);
        if (literal && (literal[2] !== "" || literal[1]!.startsWith("^") || literal[1]!.endsWith("$"))) {
          diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@pattern ${tag.text} is written as a JavaScript regular expression literal, whose slashes the pattern would have to match; write @pattern ${literal[1]}${literal[2] ? " (JSON Schema patterns take no flags)" : ""}.`, "warning");
        }
      } catch {
        invalid("a regular expression (ECMAScript syntax, 'u' flag)");
      }
      return;
    case "allowSlowPattern":
      // Not a schema keyword: it accepts the pattern beside it (see checkPatterns).
      setTag(result, "allowSlowPattern", tag.node);
      return;
    case "format":
      if (/^[A-Za-z][\w-]*$/.test(tag.text)) {
        annotations.format = tag.text;
        setTag(result, "format", tag.node);
        if (!KNOWN_FORMATS.has(tag.text)) {
          // Written as asked, but checked by nothing, and refused by strict validators (Ajv): most likely a misspelling.
          // Format names are few and far apart: two letters swapped (`emial`) is still the one meant.
          const meant = closestName(tag.text, KNOWN_FORMATS, 2);
          diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@format ${tag.text} is no format toolgen knows: nothing checks it, and strict validators (Ajv) refuse the schema${meant ? `; did you mean ${meant}?` : "."}`, "warning");
        }
      } else invalid("a format name such as date-time, email or uri");
      return;
    case "uniqueItems":
      if (tag.text === "" || tag.text === "true" || tag.text === "false") {
        annotations.uniqueItems = tag.text !== "false";
        setTag(result, "uniqueItems", tag.node);
      } else invalid("nothing, true or false");
      return;
    case "default": {
      const value = parseJsonTag(tag.text);
      if (value === undefined) invalid("a JSON value (a bare word is read as a string)");
      else {
        annotations.default = value.value;
        setTag(result, "default", tag.node);
      }
      return;
    }
    case "examples": {
      const value = parseJsonTag(tag.text);
      if (value === undefined) invalid("a JSON value (an array gives several examples)");
      else {
        annotations.examples = Array.isArray(value.value) ? value.value : [value.value];
        setTag(result, "examples", tag.node);
      }
      return;
    }
  }
  if ((NUMERIC_KEYWORDS as readonly string[]).includes(tag.name)) {
    const n = numberOf(tag.text);
    const length = LENGTH_KEYWORDS.has(tag.name);
    const ok = Number.isFinite(n) && (!length || (Number.isInteger(n) && n >= 0)) && (tag.name !== "multipleOf" || n > 0);
    if (!ok) invalid(length ? "a non-negative integer" : tag.name === "multipleOf" ? "a number greater than 0" : "a finite number");
    else {
      annotations[tag.name as (typeof NUMERIC_KEYWORDS)[number]] = n;
      setTag(result, tag.name, tag.node);
    }
  }
}

/** A number as JavaScript writes one, with a sign of either kind: `12`, `-1.5e3`, `0x10`, `-0x10` (`Number()` alone refuses a signed hexadecimal one). */
function numberOf(text: string): number {
  const match = /^\s*([+-]?)(\S+)\s*$/.exec(text);
  if (!match || /^[+-]/.test(match[2]!)) return NaN;
  const n = Number(match[2]);
  return match[1] === "-" ? -n : n;
}

function setTag(result: ReadAnnotations, keyword: string, site: DiagnosticSite): void {
  if (result.tags === NO_TAGS) result.tags = new Map();
  (result.tags as Map<string, DiagnosticSite>).set(keyword, site);
}

/** JSON, or a bare word taken as a string (`@default utf8`). */
function parseJsonTag(text: string): { value: unknown } | undefined {
  if (text === "") return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return /^[^\s{}[\]",:]+$/.test(text) ? { value: text } : undefined;
  }
}

/**
 * A model's annotations with a layer put over them; the layer (closer to the use site) wins.
 * Annotations are never changed once read, so a layer over none is shared, not copied.
 */
export function mergeAnnotations(base: Annotations | undefined, layer: Annotations): Annotations | undefined {
  if (base === undefined) return isEmpty(layer) ? undefined : layer;
  const merged: Record<string, unknown> = { ...base };
  for (const key in layer) {
    const value = layer[key as keyof Annotations];
    if (value !== undefined) merged[key] = value;
  }
  return merged as Annotations;
}

export function hasAnnotations(read: ReadAnnotations): boolean {
  return read.integer || !isEmpty(read.annotations);
}

function isEmpty(annotations: Annotations): boolean {
  for (const key in annotations) if (annotations[key as keyof Annotations] !== undefined) return false;
  return true;
}
