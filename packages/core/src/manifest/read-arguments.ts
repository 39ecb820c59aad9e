import type * as ts from "typescript";
import type { ParameterSlot } from "@toolgen/runtime";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { findToolContext, isToolContext } from "../model/detect-tool-context.js";
import type { ReaderContext } from "../model/reader-context.js";
import type { ObjectModel } from "../model/type-model.js";
import type { DocInfo } from "../source/read-jsdoc.js";
import { readFunctionTags, reportUnusedTags } from "./read-function-tags.js";
import { readPositional } from "./read-positional.js";
import { isRequestType, readRequest } from "./read-request.js";

/** The arguments object of an entry: its model, and how it maps onto the parameters. */
export interface ReadArguments {
  mode: "positional" | "request";
  parameters: ParameterSlot[];
  input: ObjectModel;
  /** Top-level defaults the runtime fills in (also `default` in the schema). */
  defaults: Record<string, unknown>;
}

/** A parameter that becomes part of the arguments object. */
export interface DataParameter {
  parameter: ts.ParameterDeclaration;
  /** Its position among all parameters (its slot). */
  index: number;
  type: ts.Type;
}

/**
 * Positional style: each parameter is a property. Request style: exactly one parameter
 * (besides contexts) whose type is an object with known properties; its properties are the
 * arguments. `ToolContext` parameters, in any position, are injected by the runtime.
 */
export function readArguments(ctx: ReaderContext, signature: ts.SignatureDeclaration, doc: DocInfo): ReadArguments {
  const { ts: tsm, checker } = ctx;
  const tags = readFunctionTags(doc, ctx.diagnostics);
  const slots: ParameterSlot[] = [];
  const data: DataParameter[] = [];
  for (const parameter of signature.parameters) {
    if (tsm.isIdentifier(parameter.name) && parameter.name.text === "this") continue;
    if (parameter.dotDotDotToken) {
      ctx.diagnostics.report(parameter, DiagnosticCode.RestParameter, `A rest parameter has no name in the arguments object; take an array parameter instead ('${parameter.name.getText()}: T[]').`);
      continue;
    }
    const type = checker.getTypeAtLocation(parameter);
    const value = checker.getNonNullableType(type);
    const context = findToolContext(ctx, value);
    if (context) {
      if (!isToolContext(ctx, value) && !canSupply(ctx, context, value)) {
        ctx.diagnostics.report(
          parameter,
          DiagnosticCode.UnsuppliableContext,
          `The runtime injects a ToolContext here, but '${checker.typeToString(type)}' asks for more than a ToolContext has. Type it as ToolContext (values the host supplies are in 'context.values').`,
        );
      }
      slots.push({ kind: "context" });
      continue;
    }
    data.push({ parameter, index: slots.length, type });
    slots.push({ kind: "argument", name: "" });
  }
  const known = new Set(signature.parameters.map((p) => (tsm.isIdentifier(p.name) ? p.name.text : "")));
  const only = data.length === 1 ? data[0]! : undefined;
  if (only && isRequestType(ctx, only.type)) {
    const request = readRequest(ctx, only, tags);
    if (request) {
      for (const p of request.input.properties) for (const [name] of tags.params) if (name === (p.tsName ?? p.name) || name.endsWith(`.${p.tsName ?? p.name}`)) known.add(name);
      reportUnusedTags(tags, known, ctx.diagnostics, new Set(request.input.properties.map((p) => p.tsName ?? p.name)));
      return { mode: "request", parameters: slots.map((s) => (s.kind === "context" ? s : { kind: "request" })), ...request };
    }
  }
  reportUnusedTags(tags, known, ctx.diagnostics);
  return { mode: "positional", ...readPositional(ctx, data, slots, tags) };
}

/** The runtime hands over a ToolContext: it must be a valid value of the parameter's type. */
function canSupply(ctx: ReaderContext, context: ts.Type, parameterType: ts.Type): boolean {
  const checker = ctx.checker as ts.TypeChecker & { isTypeAssignableTo?: (source: ts.Type, target: ts.Type) => boolean };
  return typeof checker.isTypeAssignableTo === "function" ? checker.isTypeAssignableTo(context, parameterType) : false;
}
