import type * as ts from "typescript";
import { type PlainDocComment, readPlainDocComment } from "./read-plain-doc-comment.js";

/** `ts.parseIsolatedJSDocComment`: TypeScript's JSDoc parser on one comment of a text (exported by the compiler, not declared in its typings). */
type ParseIsolated = (content: string, start: number, length: number) => { jsDoc: ts.JSDoc } | undefined;

function isolatedParser(tsm: typeof ts): ParseIsolated | undefined {
  const parse = (tsm as unknown as { parseIsolatedJSDocComment?: ParseIsolated }).parseIsolatedJSDocComment;
  return typeof parse === "function" ? parse : undefined;
}

/**
 * True when toolgen can read doc comments from a program parsed without them (the CLI's:
 * `JSDocParsingMode.ParseForTypeInfo`; `tsc`'s, under the transformer: `ParseForTypeErrors`,
 * only comments with `@see` or `@link` in `.ts` files). In a well-documented
 * project, parsing every doc comment up front is most of the parse and a fifth of the memory;
 * toolgen needs only the comments of the declarations it reads.
 */
export function canReadDocsOnDemand(tsm: typeof ts): boolean {
  return isolatedParser(tsm) !== undefined;
}

/**
 * The doc comments TypeScript gives a declaration (`getJSDocCommentsAndTags`), in its order.
 * In a program parsed without JSDoc nothing is attached: the comments are then found as the
 * compiler finds them and parsed by TypeScript's own JSDoc parser, so the result is the same
 * either way. Of the `/**` comments before a node only the last one documents it; for
 * `const f = …` the initializer's comment and, when the statement declares one variable, the
 * statement's count too. A comment of the common shape (`readPlainDocComment`) is read without
 * TypeScript's parser, to exactly what the parser would give.
 */
export function jsDocBlocks(tsm: typeof ts, node: ts.Node): Array<ts.JSDoc | PlainDocComment> {
  const attached = tsm.getJSDocCommentsAndTags(node).filter(tsm.isJSDoc);
  const parse = isolatedParser(tsm);
  if (attached.length > 0 || !parse) return attached;
  const text = node.getSourceFile().text;
  const blocks: Array<ts.JSDoc | PlainDocComment> = [];
  for (const host of commentHosts(tsm, node)) {
    const range = lastJsDocRange(tsm, text, host);
    if (!range) continue;
    const plain = readPlainDocComment(text, range.pos, range.end);
    if (plain) {
      blocks.push(plain);
      continue;
    }
    const jsDoc = parseComment(parse, text, range.pos, range.end);
    if (jsDoc && !typeTagsOfAnotherNode(tsm, jsDoc, host, node)) blocks.push(adopt(tsm, jsDoc, host));
  }
  return blocks;
}

/**
 * TypeScript's parser on one comment. Its JSDoc scanner never returns from a word ending in `-`
 * that runs into the end of the comment (`/** @since v2-*\/`: in `scanJsDocToken`, `pos < end
 * && isIdentifierPart(…) || ch === "-"` lacks its parentheses; microsoft/TypeScript#63580, not
 * fixed in 6.0): such a comment is parsed with a space before its `*\/`, which changes nothing it
 * says, and its tags end where it ends. (A program that parses such a comment up front hangs
 * in TypeScript itself: any with every comment parsed, as a ts-morph `Project` does, and `tsc`'s
 * on one that also has `@see` or `@link`.)
 */
function parseComment(parse: ParseIsolated, text: string, pos: number, end: number): ts.JSDoc | undefined {
  const textEnd = end - 2;
  if (text.charCodeAt(textEnd - 1) !== 0x2d) return parse(text, pos, end - pos)?.jsDoc;
  const jsDoc = parse(`${text.slice(0, textEnd)} ${text.slice(textEnd)}`, pos, end + 1 - pos)?.jsDoc;
  for (const tag of jsDoc?.tags ?? []) if (tag.end > textEnd) (tag as { end: number }).end = textEnd;
  return jsDoc;
}

/** TypeScript leaves out a parenthesized initializer's comment whose `@type` or `@satisfies` is the expression's, not the variable's. */
function typeTagsOfAnotherNode(tsm: typeof ts, jsDoc: ts.JSDoc, host: ts.Node, node: ts.Node): boolean {
  return host !== node && tsm.isParenthesizedExpression(host) && (jsDoc.tags ?? []).some((t) => tsm.isJSDocTypeTag(t) || tsm.isJSDocSatisfiesTag(t));
}

/** The nodes whose comments document `node`, in the order TypeScript collects them. */
function commentHosts(tsm: typeof ts, node: ts.Node): ts.Node[] {
  if (!tsm.isVariableDeclaration(node)) return [node];
  const hosts: ts.Node[] = [];
  const { initializer } = node;
  if (initializer && (tsm.isArrowFunction(initializer) || tsm.isFunctionExpression(initializer) || tsm.isParenthesizedExpression(initializer) || tsm.isClassExpression(initializer))) {
    hosts.push(initializer);
  }
  hosts.push(node);
  const list = node.parent;
  if (tsm.isVariableDeclarationList(list) && list.declarations.length === 1 && tsm.isVariableStatement(list.parent)) hosts.push(list.parent);
  return hosts;
}

/**
 * A `/**` comment right before the node on a line that has code before it (`{ x: number, /** … *\/ y: number }`):
 * TypeScript, and editors with it, attach a doc comment only when it starts its own line (or is
 * inside a parameter list), so it documents nothing. Undefined when there is none.
 */
export function detachedDocComment(tsm: typeof ts, node: ts.Node): ts.CommentRange | undefined {
  const text = node.getSourceFile().text;
  return (tsm.getTrailingCommentRanges(text, node.pos) ?? []).find((r) => isDocComment(text, r));
}

/**
 * The last of TypeScript's `getJSDocCommentRanges`: `/**` comments (not `/**` + `/`) before
 * the node, within it, leading ones after trailing ones.
 */
function lastJsDocRange(tsm: typeof ts, text: string, node: ts.Node): ts.CommentRange | undefined {
  const lastDoc = (ranges: ts.CommentRange[] | undefined) => {
    for (let i = (ranges?.length ?? 0) - 1; i >= 0; i--) if (ranges![i]!.end <= node.end && isDocComment(text, ranges![i]!)) return ranges![i];
    return undefined;
  };
  return lastDoc(tsm.getLeadingCommentRanges(text, node.pos)) ?? (trailingCommentsToo(tsm).has(node.kind) ? lastDoc(tsm.getTrailingCommentRanges(text, node.pos)) : undefined);
}

/** A `/**` comment, not `/**` + `/`. */
function isDocComment(text: string, range: ts.CommentRange): boolean {
  return text.startsWith("/**", range.pos) && text[range.pos + 3] !== "/";
}

const trailingKinds = new WeakMap<typeof ts, ReadonlySet<ts.SyntaxKind>>();

/** Nodes whose doc comment may also trail the code before them (`(/** doc *\/ x) => …`). */
function trailingCommentsToo(tsm: typeof ts): ReadonlySet<ts.SyntaxKind> {
  let kinds = trailingKinds.get(tsm);
  if (!kinds) {
    const K = tsm.SyntaxKind;
    trailingKinds.set(tsm, (kinds = new Set([K.Parameter, K.TypeParameter, K.FunctionExpression, K.ArrowFunction, K.ParenthesizedExpression, K.VariableDeclaration, K.ExportSpecifier])));
  }
  return kinds;
}

/**
 * Gives the parsed comment and its parts their parents (the comment's is its declaration), as
 * the parser does for attached comments. Positions are already the file's; the parents let
 * TypeScript find the source file where it reads a node's text, as it does for the target of
 * an inline `{@link …}` when it writes the comment's text.
 */
function adopt(tsm: typeof ts, jsDoc: ts.JSDoc, host: ts.Node): ts.JSDoc {
  const setParent = (child: ts.Node, parent: ts.Node): void => {
    (child as { parent: ts.Node }).parent = parent;
    tsm.forEachChild(child, (grandchild) => setParent(grandchild, child));
  };
  setParent(jsDoc, host);
  return jsDoc;
}
