import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { KNOWN_TAGS, suggestTag } from "../source/known-tags.js";
import { ENTRY_NAME_PATTERN } from "../source/naming.js";
import type { BuiltEntry } from "./build-entry.js";

/** Checks that need every entry at once, or the entry's source: names, URIs, unknown tags. */
export function checkEntries(tsm: typeof ts, built: readonly BuiltEntry[], diagnostics: DiagnosticBag): void {
  const byName = new Map<string, BuiltEntry>();
  for (const item of built) {
    const { entry, declaration } = item;
    const at = nameNode(tsm, declaration.node);
    for (const tag of declaration.doc.tags) {
      if (KNOWN_TAGS.has(tag.name)) continue;
      const suggestion = suggestTag(tag.name);
      diagnostics.report(tag.node, DiagnosticCode.UnknownTag, `Unknown tag @${tag.name}${suggestion ? `; did you mean @${suggestion}?` : "."}`, "warning");
    }
    if (!ENTRY_NAME_PATTERN.test(entry.name)) {
      diagnostics.report(at, DiagnosticCode.InvalidName, `'${entry.name}' is not a valid ${entry.kind} name: use 1 to 128 letters, digits, '_', '-' or '.'.`);
    }
    const key = `${entry.kind}:${entry.name}`;
    const previous = byName.get(key);
    if (previous) {
      const where = `${previous.entry.source.file}:${previous.entry.source.line}:${previous.entry.source.column}`;
      diagnostics.report(at, DiagnosticCode.DuplicateName, `The ${entry.kind} name '${entry.name}' is already used at ${where}; give one of them another name with @${entry.kind} <name>.`);
    } else byName.set(key, item);
    if (entry.kind === "resource") checkUris(item, at, diagnostics);
  }
}

function checkUris({ entry }: BuiltEntry, at: ts.Node, diagnostics: DiagnosticBag): void {
  const uris = entry.uris ?? [];
  if (uris.length === 0) {
    diagnostics.report(at, DiagnosticCode.InvalidUri, `@resource needs at least one URI, such as 'file:///{path}'.`);
    return;
  }
  const schema = entry.inputSchema as { properties?: Record<string, unknown> };
  const known = new Set(Object.keys(schema.properties ?? {}));
  for (const uri of uris) {
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) {
      diagnostics.report(at, DiagnosticCode.InvalidUri, `'${uri}' is not a URI: it needs a scheme such as 'file:' or 'docs:'.`);
      continue;
    }
    for (const match of uri.matchAll(/\{([^}]*)\}/g)) {
      const variable = match[1]!;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
        diagnostics.report(at, DiagnosticCode.InvalidUri, `'{${variable}}' in '${uri}' is not an RFC 6570 level-1 variable.`);
      } else if (!known.has(variable)) {
        diagnostics.report(at, DiagnosticCode.UriVariableWithoutParameter, `The URI template '${uri}' binds '{${variable}}', but there is no parameter '${variable}'.`);
      }
    }
  }
}

function nameNode(tsm: typeof ts, node: ts.Node): ts.Node {
  return (tsm.isFunctionDeclaration(node) || tsm.isMethodDeclaration(node) || tsm.isVariableDeclaration(node)) && node.name ? node.name : node;
}
