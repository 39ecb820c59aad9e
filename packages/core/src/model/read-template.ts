import type * as ts from "typescript";
import { readType, unsupported } from "./read-type.js";
import type { ReaderContext } from "./reader-context.js";
import type { TypeModel } from "./type-model.js";

/** `` `user-${number}` `` becomes a string with `pattern: ^user-(-?\d+(\.\d+)?)$`. */
export function readTemplateLiteral(ctx: ReaderContext, type: ts.TemplateLiteralType, site: ts.Node): TypeModel {
  let pattern = "^" + escapeRegExp(type.texts[0] ?? "");
  for (let i = 0; i < type.types.length; i++) {
    const part = placeholderPattern(ctx, type.types[i]!, site);
    if (part === undefined) return unsupported(ctx, type, site, "this template literal placeholder has no regular expression");
    pattern += `(${part})` + escapeRegExp(type.texts[i + 1] ?? "");
  }
  return { kind: "template", pattern: pattern + "$" };
}

function placeholderPattern(ctx: ReaderContext, type: ts.Type, site: ts.Node): string | undefined {
  const f = type.flags;
  if (f & ctx.ts.TypeFlags.String) return ".*";
  if (f & ctx.ts.TypeFlags.Number) return "-?\\d+(\\.\\d+)?";
  if (f & ctx.ts.TypeFlags.Boolean) return "true|false";
  const model = readType(ctx, type, site);
  if (model.kind === "literal") return escapeRegExp(String(model.value));
  if (model.kind === "union" && model.members.every((m) => m.kind === "literal")) {
    return model.members.map((m) => escapeRegExp(String((m as { value: unknown }).value))).join("|");
  }
  if (model.kind === "template") return model.pattern.slice(1, -1);
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
