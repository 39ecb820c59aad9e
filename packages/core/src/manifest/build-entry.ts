import type * as ts from "typescript";
import type { ManifestEntry, ToolAnnotations } from "@toolgen/runtime";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { collectConversions } from "../model/collect-conversions.js";
import { readType } from "../model/read-type.js";
import { createReaderContext } from "../model/reader-context.js";
import { formatRootSchema } from "../schema/format-schema.js";
import type { FoundDeclaration } from "../source/find-declarations.js";
import { findTag, hasTag } from "../source/read-jsdoc.js";
import { applyNaming, type NamingStyle } from "../source/naming.js";
import { readParameters } from "./read-parameters.js";

export interface EntryOptions {
  naming: NamingStyle;
  strict: boolean;
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

const HINT_TAGS: ReadonlyArray<[string, keyof ToolAnnotations]> = [
  ["readOnly", "readOnlyHint"],
  ["destructive", "destructiveHint"],
  ["idempotent", "idempotentHint"],
  ["openWorld", "openWorldHint"],
];

export function buildEntry(tsm: typeof ts, checker: ts.TypeChecker, found: FoundDeclaration, diagnostics: DiagnosticBag, options: EntryOptions): BuiltEntry {
  const { doc, kind } = found;
  const ctx = createReaderContext(tsm, checker, diagnostics, options.strict);
  const args = readParameters(ctx, found.signatureNode, doc);
  const inputSchema = formatRootSchema(args.input, ctx.definitions);
  const conversions = collectConversions(args.input, ctx.definitions);

  const kindTag = findTag(doc, kind)!;
  const explicitName = kind === "resource" ? undefined : kindTag.text.split(/\s+/)[0] || undefined;
  const name = explicitName ?? applyNaming(found.identifier, options.naming);
  const start = found.node.getStart(found.sourceFile);
  const position = found.sourceFile.getLineAndCharacterOfPosition(start);

  const entry: ManifestEntry = {
    kind,
    name,
    description: doc.description,
    implementation: {
      module: options.relativeOutput(found.sourceFile.fileName),
      export: found.exportName,
      ...(found.toolset ? { method: found.identifier } : {}),
    },
    arguments: { mode: args.mode, parameters: args.parameters },
    inputSchema,
    source: { file: options.relativeSource(found.sourceFile.fileName), line: position.line + 1, column: position.character + 1 },
  };
  const title = findTag(doc, "title")?.text;
  if (title) entry.title = title;
  if (found.toolset) entry.toolset = findTag(found.toolset.doc, "toolset")?.text || found.toolset.className;

  if (kind === "tool") {
    const output = readOutput(tsm, checker, found, diagnostics, options.strict);
    if (output) entry.outputSchema = output;
  }
  const returns = (findTag(doc, "returns") ?? findTag(doc, "return"))?.text;
  if (returns) entry.returns = returns;
  if (Object.keys(args.defaults).length > 0) entry.defaults = args.defaults;
  if (conversions.length > 0) entry.conversions = conversions;

  const annotations: ToolAnnotations = {};
  for (const [tag, hint] of HINT_TAGS) if (hasTag(doc, tag)) annotations[hint] = true;
  if (Object.keys(annotations).length > 0) entry.annotations = annotations;
  const tags = findTag(doc, "tags")?.text.split(/[\s,]+/).filter(Boolean);
  if (tags?.length) entry.tags = tags;
  const supportedFor = hostList([found.toolset?.doc, doc], "supportedFor");
  if (supportedFor.length) entry.supportedFor = supportedFor;
  const excludedFor = hostList([found.toolset?.doc, doc], "excludedFor");
  if (excludedFor.length) entry.excludedFor = excludedFor;
  if (hasTag(doc, "external")) entry.external = true;
  else if (found.ambient) {
    diagnostics.report(found.node, DiagnosticCode.ExternalWithBody, `'${found.identifier}' has no implementation; tag it @external so the runtime hands its calls to the host.`);
  }
  const deprecated = findTag(doc, "deprecated");
  if (deprecated) entry.deprecated = deprecated.text || true;
  if (kind === "prompt") entry.role = findTag(doc, "role")?.text === "assistant" ? "assistant" : "user";
  if (kind === "resource") {
    entry.uris = kindTag.text.split(/\s+/).filter(Boolean);
    const mimeType = findTag(doc, "mimeType")?.text;
    if (mimeType) entry.mimeType = mimeType;
  }
  return { entry, declaration: found };
}

/** `@supportedFor a b` on the toolset and on the entry, merged in that order without repeats. */
function hostList(docs: (FoundDeclaration["doc"] | undefined)[], tag: string): string[] {
  const hosts: string[] = [];
  for (const doc of docs) {
    for (const t of doc?.tags ?? []) {
      if (t.name === tag) for (const h of t.text.split(/[\s,]+/)) if (h && !hosts.includes(h)) hosts.push(h);
    }
  }
  return hosts;
}

/** The output schema, when the (awaited) return type is an object. */
function readOutput(tsm: typeof ts, checker: ts.TypeChecker, found: FoundDeclaration, diagnostics: DiagnosticBag, strict: boolean) {
  const signature = checker.getSignatureFromDeclaration(found.signatureNode);
  if (!signature) return undefined;
  const returned = checker.getAwaitedType(checker.getReturnTypeOfSignature(signature)) ?? checker.getReturnTypeOfSignature(signature);
  const { TypeFlags } = tsm;
  if (returned.flags & (TypeFlags.Void | TypeFlags.Undefined | TypeFlags.Any | TypeFlags.Unknown | TypeFlags.Never)) return undefined;
  const ctx = createReaderContext(tsm, checker, diagnostics, strict);
  const site = found.signatureNode.type ?? found.node;
  const model = readType(ctx, returned, site, found.signatureNode.type);
  const isObject = model.kind === "object" || (model.kind === "ref" && ctx.definitions.find((d) => d.name === model.name)?.type.kind === "object");
  return isObject ? formatRootSchema(model, ctx.definitions) : undefined;
}
