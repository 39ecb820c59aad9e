import type * as ts from "typescript";
import type { ParameterSlot } from "@toolgen/runtime";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { applyAliasAnnotations, readType } from "../model/read-type.js";
import type { ReaderContext } from "../model/reader-context.js";
import type { PropertyModel, TypeModel } from "../model/type-model.js";
import { evaluateInitializer } from "../source/evaluate-initializer.js";
import type { DocInfo } from "../source/read-jsdoc.js";

/** The arguments object of an entry: its model, and how it maps onto the parameters. */
export interface ReadArguments {
  mode: "positional" | "request";
  parameters: ParameterSlot[];
  input: TypeModel & { kind: "object" };
  defaults: Record<string, unknown>;
}

/**
 * Positional style: each parameter is a property. Request style: exactly one parameter
 * (besides the context) whose type is an object with known properties; its properties are the
 * arguments. `ToolContext` parameters are injected by the runtime and left out.
 */
export function readParameters(ctx: ReaderContext, signature: ts.SignatureDeclaration, doc: DocInfo): ReadArguments {
  const { ts: tsm, checker } = ctx;
  const paramDocs = readParamTags(doc);
  const aliases = readParamAliases(doc);
  const slots: ParameterSlot[] = [];
  const dataParams: ts.ParameterDeclaration[] = [];
  for (const parameter of signature.parameters) {
    if (isToolContext(ctx, checker.getTypeAtLocation(parameter))) slots.push({ kind: "context" });
    else {
      slots.push({ kind: "argument", name: "" });
      dataParams.push(parameter);
    }
  }

  const only = dataParams.length === 1 ? dataParams[0]! : undefined;
  if (only && isRequestType(ctx, checker.getTypeAtLocation(only))) {
    const type = checker.getTypeAtLocation(only);
    const model = readType(ctx, type, only, only.type);
    if (model.kind === "object") {
      if (only.questionToken || only.initializer) markAllOptional(model.properties);
      return {
        mode: "request",
        parameters: slots.map((s) => (s.kind === "context" ? s : { kind: "request" })),
        input: model,
        defaults: {},
      };
    }
  }

  const properties: PropertyModel[] = [];
  const defaults: Record<string, unknown> = {};
  let dataIndex = 0;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i]!.kind === "context") continue;
    const parameter = dataParams[dataIndex++]!;
    const tsName = tsm.isIdentifier(parameter.name) ? parameter.name.text : `arg${i}`;
    const name = aliases.get(tsName) ?? tsName;
    slots[i] = { kind: "argument", name: tsName };
    const type = readType(ctx, checker.getTypeAtLocation(parameter), parameter, parameter.type);
    const description = paramDocs.get(tsName);
    let model = description ? applyAliasAnnotations(type, { integer: false, annotations: { description } }) : type;
    if (parameter.initializer) {
      const value = evaluateInitializer(tsm, checker, parameter.initializer);
      if (value) {
        defaults[name] = value.value;
        model = { ...model, annotations: { ...model.annotations, default: value.value } };
      } else {
        ctx.diagnostics.report(parameter.initializer, DiagnosticCode.DefaultNotConstant, `The default of '${tsName}' must be a constant JSON value (a literal, an enum member, or an array or object of those) so it can be written into the schema.`);
      }
    }
    const optional = Boolean(parameter.questionToken || parameter.initializer || parameter.dotDotDotToken);
    properties.push({ name, ...(name !== tsName ? { tsName } : {}), type: model, optional });
  }
  return { mode: "positional", parameters: slots, input: { kind: "object", properties }, defaults };
}

/** `@param name text` → name → text. */
function readParamTags(doc: DocInfo): Map<string, string> {
  const map = new Map<string, string>();
  for (const tag of doc.tags) {
    if (tag.name !== "param") continue;
    const [name, ...rest] = tag.text.split(/\s+/);
    const text = rest.join(" ").replace(/^-\s*/, "").trim();
    if (name && text) map.set(name, text);
  }
  return map;
}

/** `@alias param modelName` on a function. */
function readParamAliases(doc: DocInfo): Map<string, string> {
  const map = new Map<string, string>();
  for (const tag of doc.tags) {
    if (tag.name !== "alias") continue;
    const [param, alias] = tag.text.split(/\s+/);
    if (param && alias) map.set(param, alias);
  }
  return map;
}

function markAllOptional(properties: PropertyModel[]): void {
  for (const p of properties) p.optional = true;
}

/** An object type with known properties: not a union, array, tuple, `Record` or index signature. */
function isRequestType(ctx: ReaderContext, type: ts.Type): boolean {
  const { TypeFlags } = ctx.ts;
  const nonNullable = ctx.checker.getNonNullableType(type);
  if (!(nonNullable.flags & (TypeFlags.Object | TypeFlags.Intersection))) return false;
  if (ctx.checker.isArrayType(nonNullable) || ctx.checker.isTupleType(nonNullable)) return false;
  if (nonNullable.getCallSignatures().length > 0) return false;
  if (ctx.checker.getIndexInfosOfType(nonNullable).length > 0) return false;
  const symbolName = nonNullable.getSymbol()?.getName();
  if (symbolName === "Date") return false;
  return ctx.checker.getPropertiesOfType(nonNullable).length > 0;
}

/**
 * The runtime's context, recognised by identity: its declaration carries `@toolgenContext`
 * (a user type that happens to be called `ToolContext` does not).
 */
export function isToolContext(ctx: ReaderContext, type: ts.Type): boolean {
  const declarations = type.getSymbol()?.declarations ?? [];
  return declarations.some((d) => ctx.ts.getJSDocTags(d).some((t) => t.tagName.text === "toolgenContext"));
}
