import type * as ts from "typescript";
import { jsonEqual } from "@toolgen/runtime/validation";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticSite } from "../diagnostics/diagnostic.js";
import { admitsUndefined } from "../model/read-property.js";
import { readType } from "../model/read-type.js";
import { resolveRootObject } from "../model/resolve-root.js";
import type { ReaderContext } from "../model/reader-context.js";
import type { ObjectModel, PropertyModel, TypeModel } from "../model/type-model.js";
import { evaluateInitializer } from "../source/evaluate-initializer.js";
import type { DataParameter } from "./read-arguments.js";
import type { FunctionTags } from "./read-function-tags.js";

/**
 * Request style: an object type with known properties (interface, type literal, alias or
 * generic instance of one, a utility type such as `Partial<Q>` or `Pick<Q, "a">`) — not a
 * union, array, tuple, function, `Record` or index signature, and not a built-in such as `Date`.
 */
export function isRequestType(ctx: ReaderContext, type: ts.Type): boolean {
  const { checker, ts: tsm } = ctx;
  const value = checker.getNonNullableType(type);
  if (value.flags & tsm.TypeFlags.Union) return false;
  if (!(value.flags & (tsm.TypeFlags.Object | tsm.TypeFlags.Intersection))) return false;
  if (value.flags & tsm.TypeFlags.Intersection && (value as ts.IntersectionType).types.some((t) => !(t.flags & tsm.TypeFlags.Object))) return false;
  if (checker.isArrayType(value) || checker.isTupleType(value)) return false;
  if (value.getCallSignatures().length > 0 || value.getConstructSignatures().length > 0) return false;
  if (checker.getIndexInfosOfType(value).length > 0) return false;
  // Built-ins are interfaces the lib declares (`Date`, `URL`); the lib's mapped types (`Partial`,
  // `Pick`) are declared there too, but their instances are the user's own objects. `Record`
  // stays a map even with literal keys.
  const declarations = value.getSymbol()?.declarations ?? [];
  if (declarations.length > 0 && declarations.every((d) => ctx.isDefaultLibrary(d.getSourceFile()) && !tsm.isMappedTypeNode(d))) return false;
  if (value.aliasSymbol?.getName() === "Record" && value.aliasSymbol.declarations?.every((d) => ctx.isDefaultLibrary(d.getSourceFile()))) return false;
  return checker.getPropertiesOfType(value).length > 0;
}

/**
 * The request type's properties are the arguments. An optional parameter (or one with an
 * initializer) makes them all optional; defaults come from destructuring initializers
 * (`{ limit = 10 }: Query`), an object initializer, and `@default` tags; `@param req.field`
 * (or `@param field`) describes a property that has no description of its own, and
 * `@param req` the arguments object, when its type has no description.
 */
export function readRequest(ctx: ReaderContext, { parameter, type }: DataParameter, tags: FunctionTags): { input: ObjectModel; defaults: Record<string, unknown> } | undefined {
  const { ts: tsm, checker } = ctx;
  const root = resolveRootObject(readType(ctx, type, parameter, parameter.type), ctx.definitions);
  if (!root) return undefined;
  const allOptional = Boolean(parameter.questionToken || parameter.initializer || admitsUndefined(ctx, type));
  const initializerDefaults = new Map<string, { value: unknown; at: ts.Node }>();
  if (parameter.initializer) addObjectDefaults(ctx, parameter.initializer, initializerDefaults);
  if (tsm.isObjectBindingPattern(parameter.name)) {
    for (const element of parameter.name.elements) {
      const key = element.propertyName ?? element.name;
      if (!element.initializer || !(tsm.isIdentifier(key) || tsm.isStringLiteral(key))) continue;
      const evaluated = evaluateInitializer(tsm, checker, element.initializer);
      if (!evaluated.ok) {
        ctx.diagnostics.report(evaluated.at, DiagnosticCode.DefaultNotConstant, `The default of '${key.text}' must be a constant JSON value (a literal, an enum member, a const, or an array or object of those) so it can be written into the schema.`);
      } else if (evaluated.value !== undefined) initializerDefaults.set(key.text, { value: evaluated.value, at: element.initializer });
    }
  }
  // `@param req.field` or, since the properties are the arguments, `@param field` (the only
  // form a destructured parameter has); `@param req` describes the arguments object itself.
  const parameterName = tsm.isIdentifier(parameter.name) ? parameter.name.text : undefined;
  const descriptions = new Map<string, { text: string; tag: DiagnosticSite }>();
  for (const [name, param] of tags.params) {
    const dot = name.indexOf(".");
    if (dot > 0 && param.text) descriptions.set(name.slice(dot + 1), param);
    else if (dot < 0 && name !== parameterName && param.text && !descriptions.has(name)) descriptions.set(name, param);
  }
  const ownText = parameterName === undefined ? undefined : tags.params.get(parameterName)?.text;
  // A property described in two places: its declaration's text wins; say so rather than drop the tag's.
  // (`@param req` over a described request type is left quiet: documenting both is the usual way.)
  const ignored = (param: { tag: DiagnosticSite }, what: string) =>
    ctx.diagnostics.report(param.tag, DiagnosticCode.TagOnWrongDeclaration, `This @param text is not used: ${what} has a description of its own, written where it is declared, which the schema takes. Keep one of the two.`, "warning");

  const defaults: Record<string, unknown> = {};
  const properties = root.properties.map((property): PropertyModel => {
    const tsName = property.tsName ?? property.name;
    let model: TypeModel = property.type;
    const described = descriptions.get(tsName) ?? descriptions.get(property.name);
    if (described && model.annotations?.description === undefined) model = { ...model, annotations: { ...model.annotations, description: described.text } };
    else if (described) ignored(described, `'${tsName}'`);
    const initial = initializerDefaults.get(tsName);
    if (initial) {
      const said = model.annotations?.default;
      // Two defaults: the initializer is the one the function runs with.
      if (said !== undefined && !jsonEqual(said, initial.value)) {
        ctx.diagnostics.report(initial.at, DiagnosticCode.InvalidTagValue, `'${tsName}' defaults to ${JSON.stringify(initial.value)} here, which the function runs with, and to ${JSON.stringify(said)} by the @default of its type; make them agree.`);
      }
      model = { ...model, annotations: { ...model.annotations, default: initial.value } };
      ctx.defaultChecks.push({ model, value: initial.value, at: initial.at });
    }
    // A default the runtime fills in makes the argument one the model may leave out.
    const hasDefault = model.annotations?.default !== undefined;
    if (hasDefault) defaults[property.name] = model.annotations!.default;
    return { ...property, type: model, optional: property.optional || allOptional || hasDefault };
  });
  const annotations = root.annotations?.description === undefined && ownText ? { ...root.annotations, description: ownText } : root.annotations;
  return { input: { ...root, properties, ...(annotations ? { annotations } : {}) }, defaults };
}

/** `(req: Query = { limit: 10 })`: each constant property is a default. */
function addObjectDefaults(ctx: ReaderContext, initializer: ts.Expression, out: Map<string, { value: unknown; at: ts.Node }>): void {
  const evaluated = evaluateInitializer(ctx.ts, ctx.checker, initializer);
  if (!evaluated.ok) {
    ctx.diagnostics.report(evaluated.at, DiagnosticCode.DefaultNotConstant, `The default request must be a constant JSON object so its values can be written into the schema.`);
    return;
  }
  const value = evaluated.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return;
  for (const [key, v] of Object.entries(value)) out.set(key, { value: v, at: initializer });
}
