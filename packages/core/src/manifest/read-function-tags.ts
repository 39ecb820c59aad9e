import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag, DiagnosticSite } from "../diagnostics/diagnostic.js";
import type { DocInfo } from "../source/read-jsdoc.js";

/** What a function's own doc says about its parameters. */
export interface FunctionTags {
  /** `@param name text` (a dotted `@param req.field text` keeps its dots). */
  params: Map<string, { text: string; tag: DiagnosticSite }>;
  /** `@alias <param> <name>`. */
  aliases: Map<string, { alias: string; tag: DiagnosticSite }>;
}

/** Reads `@param` and `@alias` of an entry; a malformed `@alias` is reported here. */
export function readFunctionTags(doc: DocInfo, diagnostics: DiagnosticBag): FunctionTags {
  const params: FunctionTags["params"] = new Map();
  const aliases: FunctionTags["aliases"] = new Map();
  for (const tag of doc.tags) {
    if (tag.name === "param") {
      // The description as written after the name, line breaks and all (a list under `@param order Sort order:`), as a property's doc keeps them.
      const [, name = "", text = ""] = /^(\S*)\s*([\s\S]*)$/.exec(tag.text) ?? [];
      params.set(name, { text: text.trim(), tag: tag.node });
    } else if (tag.name === "alias") {
      const words = tag.text.split(/\s+/).filter(Boolean);
      if (words.length !== 2 || !/^[A-Za-z_$][\w$.-]*$/.test(words[1]!)) {
        diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `On a function, @alias needs '<parameter> <name>' (the name the model sees); got ${JSON.stringify(tag.text)}.`);
        continue;
      }
      aliases.set(words[0]!, { alias: words[1]!, tag: tag.node });
    }
  }
  return { params, aliases };
}

/**
 * Warns about `@param`/`@alias` tags that name no parameter (or property, in request style:
 * `requestFields` are the request's).
 * In request style, `@alias <param> <name>` has nothing to rename: `@alias` goes on the property.
 */
export function reportUnusedTags(tags: FunctionTags, known: ReadonlySet<string>, diagnostics: DiagnosticBag, requestFields?: ReadonlySet<string>): void {
  for (const [name, { tag }] of tags.params) {
    if (known.has(name)) continue;
    // `req.opts.deep`: the request's own field is known, a field inside it is not a @param's.
    const parts = name.split(".");
    const field = parts.slice(0, 2).join(".");
    const message = parts.length > 2 && requestFields?.has(parts[1]!)
      ? `@param ${name}: @param describes a parameter or a field of the request (${field}), not a field inside one; describe '${name.slice(field.length + 1)}' in its own doc comment, on its property.`
      : `@param ${name}: there is no parameter${name.includes(".") ? " or property" : ""} '${name}'.`;
    diagnostics.report(tag, DiagnosticCode.ParamTagWithoutParameter, message, "warning");
  }
  for (const [name, { tag }] of tags.aliases) {
    if (requestFields) diagnostics.report(tag, DiagnosticCode.TagOnWrongDeclaration, `@alias ${name}: this tool takes a request object; put @alias on the property of the request type instead.`, "warning");
    else if (!known.has(name)) diagnostics.report(tag, DiagnosticCode.ParamTagWithoutParameter, `@alias ${name}: there is no parameter '${name}' to rename.`, "warning");
  }
}
