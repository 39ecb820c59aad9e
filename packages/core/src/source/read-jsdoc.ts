import type * as ts from "typescript";

/** One JSDoc tag with its comment text, trimmed. */
export interface TagInfo {
  name: string;
  text: string;
  node: ts.Node;
}

/** The JSDoc of a declaration: its free text and its tags, in source order. */
export interface DocInfo {
  description: string;
  tags: TagInfo[];
}

/** Reads the JSDoc attached to a declaration (for `const f = () => …` the variable statement's). */
export function readDoc(tsm: typeof ts, node: ts.Node): DocInfo {
  const docs = tsm.getJSDocCommentsAndTags(node).filter(tsm.isJSDoc);
  const last = docs[docs.length - 1];
  const description = last ? commentText(tsm, last.comment) : "";
  const tags: TagInfo[] = [];
  for (const doc of docs) {
    for (const tag of doc.tags ?? []) tags.push(readTag(tsm, tag));
  }
  return { description, tags };
}

/** Reads a symbol's documentation (for properties, type aliases reached through the checker). */
export function readSymbolDoc(tsm: typeof ts, symbol: ts.Symbol): DocInfo {
  const declaration = symbol.declarations?.[0];
  if (!declaration) return { description: "", tags: [] };
  return readDoc(tsm, declaration);
}

function readTag(tsm: typeof ts, tag: ts.JSDocTag): TagInfo {
  const name = tag.tagName.text;
  // `@param name text` keeps its name in the text so callers see `name text`.
  if (tsm.isJSDocParameterTag(tag)) {
    const paramName = tsm.isIdentifier(tag.name) ? tag.name.text : tag.name.right.text;
    return { name, text: `${paramName} ${commentText(tsm, tag.comment)}`.trim(), node: tag };
  }
  return { name, text: commentText(tsm, tag.comment), node: tag };
}

function commentText(tsm: typeof ts, comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  const text = typeof comment === "string" ? comment : (tsm.getTextOfJSDocComment(comment) ?? "");
  return text.replace(/\r\n/g, "\n").trim();
}

export function findTag(doc: DocInfo, name: string): TagInfo | undefined {
  return doc.tags.find((t) => t.name === name);
}

export function hasTag(doc: DocInfo, name: string): boolean {
  return doc.tags.some((t) => t.name === name);
}
