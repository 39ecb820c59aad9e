import type { Annotations } from "../model/type-model.js";

/** Tags that make a declaration an entry, or say how it is exposed. */
export const ENTRY_TAGS = [
  "tool", "prompt", "resource", "toolset", "role", "mimeType", "supportedFor", "excludedFor",
  "external", "param", "returns", "return", "alias", "title", "deprecated", "tags",
  "readOnly", "destructive", "idempotent", "openWorld",
] as const;

/** Constraint tags: JSON Schema keywords, spelled as ts-json-schema-generator users know them. */
export const CONSTRAINT_TAGS = [
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
  "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems", "default", "examples",
  "integer", "hidden", "description",
] as const satisfies readonly (keyof Annotations | "integer" | "hidden")[];

/** Ordinary JSDoc and TSDoc tags: accepted silently, never reported as unknown. */
export const DOC_TAGS = [
  "example", "see", "since", "link", "throws", "exception", "remarks", "internal", "template",
  "typeParam", "author", "version", "todo", "beta", "alpha", "experimental", "public", "private",
  "protected", "override", "type", "typedef", "callback", "property", "prop", "module", "packageDocumentation",
  "inheritDoc", "label", "defaultValue", "privateRemarks", "readonly", "async", "file", "license",
] as const;

export const KNOWN_TAGS: ReadonlySet<string> = new Set<string>([...ENTRY_TAGS, ...CONSTRAINT_TAGS, ...DOC_TAGS]);

/** The closest known tag, when it is close enough to be a likely typo. */
export function suggestTag(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const known of KNOWN_TAGS) {
    const distance = editDistance(name.toLowerCase(), known.toLowerCase());
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
