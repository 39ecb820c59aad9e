import { checkProviderNames } from "@toolgen/runtime/providers";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { findTag } from "../source/read-jsdoc.js";
import { ENTRY_NAME_PATTERN } from "../source/naming.js";
import type { BuiltEntry } from "./build-entry.js";
import { checkUris } from "./check-uris.js";

/**
 * Checks that need every entry at once: names (valid, unique across tools, prompts and
 * resources — the runtime registers them in one namespace — and still told apart once each
 * provider's rule has rewritten them) and resource URIs.
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
    // An import specifier is a URL to Node.js (`#` starts a fragment, `%` an escape, `?` a query) and a path to tsc: no spelling serves both.
    const unimportable = /[#%?]/.exec(entry.implementation.module);
    if (unimportable && !entry.external) {
      diagnostics.report(at, DiagnosticCode.UnimportableFileName, `'${entry.name}' is in a file whose path, ${entry.implementation.module}, holds '${unimportable[0]}': the registry module cannot import it for both tsc (which reads the specifier as a path) and Node.js (which reads it as a URL). Rename the file or folder.`);
    }
    const previous = byName.get(entry.name);
    if (previous) {
      diagnostics.report(at, DiagnosticCode.DuplicateName, `The name '${entry.name}' is already used by the ${previous.entry.kind} at ${placeOf(previous)}; ${renameHint(entry.kind)}.`);
      // In another file, at the first too: an incremental build (tspc) reports a diagnostic with
      // its file's emit, and only the file just added or changed may be emitted.
      if (inOtherFiles(previous, item)) diagnostics.report(previous.declaration.nameNode, DiagnosticCode.DuplicateName, `The name '${entry.name}' is also used by the ${entry.kind} at ${placeOf(item)}; ${renameHint(previous.entry.kind)}.`);
    } else byName.set(entry.name, item);
    if (entry.kind === "resource") checkUris(item, byUri, diagnostics);
  }
  checkProviderCollisions(built, diagnostics);
}

/**
 * Tool names that a provider's rule (characters, length) turns into one name even after the
 * hash suffix that tells sanitized names apart: the adapters would refuse the registry at run
 * time (`toolgen serve` would not start), so the build refuses it now. Reported once per pair,
 * naming every provider concerned, at the later tool (and at the first, in another file).
 */
function checkProviderCollisions(built: readonly BuiltEntry[], diagnostics: DiagnosticBag): void {
  const tools = built.filter((b) => b.entry.kind === "tool");
  const byPair = new Map<string, { names: readonly string[]; providerName: string; providers: string[] }>();
  for (const { provider, error } of checkProviderNames(tools.map((b) => b.entry.name))) {
    const key = error.names.join("\0");
    const found = byPair.get(key);
    if (found) found.providers.push(provider);
    else byPair.set(key, { names: error.names, providerName: error.providerName, providers: [provider] });
  }
  for (const { names, providerName, providers } of byPair.values()) {
    const [first, later] = names.map((name) => tools.find((b) => b.entry.name === name)!);
    const message = `The tool names ${names.map((n) => `'${n}'`).join(" and ")} both become '${providerName}' under the tool-name rules of ${providers.join(", ")}, so those providers could not tell them apart; ${renameHint("tool")}.`;
    diagnostics.report(later!.declaration.nameNode, DiagnosticCode.DuplicateName, message);
    if (inOtherFiles(first!, later!)) diagnostics.report(first!.declaration.nameNode, DiagnosticCode.DuplicateName, message);
  }
}

/** Where another entry is named: its name's file:line:col, where its own diagnostic points. */
function placeOf(item: BuiltEntry): string {
  const name = item.declaration.nameNode;
  const file = name.getSourceFile();
  const { line, character } = file.getLineAndCharacterOfPosition(name.getStart(file));
  return `${item.entry.source.file}:${line + 1}:${character + 1}`;
}

function inOtherFiles(a: BuiltEntry, b: BuiltEntry): boolean {
  return a.declaration.nameNode.getSourceFile() !== b.declaration.nameNode.getSourceFile();
}

function renameHint(kind: string): string {
  return kind === "resource" ? "rename this resource's function (a resource is named after it)" : `give one of them another name with @${kind} <name>`;
}
