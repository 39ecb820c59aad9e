import type * as ts from "typescript";
import type { JsonSchema } from "@toolgen/runtime";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { AnalysisState } from "../model/reader-context.js";
import type { FoundDeclaration } from "../source/find-declarations.js";
import { findTags } from "../source/read-jsdoc.js";
import { templateVariables } from "./check-uris.js";
import { awaitedType } from "./read-output.js";

/**
 * `@complete <argument> <function>` on a prompt or a resource: the function that suggests
 * values for that argument (MCP `completion/complete`). It must be exported by the entry's own
 * module — the registry loads it from there, as it loads the entry — and the argument must be
 * one the entry lists (of a resource, a variable of one of its URI templates). Returns the completers by argument, as the manifest keeps them.
 */
export function readCompletions(state: AnalysisState, found: FoundDeclaration, inputSchema: JsonSchema, uris: readonly string[] = []): Record<string, string> | undefined {
  const tags = findTags(found.doc, "complete");
  if (tags.length === 0) return undefined;
  const { diagnostics, checker } = state;
  if (found.kind === "tool") {
    for (const tag of tags) diagnostics.report(tag.node, DiagnosticCode.TagOnWrongDeclaration, "@complete applies to a prompt or a resource (their arguments are completed); this is a tool.", "warning");
    return undefined;
  }
  const argumentNames = Object.keys((inputSchema as { properties?: Record<string, unknown> }).properties ?? {});
  const variables = uris.flatMap((uri) => templateVariables(uri) ?? []);
  const moduleSymbol = checker.getSymbolAtLocation(found.sourceFile);
  const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  const completions: Record<string, string> = {};
  for (const tag of tags) {
    const [argument, fn, ...rest] = tag.text.split(/\s+/).filter(Boolean);
    if (!argument || !fn || rest.length > 0) {
      diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@complete needs an argument and a function: '@complete city suggestCities'; got ${tag.text ? JSON.stringify(tag.text) : "nothing"}.`);
      continue;
    }
    if (!argumentNames.includes(argument)) {
      const known = argumentNames.length ? `its arguments: ${argumentNames.join(", ")}` : "it has no arguments";
      diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@complete names '${argument}', which is not an argument of this ${found.kind} (${known}).`);
      continue;
    }
    // A client completes a resource's template variables: an argument in no template is never asked for.
    if (found.kind === "resource" && !variables.includes(argument)) {
      const known = variables.length ? `its variables: ${variables.join(", ")}` : "it has no template";
      diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@complete names '${argument}', which is in none of this resource's URI templates (${known}); clients complete template variables only.`);
      continue;
    }
    const exported = exports.find((s) => s.name === fn);
    const type = exported && checker.getTypeOfSymbol(exported);
    if (!type || type.getCallSignatures().length === 0) {
      const why = exported ? `'${fn}' is exported by this module but is not a function` : `'${fn}' is not exported by this module; export it from here — the registry loads it from the ${found.kind}'s own module`;
      diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@complete ${argument} ${fn}: ${why}.`);
      continue;
    }
    if (!isCompleter(state, type)) {
      diagnostics.report(tag.node, DiagnosticCode.InvalidTagValue, `@complete ${argument} ${fn}: '${fn}' is '${checker.typeToString(type)}', not a completer: (typed: string, context) => string[] | Promise<string[]>.`);
      continue;
    }
    completions[argument] = fn;
  }
  return Object.keys(completions).length > 0 ? completions : undefined;
}

function isOptional(state: AnalysisState, parameter: ts.Symbol): boolean {
  const declaration = parameter.valueDeclaration;
  return declaration !== undefined && state.ts.isParameter(declaration) && (declaration.questionToken !== undefined || declaration.initializer !== undefined || declaration.dotDotDotToken !== undefined);
}

/** Whether the completer's second parameter takes `{ arguments: Record<string, string> }` (the property optional, as the runtime may leave it out). */
function takesContext(state: AnalysisState, parameter: ts.Type): boolean {
  const { checker, ts: tsm } = state;
  if (parameter.flags & (tsm.TypeFlags.Any | tsm.TypeFlags.Unknown)) return true;
  const argumentsProperty = checker.getPropertyOfType(parameter, "arguments");
  const others = checker.getPropertiesOfType(parameter).filter((p) => p.name !== "arguments" && !(p.flags & tsm.SymbolFlags.Optional));
  if (others.length > 0) return false;
  if (!argumentsProperty) return true;
  const given = checker.getNonNullableType(checker.getTypeOfSymbol(argumentsProperty));
  const values = checker.getIndexInfoOfType(given, tsm.IndexKind.String)?.type;
  return (given.flags & (tsm.TypeFlags.Any | tsm.TypeFlags.Unknown)) !== 0 || (values !== undefined && checker.isTypeAssignableTo!(checker.getStringType(), values));
}

/**
 * Whether one of the function's signatures takes the typed text and returns (or resolves to)
 * strings; the runtime refuses any other answer on every request. Left unchecked where the
 * TypeScript in use has no `isTypeAssignableTo` (before 5.4), and for types that say nothing.
 */
function isCompleter(state: AnalysisState, type: ts.Type): boolean {
  const checker = state.checker as ts.TypeChecker & { isTypeAssignableTo?: (source: ts.Type, target: ts.Type) => boolean };
  if (typeof checker.isTypeAssignableTo !== "function") return true;
  const text = checker.getStringType();
  const isString = (t: ts.Type) => checker.isTypeAssignableTo!(t, text);
  const F = state.ts.TypeFlags;
  const isStrings = (t: ts.Type) =>
    (t.flags & (F.Any | F.Unknown | F.TypeParameter)) !== 0 || ((checker.isArrayType(t) || checker.isTupleType(t)) && checker.getTypeArguments(t as ts.TypeReference).every(isString));
  return type.getCallSignatures().some((signature) => {
    const [first, second, ...more] = signature.getParameters();
    if (more.length > 0 && more.some((p) => !isOptional(state, p))) return false;
    if (first && !checker.isTypeAssignableTo!(text, checker.getTypeOfSymbol(first))) return false;
    // The runtime passes `{ arguments }`: the values already given, by argument.
    if (second && !takesContext(state, checker.getTypeOfSymbol(second))) return false;
    const returned = awaitedType(state, checker.getReturnTypeOfSignature(signature));
    return returned.flags & F.Union ? (returned as ts.UnionType).types.every(isStrings) : isStrings(returned);
  });
}
