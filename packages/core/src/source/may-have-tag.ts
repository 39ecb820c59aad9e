import type * as ts from "typescript";

/** Per file and tag, where the tag is spelled (usually nowhere): each file's text is searched once. */
const spelledAt = new WeakMap<ts.SourceFile, Map<string, number[]>>();

/**
 * Whether a declaration's leading comments spell `@tag` at all: a cheap test before its doc is
 * read for a marker tag (`@toolgenContext`, `@toolgenContent`) that every interface a schema
 * reaches is asked about and almost none carries.
 */
export function mayHaveTag(declaration: ts.Node, tag: `@${string}`): boolean {
  const sourceFile = declaration.getSourceFile();
  let byTag = spelledAt.get(sourceFile);
  if (!byTag) spelledAt.set(sourceFile, (byTag = new Map()));
  let positions = byTag.get(tag);
  if (!positions) {
    positions = [];
    const { text } = sourceFile;
    for (let at = text.indexOf(tag); at !== -1; at = text.indexOf(tag, at + tag.length)) positions.push(at);
    byTag.set(tag, positions);
  }
  if (positions.length === 0) return false;
  const start = declaration.getStart(sourceFile);
  return positions.some((at) => at >= declaration.pos && at < start);
}
