import type { ManifestEntry, ToolAnnotations } from "@toolgen/runtime";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { DeclarationKind, FoundDeclaration } from "../source/find-declarations.js";
import { findTag, findTags, type DocInfo, type TagInfo } from "../source/read-jsdoc.js";
import { applyNaming, type NamingStyle } from "../source/naming.js";

/** A scope name as RFC 6749 §3.3 spells one: `%x21 / %x23-5B / %x5D-7E`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Everything an entry says about itself through tags, apart from its arguments. */
export type EntryMetadata = Pick<
  ManifestEntry,
  "kind" | "name" | "title" | "description" | "toolset" | "returns" | "role" | "uris" | "mimeType" | "annotations" | "tags" | "scopes" | "supportedFor" | "excludedFor" | "external" | "deprecated"
>;

const HINT_TAGS: ReadonlyArray<[string, keyof ToolAnnotations]> = [
  ["readOnly", "readOnlyHint"],
  ["destructive", "destructiveHint"],
  ["idempotent", "idempotentHint"],
  ["openWorld", "openWorldHint"],
];

/** Tags that mean something for one kind of entry only. */
const KIND_ONLY: Record<string, DeclarationKind> = {
  role: "prompt", mimeType: "resource", external: "tool", readOnly: "tool", destructive: "tool", idempotent: "tool", openWorld: "tool",
};

const MIME_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*(\s*;.*)?$/;
const HOST = /^[^\s,]+$/;

export function readEntryMetadata(found: FoundDeclaration, naming: NamingStyle, diagnostics: DiagnosticBag): EntryMetadata {
  const { doc, kind } = found;
  const invalid = (tag: TagInfo, expected: string) =>
    diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@${tag.name} needs ${expected}; got ${tag.text === "" ? "nothing" : JSON.stringify(tag.text)}.`);

  for (const tag of doc.tags) {
    const only = KIND_ONLY[tag.name];
    if (only && only !== kind) diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, `@${tag.name} applies to a ${only}; this is a ${kind}.`, "warning");
  }

  const kindTag = findTag(doc, kind)!;
  let explicitName: string | undefined;
  if (kind !== "resource" && kindTag.text) {
    const words = kindTag.text.split(/\s+/);
    if (words.length > 1) invalid(kindTag, "at most one name (the description goes in the comment text, above the tags)");
    explicitName = words[0];
  }
  const meta: EntryMetadata = { kind, name: explicitName ?? applyNaming(found.identifier, naming), description: doc.description };
  const title = findTag(doc, "title");
  if (title) {
    if (title.text) meta.title = title.text;
    else invalid(title, "a title");
  }
  if (found.toolset) {
    const toolsetTag = findTag(found.toolset.doc, "toolset")!;
    const words = toolsetTag.text.split(/\s+/).filter(Boolean);
    if (words.length > 1) invalid(toolsetTag, "at most one name");
    meta.toolset = words[0] ?? found.toolset.className;
  }
  const returns = findTag(doc, "returns") ?? findTag(doc, "return");
  if (returns?.text) meta.returns = returns.text;

  if (kind === "prompt") {
    const role = findTag(doc, "role");
    if (role && role.text !== "user" && role.text !== "assistant") invalid(role, "user or assistant");
    meta.role = role?.text === "assistant" ? "assistant" : "user";
  }
  if (kind === "resource") {
    meta.uris = kindTag.text.split(/\s+/).filter(Boolean);
    const mimeType = findTag(doc, "mimeType");
    if (mimeType) {
      if (MIME_TYPE.test(mimeType.text)) meta.mimeType = mimeType.text;
      else invalid(mimeType, "a MIME type such as text/markdown or application/json");
    }
  }

  const annotations: ToolAnnotations = {};
  for (const [tagName, hint] of HINT_TAGS) {
    const tag = findTag(doc, tagName);
    if (!tag || kind !== "tool") continue;
    if (tag.text === "" || tag.text === "true") annotations[hint] = true;
    else if (tag.text === "false") annotations[hint] = false;
    else invalid(tag, "nothing, true or false");
  }
  if (Object.keys(annotations).length > 0) meta.annotations = annotations;
  // A toolset's @tags are its members' too, before their own: one tag filters the whole group.
  const tagTags = [...(found.toolset ? findTags(found.toolset.doc, "tags") : []), ...findTags(doc, "tags")];
  const tags = tagTags.flatMap((t) => t.text.split(/[\s,]+/).filter(Boolean));
  for (const t of tagTags) if (!t.text) invalid(t, "one or more tag names");
  if (tags.length > 0) meta.tags = [...new Set(tags)];
  // A toolset's @scopes are its members' too: a caller needs all of them, the toolset's and the entry's.
  const scopeTags = [...(found.toolset ? findTags(found.toolset.doc, "scopes") : []), ...findTags(doc, "scopes")];
  for (const t of scopeTags) if (!t.text) invalid(t, "one or more scope names (as the authorization server writes them)");
  // RFC 6749 §3.3: a scope is visible ASCII but `"` and `\`; another could not be named in a
  // `WWW-Authenticate` challenge, and no token would ever hold it.
  for (const t of scopeTags) if (!t.text.split(/\s+/).every((scope) => SCOPE_TOKEN.test(scope) || scope === "")) invalid(t, 'scope names of visible ASCII characters other than " and \\ (RFC 6749), separated by spaces');
  const scopes = scopeTags.flatMap((t) => t.text.split(/\s+/).filter(Boolean));
  if (scopes.length > 0) meta.scopes = [...new Set(scopes)];

  // The entry's own @supportedFor replaces its toolset's (most specific wins); excludes add up.
  const ownHosts = readHosts([doc], "supportedFor", invalid);
  const supportedFor = ownHosts.length > 0 ? ownHosts : readHosts([found.toolset?.doc], "supportedFor", invalid);
  if (supportedFor.length) meta.supportedFor = supportedFor;
  const excludedFor = readHosts([found.toolset?.doc, doc], "excludedFor", invalid);
  if (excludedFor.length) meta.excludedFor = excludedFor;

  if (findTag(doc, "external") && kind === "tool") meta.external = true;
  else if (found.ambient) {
    diagnostics.report(found.nameNode, DiagnosticCode.AmbientWithoutExternal, `'${found.identifier}' has no implementation; tag it @external so the runtime hands its calls to the host, or give it a body.`);
  }
  const deprecated = findTag(doc, "deprecated") ?? (found.toolset && findTag(found.toolset.doc, "deprecated"));
  if (deprecated) meta.deprecated = deprecated.text || true;
  return meta;
}

/** The hosts listed by a tag in these docs, in order, without repeats. */
function readHosts(docs: (DocInfo | undefined)[], tagName: string, invalid: (tag: TagInfo, expected: string) => void): string[] {
  const hosts: string[] = [];
  for (const doc of docs) {
    for (const tag of findTags(doc ?? { description: "", tags: [] }, tagName)) {
      const names = tag.text.split(/[\s,]+/).filter(Boolean);
      if (names.length === 0 || !names.every((h) => HOST.test(h))) invalid(tag, "one or more host identities, such as 'vscode cursor'");
      for (const h of names) if (!hosts.includes(h)) hosts.push(h);
    }
  }
  return hosts;
}
