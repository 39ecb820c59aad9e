import { editDistance } from "@toolgen/runtime";

/** Tags that make a declaration an entry, or say how it is exposed (function, method). */
export const ENTRY_TAGS = [
  "tool", "prompt", "resource", "role", "mimeType", "supportedFor", "excludedFor", "external",
  "param", "returns", "return", "alias", "title", "deprecated", "tags",
  "readOnly", "destructive", "idempotent", "openWorld", "scopes", "complete",
] as const;

/** Tags of a `@toolset` class. */
export const TOOLSET_TAGS = ["toolset", "supportedFor", "excludedFor", "deprecated", "title", "tags", "scopes"] as const;

/** Constraint tags: JSON Schema keywords, spelled as ts-json-schema-generator users know them. */
export const CONSTRAINT_TAGS = [
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
  "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems", "default", "examples",
  "integer", "allowSlowPattern",
] as const;

/** Tags of a property (or an inline-documented parameter): constraints plus exposure. */
export const PROPERTY_TAGS = [...CONSTRAINT_TAGS, "alias", "hidden", "description", "title", "deprecated"] as const;

/** Tags of a type declaration (alias, interface, enum, class): they apply wherever it is used. */
export const TYPE_TAGS = [...CONSTRAINT_TAGS, "description", "title", "deprecated", "toolgenContext", "toolgenContent"] as const;

/** Ordinary JSDoc and TSDoc tags: accepted everywhere, never reported. */
export const DOC_TAGS = [
  "example", "see", "since", "link", "throws", "exception", "remarks", "internal", "template",
  "typeParam", "author", "version", "todo", "beta", "alpha", "experimental", "public", "private",
  "protected", "override", "type", "typedef", "callback", "property", "prop", "module", "packageDocumentation",
  "inheritDoc", "label", "defaultValue", "privateRemarks", "readonly", "async", "file", "license",
  "satisfies", "enum", "this", "augments", "extends", "implements", "class", "constructor", "import",
  "overload", "category", "group", "ignore", "summary", "sealed", "virtual", "eventProperty", "event",
  "fires", "namespace", "memberof", "access", "static", "instance", "inner", "global", "abstract",
  "function", "func", "method", "constant", "const", "copyright", "requires", "yields", "yield",
  "todo", "tutorial", "variation", "ts-ignore",
] as const;

/** Where a doc comment sits decides which tags belong in it. */
export type TagPlace = "entry" | "toolset" | "property" | "type";

export const TAGS_BY_PLACE: Readonly<Record<TagPlace, ReadonlySet<string>>> = {
  entry: new Set<string>([...ENTRY_TAGS, ...DOC_TAGS]),
  toolset: new Set<string>([...TOOLSET_TAGS, ...DOC_TAGS]),
  property: new Set<string>([...PROPERTY_TAGS, ...DOC_TAGS]),
  type: new Set<string>([...TYPE_TAGS, ...DOC_TAGS]),
} satisfies Record<TagPlace, ReadonlySet<string>>;

export const KNOWN_TAGS: ReadonlySet<string> = new Set<string>([
  ...ENTRY_TAGS, ...TOOLSET_TAGS, ...PROPERTY_TAGS, ...TYPE_TAGS, ...DOC_TAGS,
]);

/** The closest known tag, when it is close enough to be a likely typo. */
export function suggestTag(name: string): string | undefined {
  return closestName(name, KNOWN_TAGS);
}

/**
 * The candidate closest to a misspelt name (case aside), if it is at most `maxEdits` away: by
 * default a third of the name, at least one (`@todo` is no misspelt `@tool`).
 */
export function closestName(name: string, candidates: Iterable<string>, maxEdits = Math.max(1, Math.floor(name.length / 3))): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const known of candidates) {
    const distance = editDistance(name.toLowerCase(), known.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && known < best)) {
      best = known;
      bestDistance = distance;
    }
  }
  return bestDistance <= maxEdits ? best : undefined;
}
