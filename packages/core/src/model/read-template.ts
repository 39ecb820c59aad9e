import type * as ts from "typescript";
import { readType } from "./read-type.js";
import { patternOrigin, type ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";

/** What `${number}` accepts, as a model writes numbers. */
const NUMBER = "-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?";

/** `` `user-${number}` `` becomes a string with `pattern: ^user-(…)$`. */
export function readTemplateLiteral(ctx: ReaderContext, type: ts.TemplateLiteralType, site: ts.Node): TypeModel {
  let pattern = "^" + escapeRegExp(type.texts[0] ?? "");
  for (let i = 0; i < type.types.length; i++) {
    // As TypeScript reads `${A}${B}`: a placeholder followed at once by another takes one character.
    const single = i + 1 < type.types.length && type.texts[i + 1] === "";
    const part = placeholderPattern(ctx, type.types[i]!, site, single);
    if (part === undefined) return reportUnsupported(ctx, type, site, "this placeholder has no regular expression", "use string with @pattern");
    pattern += `(${part})` + escapeRegExp(type.texts[i + 1] ?? "");
  }
  pattern += "$";
  const origin = patternOrigin(ctx, pattern);
  if (!origin.sites.has(site)) origin.sites.set(site, undefined);
  origin.template = true;
  return { kind: "template", pattern };
}

/**
 * The regular expression of one `${…}` placeholder, without anchors; `single`: of the values it
 * takes that are one character long (`(?!)`, which matches nothing, where none is).
 */
export function placeholderPattern(ctx: ReaderContext, type: ts.Type, site: ts.Node, single = false): string | undefined {
  const F = ctx.ts.TypeFlags;
  const f = type.flags;
  const literal = (text: string) => (!single || [...text].length === 1 ? escapeRegExp(text) : NOTHING);
  if (f & F.String) return single ? "[\\s\\S]" : "[\\s\\S]*";
  if (f & F.Number) return single ? "\\d" : NUMBER;
  if (f & F.BigInt) return single ? "\\d" : "-?\\d+";
  if (f & F.Boolean) return single ? NOTHING : "true|false";
  if (f & F.Null) return literal("null");
  if (f & F.Undefined) return literal("undefined");
  if (f & F.TemplateLiteral) {
    if (single) return undefined;
    const inner = readTemplateLiteral(ctx, type as ts.TemplateLiteralType, site);
    return inner.kind === "template" ? inner.pattern.slice(1, -1) : undefined;
  }
  if (f & F.Union) {
    const parts = (type as ts.UnionType).types.map((t) => placeholderPattern(ctx, t, site, single));
    return parts.every((p) => p !== undefined) ? parts.join("|") : undefined;
  }
  if (f & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.BigIntLiteral)) {
    const model = readType(ctx, type, site);
    if (model.kind === "literal") return literal(String(model.value));
    if (f & F.BigIntLiteral) {
      const value = (type as ts.BigIntLiteralType).value;
      return literal(`${value.negative ? "-" : ""}${value.base10Value}`);
    }
  }
  return undefined;
}

/** A pattern that matches nothing. */
const NOTHING = "(?!)";

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
