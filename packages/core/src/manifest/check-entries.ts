import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { findTag } from "../source/read-jsdoc.js";
import { ENTRY_NAME_PATTERN } from "../source/naming.js";
import type { BuiltEntry } from "./build-entry.js";
import { checkUris } from "./check-uris.js";

/**
 * Checks that need every entry at once: names (valid, and unique across tools, prompts and
 * resources — the runtime registers them in one namespace) and resource URIs.
 */
export function checkEntries(built: readonly BuiltEntry[], diagnostics: DiagnosticBag): void {
  const byName = new Map<string, BuiltEntry>();
  const byUri = new Map<string, BuiltEntry>();
  const checkedToolsets = new Set<unknown>();
  for (const item of built) {
    const { entry, declaration } = item;
    const at = declaration.nameNode;
    if (!ENTRY_NAME_PATTERN.test(entry.name)) {
      const tag = findTag(declaration.doc, entry.kind);
      diagnostics.report(tag?.text ? tag.node : at, DiagnosticCode.InvalidName, `'${entry.name}' is not a valid ${entry.kind} name: use 1 to 128 letters, digits, '_', '-' or '.'.`);
    }
    if (declaration.toolset && entry.toolset !== undefined && !checkedToolsets.has(declaration.toolset.node)) {
      checkedToolsets.add(declaration.toolset.node);
      if (!ENTRY_NAME_PATTERN.test(entry.toolset)) {
        diagnostics.report(findTag(declaration.toolset.doc, "toolset")!.node, DiagnosticCode.InvalidName, `'${entry.toolset}' is not a valid toolset name: use 1 to 128 letters, digits, '_', '-' or '.'.`);
      }
    }
    const previous = byName.get(entry.name);
    if (previous) {
      const where = `${previous.entry.source.file}:${previous.entry.source.line}:${previous.entry.source.column}`;
      diagnostics.report(at, DiagnosticCode.DuplicateName, `The name '${entry.name}' is already used by the ${previous.entry.kind} at ${where}; give one of them another name with @${entry.kind === "resource" ? "tool <name> (or rename the function)" : `${entry.kind} <name>`}.`);
    } else byName.set(entry.name, item);
    if (entry.kind === "resource") checkUris(item, byUri, diagnostics);
  }
}
