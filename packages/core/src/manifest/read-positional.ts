import type { ParameterSlot } from "@toolgen/runtime";
import { jsonEqual } from "@toolgen/runtime/validation";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { applyAnnotations } from "../model/apply-annotations.js";
import { readDeclarationAnnotations } from "../model/read-declaration-annotations.js";
import { admitsUndefined } from "../model/read-property.js";
import { readType } from "../model/read-type.js";
import type { ReaderContext } from "../model/reader-context.js";
import type { ObjectModel, PropertyModel } from "../model/type-model.js";
import { evaluateInitializer } from "../source/evaluate-initializer.js";
import type { DataParameter } from "./read-arguments.js";
import type { FunctionTags } from "./read-function-tags.js";

/**
 * Positional style: one property per parameter, in order, named after it (or its
 * `@alias <param> <name>`, or the `@alias <name>` of its inline doc), described by `@param`, constrained by the parameter's own inline
 * doc comment, defaulted by its initializer (evaluated to JSON at build time).
 */
export function readPositional(ctx: ReaderContext, data: readonly DataParameter[], slots: ParameterSlot[], tags: FunctionTags): { parameters: ParameterSlot[]; input: ObjectModel; defaults: Record<string, unknown> } {
  const { ts: tsm, checker } = ctx;
  const properties: PropertyModel[] = [];
  const defaults: Record<string, unknown> = {};
  const taken = new Map<string, string>();
  for (const { parameter, index, type } of data) {
    if (!tsm.isIdentifier(parameter.name)) {
      // Alone, it is positional because its type is no request: an array pattern, or a union or map of objects.
      const why =
        data.length === 1
          ? `, and '${checker.typeToString(type)}' is no object type with fixed properties, which a request (the tool's one argument parameter) must be. Give it a name.`
          : `; it can only be the tool's one argument parameter (request style). Give it a name, or make it the only parameter.`;
      ctx.diagnostics.report(parameter, DiagnosticCode.UnnamedParameter, `A destructured parameter has no name in the arguments object${why}`);
      slots[index] = { kind: "argument", name: `arg${index}` };
      continue;
    }
    const tsName = parameter.name.text;
    slots[index] = { kind: "argument", name: tsName };
    const inline = readDeclarationAnnotations(ctx, parameter, "property");
    const functionAlias = tags.aliases.get(tsName)?.alias;
    if (functionAlias !== undefined && inline.alias !== undefined && inline.alias !== functionAlias) {
      ctx.diagnostics.report(inline.tags.get("alias") ?? parameter, DiagnosticCode.TagOnWrongDeclaration, `@alias ${inline.alias} has no effect: the function's @alias ${tsName} ${functionAlias} names '${tsName}' already; keep one of them.`, "warning");
    }
    const name = functionAlias ?? inline.alias ?? tsName;
    if (name === "__proto__") {
      // As for an object's property (read-object.ts): the arguments object's copies would set its prototype.
      ctx.diagnostics.report(parameter, DiagnosticCode.UnsupportedType, `A parameter exposed as '__proto__' is the arguments object's prototype to JavaScript code that copies it; rename it (or give it another @alias).`);
      continue;
    }
    const clash = taken.get(name);
    if (clash !== undefined) {
      ctx.diagnostics.report(parameter, DiagnosticCode.AliasCollision, `'${tsName}' is exposed as '${name}', which '${clash}' already uses; pick another @alias.`);
      continue;
    }
    taken.set(name, tsName);
    const optional = Boolean(parameter.questionToken || parameter.initializer || admitsUndefined(ctx, type));
    if (inline.hidden) {
      if (!optional) ctx.diagnostics.report(inline.tags.get("hidden") ?? parameter, DiagnosticCode.HiddenRequiredProperty, `'${tsName}' is @hidden but required; make it optional so the model may leave it out.`);
      continue;
    }
    let model = readType(ctx, type, parameter, parameter.type);
    model = applyAnnotations(ctx, model, inline);
    const described = tags.params.get(tsName)?.text;
    if (described) model = { ...model, annotations: { ...model.annotations, description: described } };
    if (parameter.initializer) {
      const evaluated = evaluateInitializer(tsm, checker, parameter.initializer);
      if (!evaluated.ok) {
        ctx.diagnostics.report(evaluated.at, DiagnosticCode.DefaultNotConstant, `The default of '${tsName}' must be a constant JSON value (a literal, an enum member, a const, or an array or object of those) so it can be written into the schema.`);
      } else if (evaluated.value !== undefined) {
        const tag = inline.tags.get("default");
        // Two defaults on one parameter: the initializer is the one the function runs with.
        if (tag && !jsonEqual(inline.annotations.default, evaluated.value)) {
          ctx.diagnostics.report(tag, DiagnosticCode.InvalidTagValue, `'${tsName}' defaults to ${JSON.stringify(evaluated.value)} by its initializer, which the function runs with, and to ${JSON.stringify(inline.annotations.default)} by this @default; remove the @default.`);
        }
        model = { ...model, annotations: { ...model.annotations, default: evaluated.value } };
        ctx.defaultChecks.push({ model, value: evaluated.value, at: parameter.initializer });
      }
    }
    // A default the runtime fills in makes the argument one the model may leave out.
    const hasDefault = model.annotations?.default !== undefined;
    if (hasDefault) defaults[name] = model.annotations!.default;
    properties.push({ name, ...(name !== tsName ? { tsName } : {}), type: model, optional: optional || hasDefault });
  }
  return { parameters: slots, input: { kind: "object", properties }, defaults };
}
