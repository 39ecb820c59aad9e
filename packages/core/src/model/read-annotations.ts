import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DocInfo, TagInfo } from "../source/read-jsdoc.js";
import type { ReaderContext } from "./reader-context.js";
import type { Annotations } from "./type-model.js";

const NUMERIC_KEYWORDS = [
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minLength", "maxLength", "minItems", "maxItems",
] as const;

const LENGTH_KEYWORDS = new Set(["minLength", "maxLength", "minItems", "maxItems"]);

/** What JSDoc says about a value: schema keywords plus the flags that are not keywords. */
export interface ReadAnnotations {
  annotations: Annotations;
  integer: boolean;
  hidden: boolean;
  alias?: string;
}

/**
 * Turns constraint tags into schema keywords. Values are checked here, once, so a bad
 * `@minimum abc` is a diagnostic at the tag, not a broken schema.
 */
export function readAnnotations(ctx: ReaderContext, doc: DocInfo, options: { description: boolean }): ReadAnnotations {
  const annotations: Annotations = {};
  const result: ReadAnnotations = { annotations, integer: false, hidden: false };
  if (options.description && doc.description) annotations.description = doc.description;
  for (const tag of doc.tags) readTag(ctx, tag, result);
  return result;
}

function readTag(ctx: ReaderContext, tag: TagInfo, result: ReadAnnotations): void {
  const { annotations } = result;
  switch (tag.name) {
    case "integer":
      result.integer = true;
      return;
    case "hidden":
      result.hidden = true;
      return;
    case "alias":
      if (/^[A-Za-z_$][\w$-]*$/.test(tag.text)) result.alias = tag.text;
      else invalid(ctx, tag, "an argument name");
      return;
    case "description":
      if (tag.text) annotations.description = tag.text;
      return;
    case "title":
      if (tag.text) annotations.title = tag.text;
      return;
    case "deprecated":
      annotations.deprecated = true;
      return;
    case "pattern":
      try {
        new RegExp(tag.text, "u");
        annotations.pattern = tag.text;
      } catch {
        invalid(ctx, tag, "a valid regular expression");
      }
      return;
    case "format":
      if (tag.text) annotations.format = tag.text;
      else invalid(ctx, tag, "a format name such as date-time, email or uri");
      return;
    case "uniqueItems":
      annotations.uniqueItems = tag.text === "" || tag.text === "true";
      return;
    case "default": {
      const value = parseJsonTag(tag.text);
      if (value === undefined) invalid(ctx, tag, "a JSON value");
      else annotations.default = value.value;
      return;
    }
    case "examples": {
      const value = parseJsonTag(tag.text);
      if (value === undefined) invalid(ctx, tag, "a JSON value (an array gives several examples)");
      else annotations.examples = Array.isArray(value.value) ? value.value : [value.value];
      return;
    }
  }
  if ((NUMERIC_KEYWORDS as readonly string[]).includes(tag.name)) {
    const n = Number(tag.text);
    const ok = tag.text !== "" && Number.isFinite(n) && (!LENGTH_KEYWORDS.has(tag.name) || (Number.isInteger(n) && n >= 0));
    if (!ok) invalid(ctx, tag, LENGTH_KEYWORDS.has(tag.name) ? "a non-negative integer" : "a finite number");
    else annotations[tag.name as (typeof NUMERIC_KEYWORDS)[number]] = n;
  }
}

/** JSON, or a bare word taken as a string (`@default utf8`). */
function parseJsonTag(text: string): { value: unknown } | undefined {
  if (text === "") return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return /^[^\s{}[\]"]+$/.test(text) ? { value: text } : undefined;
  }
}

function invalid(ctx: ReaderContext, tag: TagInfo, expected: string): void {
  ctx.diagnostics.report(
    tag.node,
    DiagnosticCode.InvalidTagValue,
    `@${tag.name} needs ${expected}; got ${tag.text === "" ? "nothing" : JSON.stringify(tag.text)}.`,
  );
}

/** Merges annotations; the later (closer to the use site) wins. */
export function mergeAnnotations(...layers: (Annotations | undefined)[]): Annotations | undefined {
  const merged: Annotations = {};
  for (const layer of layers) if (layer) Object.assign(merged, layer);
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** The type alias a declared type node refers to, following `type A = B` chains outwards-in. */
export function aliasChain(ctx: ReaderContext, typeNode: ts.TypeNode | undefined): ts.TypeAliasDeclaration[] {
  const chain: ts.TypeAliasDeclaration[] = [];
  let node = typeNode;
  while (node && ctx.ts.isTypeReferenceNode(node)) {
    let symbol = ctx.checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ctx.ts.SymbolFlags.Alias) symbol = ctx.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.find(ctx.ts.isTypeAliasDeclaration);
    if (!declaration || chain.includes(declaration)) break;
    chain.push(declaration);
    node = declaration.type;
  }
  return chain;
}
