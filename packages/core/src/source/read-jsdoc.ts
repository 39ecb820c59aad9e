import type * as ts from "typescript";
import { jsDocBlocks } from "./jsdoc-blocks.js";
import type { PlainDocComment } from "./read-plain-doc-comment.js";

/** One JSDoc tag with its comment text, trimmed. */
export interface TagInfo {
  name: string;
  /** The comment after the tag; for `@param`, `name text` (a dotted name stays dotted). */
  text: string;
  /** Where the tag is written, for diagnostics about it. */
  node: TagSite;
}

/**
 * The place of a tag in its file: what a diagnostic needs of the tag's node, without keeping the
 * parsed comment (its nodes, and for comments parsed on demand their whole tree) alive for as
 * long as the analysis caches the docs (about 6 MiB of peak memory at 1,000 tools).
 */
export class TagSite {
  readonly pos: number;
  readonly end: number;

  constructor(
    private readonly sourceFile: ts.SourceFile,
    pos: number,
    end: number,
  ) {
    this.pos = pos;
    this.end = end;
  }

  getSourceFile(): ts.SourceFile {
    return this.sourceFile;
  }

  getStart(): number {
    return this.pos;
  }

  getEnd(): number {
    return this.end;
  }

  getText(): string {
    return this.sourceFile.text.slice(this.pos, this.end);
  }
}

/** The JSDoc of a declaration: its free text and its tags, in source order. */
export interface DocInfo {
  description: string;
  tags: TagInfo[];
}

const EMPTY: DocInfo = { description: "", tags: [] };

/**
 * Reads the JSDoc attached to a declaration (for `const f = () => …`, the variable
 * statement's). Only real doc comments count: a parameter's `@param` tag is read through
 * its function, not here. Not cached here: the analysis caches what it reads of a type's or
 * property's declaration (`readDeclarationAnnotations`), and a cache keyed by every node read
 * cost more memory than the few comments read twice cost time.
 */
export function readDoc(tsm: typeof ts, node: ts.Node): DocInfo {
  const docs = jsDocBlocks(tsm, node);
  let doc = EMPTY;
  if (docs.length > 0) {
    const last = docs[docs.length - 1]!;
    const tags: TagInfo[] = [];
    const sourceFile = node.getSourceFile();
    for (const d of docs) {
      if (isParsed(d)) for (const tag of d.tags ?? []) tags.push(readTag(tsm, tag, sourceFile));
      else for (const { name, text, pos, end } of d.tags) tags.push({ name, text, node: new TagSite(sourceFile, pos, end) });
    }
    doc = { description: isParsed(last) ? commentText(tsm, last.comment) : last.description, tags };
  }
  return doc;
}

function isParsed(block: ts.JSDoc | PlainDocComment): block is ts.JSDoc {
  return "kind" in block;
}

function readTag(tsm: typeof ts, tag: ts.JSDocTag, sourceFile: ts.SourceFile): TagInfo {
  const node = new TagSite(sourceFile, tag.getStart(sourceFile), tag.getEnd());
  const name = tag.tagName.text;
  if (tsm.isJSDocParameterTag(tag)) {
    const paramName = entityNameText(tsm, tag.name);
    return { name, text: `${paramName} ${commentText(tsm, tag.comment).replace(/^-\s*/, "")}`.trim(), node };
  }
  return { name, text: commentText(tsm, tag.comment), node };
}

function entityNameText(tsm: typeof ts, name: ts.EntityName): string {
  return tsm.isIdentifier(name) ? name.text : `${entityNameText(tsm, name.left)}.${name.right.text}`;
}

function commentText(tsm: typeof ts, comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  const text = typeof comment === "string" ? comment : (tsm.getTextOfJSDocComment(comment) ?? "");
  return text.replace(/\r\n/g, "\n").trim();
}

export function findTag(doc: DocInfo, name: string): TagInfo | undefined {
  return doc.tags.find((t) => t.name === name);
}

export function findTags(doc: DocInfo, name: string): TagInfo[] {
  return doc.tags.filter((t) => t.name === name);
}

export function hasTag(doc: DocInfo, name: string): boolean {
  return doc.tags.some((t) => t.name === name);
}
