import type * as ts from "typescript";
import { readTemplateLiteral } from "./read-template.js";
import { readType } from "./read-type.js";
import { isUserDeclaration, type ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { ObjectModel } from "./type-model.js";

/**
 * The keys a number index signature allows: numbers as JavaScript writes them (`String(n)`),
 * so not `1.0`, `0.10`, `-0` or `1e+5`: plain below 1e21 and from 1e-6, else with an
 * exponent. (Past 17 significant digits a number is rounded, which no pattern can say.)
 */
export const NUMERIC_KEY = "^(?:0|-?(?:0\\.0{0,5}[1-9](?:\\d*[1-9])?|[1-9]\\d{0,20}(?:\\.\\d*[1-9])?|[1-9](?:\\.\\d*[1-9])?e(?:\\+(?:2[1-9]|[3-9]\\d|[1-9]\\d{2,})|-(?:[7-9]|[1-9]\\d+))))$";

/**
 * Index signatures: a `string` key opens the object (`additionalProperties`), a `number` key
 * too but only for numeric keys (`propertyNames`; beside a `string` key, a `patternProperties`
 * entry for the numeric keys' own values), a template literal key adds a `patternProperties`
 * entry. Symbol keys are not JSON and are left out.
 */
export function readIndexSignatures(ctx: ReaderContext, type: ts.Type, site: ts.Node, valueNode?: ts.TypeNode): Pick<ObjectModel, "additional" | "numericKeys" | "patterns"> {
  const F = ctx.ts.TypeFlags;
  const out: Pick<ObjectModel, "additional" | "numericKeys" | "patterns"> = {};
  let stringValue: ObjectModel["additional"];
  let numberValue: ObjectModel["additional"];
  for (const info of ctx.checker.getIndexInfosOfType(type)) {
    const declaration = info.declaration;
    const at = declaration && isUserDeclaration(ctx, declaration) ? declaration : site;
    const key = info.keyType;
    if (key.flags & F.ESSymbolLike) continue;
    // `Record<string, never>`, TypeScript's way to say "no properties": no key of this kind is allowed.
    if (info.type.flags & F.Never) continue;
    const value = () => readType(ctx, info.type, at, declaration?.type ?? valueNode);
    if (key.flags & F.String) stringValue = value();
    else if (key.flags & F.Number) numberValue = value();
    else if (key.flags & F.TemplateLiteral) {
      const pattern = readTemplateLiteral(ctx, key as ts.TemplateLiteralType, at);
      if (pattern.kind === "template") (out.patterns ??= []).push({ pattern: pattern.pattern, type: value() });
    } else reportUnsupported(ctx, key, at, "this index signature key has no JSON form", "use string, number or a template literal key");
  }
  if (stringValue) {
    out.additional = stringValue;
    // `{ [k: string]: string | number; [i: number]: number }`: numeric keys hold the narrower type.
    if (numberValue) (out.patterns ??= []).unshift({ pattern: NUMERIC_KEY, type: numberValue });
  } else if (numberValue) {
    out.additional = numberValue;
    out.numericKeys = true;
  }
  return out;
}
