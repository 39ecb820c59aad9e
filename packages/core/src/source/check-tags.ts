import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { DOC_TAGS, KNOWN_TAGS, suggestTag, TAGS_BY_PLACE, type TagPlace } from "./known-tags.js";
import type { DocInfo } from "./read-jsdoc.js";

const PLACE_NAMES: Record<TagPlace, string> = {
  entry: "a tool, prompt or resource",
  toolset: "a @toolset class",
  property: "a property or parameter",
  type: "a type declaration",
};

const ENTRY_KIND_TAGS = new Set(["tool", "prompt", "resource"]);
/** Tags with one value, of which a second would be dropped unseen. */
const ONCE = new Set([...ENTRY_KIND_TAGS, "toolset", "mimeType", "role", "title", "description", "deprecated", "returns", "examples", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems"]);

const WHERE_IT_BELONGS: Record<string, string> = {
  role: "on a prompt",
  mimeType: "on a resource",
  alias: "on a property, or as '@alias <param> <name>' on the function",
  hidden: "on an optional property",
  param: "on the function",
};

/**
 * Warns about tags toolgen does not know (a typo such as `@minimun` would otherwise be a
 * constraint silently missing) and about known tags in a place where they do nothing.
 */
export function checkTags(doc: DocInfo, place: TagPlace, diagnostics: DiagnosticBag): void {
  const seen = new Set<string>();
  for (const [i, tag] of doc.tags.entries()) {
    if (ONCE.has(tag.name) && seen.has(tag.name) && TAGS_BY_PLACE[place].has(tag.name)) {
      const how = tag.name === "resource" ? "write every URI in one @resource tag (@resource notes://{id} notes://index)" : "keep one";
      diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@${tag.name} appears twice, and only one of them is read; ${how}.`);
    }
    seen.add(tag.name);
    // A JSDoc tag that is one of toolgen's but for its case (`@readonly` on a tool): meant as toolgen's.
    const twin = TWINS[place].get(tag.name.toLowerCase());
    if (twin !== undefined && twin !== tag.name) {
      diagnostics.report(tag.node, DiagnosticCode.UnknownTag, `@${tag.name} is not toolgen's @${twin} (tags are case-sensitive); did you mean @${twin}?`, "warning");
      continue;
    }
    if (TAGS_BY_PLACE[place].has(tag.name)) continue;
    // `@tool` on an interface or alias is already an error where declarations are found.
    if (place === "type" && ENTRY_KIND_TAGS.has(tag.name)) continue;
    if (KNOWN_TAGS.has(tag.name)) {
      // `@param amount How much. @minimum 0`: the constraint is the function's tag, not the parameter's.
      // `@maximum port 1023`: the parameter named in the tag itself, and the value after it.
      const [first = "", ...rest] = tag.text.trim().split(/\s+/);
      const named = place === "entry" && TAGS_BY_PLACE.property.has(tag.name) && rest.length > 0 && parameterNames(doc).includes(first) ? first : undefined;
      const parameter = named ?? (place === "entry" && TAGS_BY_PLACE.property.has(tag.name) ? parameterBefore(doc, i) : undefined);
      if (parameter) {
        const value = named ? rest.join(" ") : tag.text.trim();
        const what = named ? `@${tag.name} ${named} names a parameter` : `@${tag.name} follows @param ${parameter}`;
        diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, `${what}, but a tag in the function's doc comment is the function's, where it has no effect; write it in the parameter's own doc comment: (/** @${tag.name}${value ? ` ${value}` : ""} */ ${parameter}: …), or on its type.`, "warning");
        continue;
      }
      const hint = WHERE_IT_BELONGS[tag.name] ?? placesOf(tag.name);
      diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, `@${tag.name} has no effect on ${PLACE_NAMES[place]}; it belongs ${hint}.`, "warning");
      continue;
    }
    const suggestion = suggestTag(tag.name);
    diagnostics.report(tag.node, DiagnosticCode.UnknownTag, `Unknown tag @${tag.name}${suggestion ? `; did you mean @${suggestion}?` : "."}`, "warning");
  }
}

/** Per place, toolgen's own tags by their lower-case spelling. */
const TWINS: Record<TagPlace, ReadonlyMap<string, string>> = { entry: twins("entry"), toolset: twins("toolset"), property: twins("property"), type: twins("type") };

function twins(place: TagPlace): Map<string, string> {
  const own = [...TAGS_BY_PLACE[place]].filter((tag) => !(DOC_TAGS as readonly string[]).includes(tag));
  return new Map(own.map((tag) => [tag.toLowerCase(), tag]));
}

/** The parameter the `@param` tags right before tag `i` name (skipping other misplaced tags after it), if any. */
/** The parameters the doc comment's `@param` tags name. */
function parameterNames(doc: DocInfo): string[] {
  return doc.tags.filter((tag) => tag.name === "param").map((tag) => /^[\w$.]+/.exec(tag.text.trim())?.[0] ?? "");
}

function parameterBefore(doc: DocInfo, i: number): string | undefined {
  for (let j = i - 1; j >= 0; j--) {
    const tag = doc.tags[j]!;
    if (tag.name === "param") return /^[\w$.]+/.exec(tag.text.trim())?.[0];
    if (!TAGS_BY_PLACE.property.has(tag.name)) return undefined;
  }
  return undefined;
}

function placesOf(tag: string): string {
  const places = (Object.keys(TAGS_BY_PLACE) as TagPlace[]).filter((p) => TAGS_BY_PLACE[p].has(tag));
  return "on " + places.map((p) => PLACE_NAMES[p]).join(" or ");
}
