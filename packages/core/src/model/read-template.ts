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
    const part = placeholderPattern(ctx, type.types[i]!, site);
    if (part === undefined) return reportUnsupported(ctx, type, site, "this placeholder has no regular expression", "use string with @pattern");
    pattern += `(${part})` + escapeRegExp(type.texts[i + 1] ?? "");
  }
  pattern += "$";
  const origin = patternOrigin(ctx, pattern);
  if (!origin.sites.has(site)) origin.sites.set(site, undefined);
  origin.template = true;
  return { kind: "template", pattern };
}

/** The regular expression of one `${…}` placeholder, without anchors. */
export function placeholderPattern(ctx: ReaderContext, type: ts.Type, site: ts.Node): string | undefined {
  const F = ctx.ts.TypeFlags;
  const f = type.flags;
  if (f & F.String) return "[\\s\\S]*";
  if (f & F.Number) return NUMBER;
  if (f & F.BigInt) return "-?\\d+";
  if (f & F.Boolean) return "true|false";
  if (f & F.Null) return "null";
  if (f & F.Undefined) return "undefined";
  if (f & F.TemplateLiteral) {
    const inner = readTemplateLiteral(ctx, type as ts.TemplateLiteralType, site);
    return inner.kind === "template" ? inner.pattern.slice(1, -1) : undefined;
  }
  if (f & F.Union) {
    const parts = (type as ts.UnionType).types.map((t) => placeholderPattern(ctx, t, site));
    return parts.every((p) => p !== undefined) ? parts.join("|") : undefined;
  }
  if (f & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.BigIntLiteral)) {
    const model = readType(ctx, type, site);
    if (model.kind === "literal") return escapeRegExp(String(model.value));
    if (f & F.BigIntLiteral) {
      const value = (type as ts.BigIntLiteralType).value;
      return escapeRegExp(`${value.negative ? "-" : ""}${value.base10Value}`);
    }
  }
  return undefined;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
