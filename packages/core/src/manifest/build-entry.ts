import type { ManifestEntry } from "@toolgen/runtime";
import { collectConversions } from "../model/collect-conversions.js";
import { type AnalysisState, createReaderContext } from "../model/reader-context.js";
import { checkDefaults } from "../schema/check-defaults.js";
import { checkPatterns } from "../schema/check-patterns.js";
import { formatRootSchema } from "../schema/format-schema.js";
import { checkTags } from "../source/check-tags.js";
import type { FoundDeclaration } from "../source/find-declarations.js";
import type { NamingStyle } from "../source/naming.js";
import { checkPromptResult } from "./check-prompt-result.js";
import { checkResourceResult } from "./check-resource-result.js";
import { readArguments } from "./read-arguments.js";
import { readEntryMetadata } from "./read-entry-metadata.js";
import { readCompletions } from "./read-completions.js";
import { readOutput } from "./read-output.js";

export interface EntryOptions {
  naming: NamingStyle;
  /** Package-relative path of a source file (for `source.file`). */
  relativeSource: (fileName: string) => string;
  /** Package-relative path of the compiled JavaScript of a source file. */
  relativeOutput: (fileName: string) => string;
}

/** A manifest entry plus what the registry module emitter needs about its source. */
export interface BuiltEntry {
  entry: ManifestEntry;
  declaration: FoundDeclaration;
}

/**
 * One entry: its tags, its arguments (read into the type model, then written as the input
 * schema), its output schema, and where it lives. Keys are put in canonical order later.
 */
export function buildEntry(state: AnalysisState, found: FoundDeclaration, options: EntryOptions): BuiltEntry {
  checkTags(found.doc, "entry", state.diagnostics);
  const meta = readEntryMetadata(found, options.naming, state.diagnostics);
  const ctx = createReaderContext(state, "input");
  const args = readArguments(ctx, found.signatureNode, found.doc);
  checkDefaults(ctx);
  const { conversions, defs } = collectConversions(args.input, ctx.definitions);
  const position = found.sourceFile.getLineAndCharacterOfPosition(found.node.getStart(found.sourceFile));

  const entry: ManifestEntry = {
    ...meta,
    implementation: {
      module: options.relativeOutput(found.sourceFile.fileName),
      export: found.exportName,
      ...(found.toolset ? { method: found.identifier } : {}),
    },
    arguments: { mode: args.mode, parameters: args.parameters },
    inputSchema: formatRootSchema(args.input, ctx.definitions),
    source: { file: options.relativeSource(found.sourceFile.fileName), line: position.line + 1, column: position.character + 1 },
  };
  checkPatterns(state, entry.inputSchema, found.nameNode);
  if (found.kind === "tool") {
    const output = readOutput(state, found);
    if (output === "content") entry.content = true;
    else if (output) entry.outputSchema = output;
  } else if (found.kind === "prompt") checkPromptResult(state, found);
  else checkResourceResult(state, found);
  const completions = readCompletions(state, found, entry.inputSchema, entry.uris);
  if (completions) entry.completions = completions;
  if (Object.keys(args.defaults).length > 0) entry.defaults = args.defaults;
  if (conversions.length > 0) entry.conversions = conversions;
  if (Object.keys(defs).length > 0) entry.conversionDefs = defs;
  return { entry, declaration: found };
}
