import type { JsonSchema } from "@toolgen/runtime";
import { resolveLocalRef } from "@toolgen/runtime/validation";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { findTag } from "../source/read-jsdoc.js";
import type { BuiltEntry } from "./build-entry.js";

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const VARIABLE = /^[A-Za-z0-9_]+$/;

/**
 * A resource's URIs: each a URI or an RFC 6570 level-1 template (`{name}` only), each
 * template variable once and bound to a parameter, each required parameter bound by every URI (a
 * read through a URI that does not carry it could not supply it), no URI used twice.
 */
export function checkUris(item: BuiltEntry, byUri: Map<string, BuiltEntry>, diagnostics: DiagnosticBag): void {
  const { entry, declaration } = item;
  const tag = findTag(declaration.doc, "resource")?.node;
  const at = tag ?? declaration.nameNode;
  const uris = entry.uris ?? [];
  if (uris.length === 0) {
    diagnostics.report(at, DiagnosticCode.InvalidUri, `@resource needs at least one URI, such as 'file:///{path}' or 'docs://guide'.`);
    return;
  }
  // Point at the URI itself inside the tag.
  const sourceFile = at.getSourceFile();
  const tagText = at.getText(sourceFile);
  const tagStart = at.getStart(sourceFile);
  const report = (uri: string, code: DiagnosticCode, message: string, severity: "error" | "warning" = "error") => {
    // As a word of its own: `guide` in `@resource docs://guide The guide` is the later one.
    const offset = tagText.search(new RegExp(`(?<=^|\\s)${uri.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=\\s|$)`));
    if (offset < 0) diagnostics.report(at, code, message, severity);
    else diagnostics.reportRange(sourceFile, tagStart + offset, uri.length, code, message, severity);
  };
  const schema = entry.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
  const parameters = new Set(Object.keys(schema.properties ?? {}));
  for (const uri of uris) {
    const variables = templateVariables(uri);
    if (!SCHEME.test(uri)) {
      report(uri, DiagnosticCode.InvalidUri, `'${uri}' is not a URI: it needs a scheme such as 'file:' or 'docs:'.`);
      continue;
    }
    if (!variables) {
      report(uri, DiagnosticCode.InvalidUri, `'${uri}' is not an RFC 6570 level-1 template: use '{name}' only (no operators, no nesting, balanced braces).`);
      continue;
    }
    const repeated = variables.find((variable, i) => variables.indexOf(variable) !== i);
    if (repeated !== undefined) {
      // A URI read back into arguments would have two values for one parameter.
      report(uri, DiagnosticCode.InvalidUri, `The URI template '${uri}' has '{${repeated}}' twice; each variable may appear once, so that a URI gives each parameter one value.`);
      continue;
    }
    for (const variable of variables) {
      if (!parameters.has(variable)) {
        report(uri, DiagnosticCode.UriVariableWithoutParameter, `The URI template '${uri}' binds '{${variable}}', but '${declaration.identifier}' has no parameter '${variable}'.`);
      } else if (!takesText(schema.properties![variable], entry.inputSchema as Record<string, unknown>, 0)) {
        report(uri, DiagnosticCode.UncarriedUriVariable, `The URI template '${uri}' binds '{${variable}}', but its parameter takes only objects or arrays, and a URI carries one piece of text; give '${variable}' a string, number, boolean or Date type, or leave it out of the URI.`);
      }
    }
    for (const required of schema.required ?? []) {
      if (!variables.includes(required)) {
        report(uri, DiagnosticCode.UnboundResourceParameter, `The required parameter '${required}' is not in the URI '${uri}', so a read of that URI cannot supply it; add '{${required}}' to the URI or make the parameter optional.`);
      }
    }
    // Keyed by shape: `files://{x}` and `files://{y}` match the same URIs.
    const previous = byUri.get(shapeOf(uri));
    if (previous) {
      const where = `${previous.entry.source.file}:${previous.entry.source.line}:${previous.entry.source.column}`;
      const same = previous.entry.uris!.find((other) => shapeOf(other) === shapeOf(uri))!;
      if (same === uri) report(uri, DiagnosticCode.DuplicateUri, `The URI '${uri}' is already served by '${previous.entry.name}' at ${where}.`);
      else report(uri, DiagnosticCode.DuplicateUri, `The URI template '${uri}' matches the same URIs as '${same}' of '${previous.entry.name}' at ${where}, which is registered first and so serves them all; make the templates differ in their fixed text.`, "warning");
    } else byUri.set(shapeOf(uri), item);
  }
}

/**
 * Whether a parameter's schema takes a value one URI segment can give: a string, a number, a
 * boolean or null (read as JSON reads them), through `$ref`s and unions; an unconstrained one does.
 */
function takesText(schema: unknown, root: Record<string, unknown>, depth: number): boolean {
  if (typeof schema !== "object" || schema === null || depth > 32) return true;
  const s = schema as { $ref?: string; type?: string | string[]; enum?: unknown[]; const?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  // The analyzer writes only local references that resolve.
  if (s.$ref !== undefined) return takesText(resolveLocalRef(root as JsonSchema, s.$ref), root, depth + 1);
  const literals = [...(s.enum ?? []), ...("const" in s ? [s.const] : [])];
  if (literals.length > 0) return literals.some((literal) => literal === null || typeof literal !== "object");
  const members = s.anyOf ?? s.oneOf;
  if (members) return members.some((member) => takesText(member, root, depth + 1));
  return s.type === undefined || [s.type].flat().some((type) => type !== "object" && type !== "array");
}

/** The variables of a level-1 template, or undefined when the template is malformed. */
export function templateVariables(uri: string): string[] | undefined {
  const variables: string[] = [];
  const pattern = /\{([^{}]*)\}/g;
  for (const match of uri.matchAll(pattern)) {
    if (!VARIABLE.test(match[1]!)) return undefined;
    variables.push(match[1]!);
  }
  if (/[{}]/.test(uri.replace(pattern, ""))) return undefined;
  return variables;
}

/** A template with its variables' names left out: two templates of one shape match the same URIs. */
export function shapeOf(uri: string): string {
  return uri.replace(/\{[^{}]*\}/g, "{}");
}
