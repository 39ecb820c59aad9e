import { NUMBER_FORMATS } from "@toolgen/runtime/formats";
import { isMultipleOf } from "@toolgen/runtime/validation";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { hasAnnotations, mergeAnnotations, type ReadAnnotations } from "./read-annotations.js";
import { patternOrigin, type ReaderContext } from "./reader-context.js";
import { bothPatterns } from "../schema/both-patterns.js";
import type { Annotations, TypeModel } from "./type-model.js";

type Family = "number" | "string" | "array";

/** Which kinds of value each constraint keyword constrains. */
const KEYWORD_FAMILY: Record<string, Family> = {
  minimum: "number", maximum: "number", exclusiveMinimum: "number", exclusiveMaximum: "number", multipleOf: "number", integer: "number",
  minLength: "string", maxLength: "string", pattern: "string", format: "string",
  minItems: "array", maxItems: "array", uniqueItems: "array",
};

const FAMILY_NAMES: Record<Family, string> = { number: "numbers", string: "strings", array: "arrays and tuples" };

/** OpenAPI's number formats (`@format int32`) constrain numbers; every other format, strings. */
const OF_NUMBERS = new Set(NUMBER_FORMATS.split(" "));

const BOUNDS: ReadonlyArray<[string, string]> = [
  ["minimum", "maximum"], ["exclusiveMinimum", "exclusiveMaximum"], ["minimum", "exclusiveMaximum"],
  ["exclusiveMinimum", "maximum"], ["minLength", "maxLength"], ["minItems", "maxItems"],
];

/**
 * Puts one layer of annotations (a type declaration's, an alias's, a property's) on a model;
 * the layer wins over what the model already carries. A constraint that cannot apply to the
 * type (`@minLength` on a number) or contradicts another is reported at its tag, and a
 * `@default` is queued for checking against the finished schema.
 */
export function applyAnnotations(ctx: ReaderContext, model: TypeModel, read: ReadAnnotations): TypeModel {
  recordPattern(ctx, model, read);
  if (!hasAnnotations(read)) return model;
  // Every constraint comes with its tag: a doc of a description alone (most) has nothing to check.
  if (read.tags.size > 0) checkFamilies(ctx, model, read);
  checkDateFormat(ctx, model, read);
  const typed = read.integer ? toInteger(ctx, model, read) : model;
  const annotations = mergeAnnotations(typed.annotations, read.annotations);
  if (read.tags.size > 0) checkBounds(ctx, annotations, read, typed.kind === "number" && typed.integer === true);
  const result = annotations ? { ...typed, annotations } : typed;
  if (result.kind === "template" && annotations?.pattern !== undefined) recordBothPatterns(ctx, annotations.pattern, result.pattern, read);
  const defaultTag = read.tags.get("default");
  if (defaultTag && read.annotations.default !== undefined) ctx.defaultChecks.push({ model: result, value: read.annotations.default, at: defaultTag });
  const examplesTag = read.tags.get("examples");
  if (examplesTag) for (const value of read.annotations.examples ?? []) ctx.defaultChecks.push({ model: result, value, at: examplesTag, example: true });
  checkInherited(ctx, result, read, typed.annotations);
  if (read.tags.size > 0) checkValuesLeft(ctx, result, read);
  return result;
}

/**
 * Constraints that leave none of the values the type itself allows: `@minLength 3` on
 * `"ab" | "c"`, `@maximum 3` on `5 | 6`, `@minItems 2` on `[string]`. The literals are
 * checked against the finished schema (`checkDefaults`); a tuple's length here.
 */
function checkValuesLeft(ctx: ReaderContext, result: TypeModel, read: ReadAnnotations): void {
  const constraint = firstConstraint(read);
  if (constraint === undefined) return;
  const literals = literalValues(result);
  if (literals) ctx.defaultChecks.push({ model: result, value: literals, at: constraint, oneOf: true });
  if (result.kind !== "tuple") return;
  const shortest = result.elements.filter((e) => !e.optional).length;
  const longest = result.rest ? Infinity : result.elements.length;
  const { minItems = 0, maxItems = Infinity } = result.annotations ?? {};
  if (minItems > longest || maxItems < shortest) {
    const at = read.tags.get(minItems > longest ? "minItems" : "maxItems") ?? constraint;
    const length = shortest === longest ? `${shortest}` : `${shortest} to ${longest}`;
    ctx.diagnostics.report(at, DiagnosticCode.InvalidConstraint, `@${minItems > longest ? `minItems ${minItems}` : `maxItems ${maxItems}`} leaves no valid value: the tuple holds ${length} element${length === "1" ? "" : "s"}; remove it or change the tuple.`);
  }
}

/** The first constraint tag of a layer (`@maximum`, `@minLength`, …): where a finding about them is reported. */
function firstConstraint(read: ReadAnnotations) {
  for (const [keyword, tag] of read.tags) if (KEYWORD_FAMILY[keyword]) return tag;
  return undefined;
}

/** The values of a literal or a union of literals (`true`, `null` too), or undefined for any other type. */
function literalValues(model: TypeModel): unknown[] | undefined {
  if (model.kind === "literal") return [model.value];
  if (model.kind === "null") return [null];
  if (model.kind === "boolean") return [true, false];
  if (model.kind !== "union") return undefined;
  const values: unknown[] = [];
  for (const member of model.members) {
    const own = literalValues(member);
    if (!own) return undefined;
    values.push(...own);
  }
  return values;
}

/**
 * A default or examples an earlier layer gave (`Port`'s `@default 8080`), met by a constraint
 * this layer adds (`@maximum 1023` on an alias or a property of type `Port`): checked again,
 * at the constraint, since the schema written carries them together.
 */
function checkInherited(ctx: ReaderContext, result: TypeModel, read: ReadAnnotations, inherited: Annotations | undefined): void {
  const constraint = firstConstraint(read);
  if (inherited === undefined || constraint === undefined) return;
  if (inherited.default !== undefined && read.annotations.default === undefined) ctx.defaultChecks.push({ model: result, value: inherited.default, at: constraint, inherited: true });
  if (read.annotations.examples === undefined) for (const value of inherited.examples ?? []) ctx.defaultChecks.push({ model: result, value, at: constraint, example: true, inherited: true });
}

/** Notes where a `@pattern` was written, and what `@allowSlowPattern` accepts: the pattern beside it, or the template literal type's. */
function recordPattern(ctx: ReaderContext, model: TypeModel, read: ReadAnnotations): void {
  const tag = read.tags.get("pattern");
  const { pattern } = read.annotations;
  if (tag && pattern !== undefined) patternOrigin(ctx, pattern).sites.set(tag, read.annotations.maxLength);
  const allow = read.tags.get("allowSlowPattern");
  if (!allow) return;
  const accepted = pattern ?? (model.kind === "template" ? model.pattern : undefined);
  if (accepted !== undefined) patternOrigin(ctx, accepted).allowed = true;
  else ctx.diagnostics.report(allow, DiagnosticCode.InvalidConstraint, "@allowSlowPattern accepts the @pattern beside it (or a template literal type's pattern), and there is none here; remove it.", "warning");
}

/** The pattern a `@pattern` on a template literal type writes (`bothPatterns`), noted where the tag was, for the backtracking check. */
function recordBothPatterns(ctx: ReaderContext, tag: string, template: string, read: ReadAnnotations): void {
  const written = patternOrigin(ctx, bothPatterns(tag, template));
  const fromTag = patternOrigin(ctx, tag);
  for (const [site, maxLength] of fromTag.sites) written.sites.set(site, maxLength);
  if (fromTag.allowed || read.tags.has("allowSlowPattern")) written.allowed = true;
}

function checkFamilies(ctx: ReaderContext, model: TypeModel, read: ReadAnnotations): void {
  const families = familiesOf(ctx, model);
  if (!families) return;
  for (const [keyword, tag] of read.tags) {
    const family = keyword === "format" && OF_NUMBERS.has(String(read.annotations.format)) ? "number" : KEYWORD_FAMILY[keyword];
    if (family && !families.has(family)) {
      ctx.diagnostics.report(tag, DiagnosticCode.InvalidConstraint, `@${keyword} constrains ${FAMILY_NAMES[family]}, but this is ${describe(model)}; remove it or move it to the value it should constrain.`, "warning");
    }
  }
}

/** A `Date` comes as a date-time string, which the runtime makes a `Date`: under another format the tool would get the string. */
function checkDateFormat(ctx: ReaderContext, model: TypeModel, read: ReadAnnotations): void {
  const tag = read.tags.get("format");
  const { format } = read.annotations;
  const isDate = model.kind === "date" || (model.kind === "union" && model.members.some((m) => m.kind === "date"));
  if (!tag || format === undefined || format === "date-time" || !isDate) return;
  ctx.diagnostics.report(tag, DiagnosticCode.InvalidConstraint, `@format ${format} on a Date: the runtime makes a Date of a date-time string only, so the tool would get the string; declare it a string with @format ${format}, or remove the tag.`);
}

/**
 * `@integer` on a type: its numbers whole, and its number literals (`1 | 2.5`, a numeric
 * enum's members) the whole ones; one that leaves no value at all is reported.
 */
function toInteger(ctx: ReaderContext, model: TypeModel, read: ReadAnnotations): TypeModel {
  const fraction = (m: TypeModel) => m.kind === "literal" && typeof m.value === "number" && !Number.isInteger(m.value);
  if (model.kind === "number") return { ...model, integer: true };
  const members = model.kind === "union" ? model.members : [model];
  const kept = members.filter((m) => !fraction(m)).map((m) => (m.kind === "number" ? { ...m, integer: true } : m));
  if (kept.length === 0) {
    const values = members.map((m) => (m.kind === "literal" ? String(m.value) : "")).join(" | ");
    ctx.diagnostics.report(read.tags.get("integer")!, DiagnosticCode.InvalidConstraint, `@integer leaves no valid value: the type allows ${values} only; remove it or change the type.`);
    return model;
  }
  return model.kind === "union" ? { ...model, members: kept } : model;
}

function checkBounds(ctx: ReaderContext, merged: Annotations | undefined, read: ReadAnnotations, integer: boolean): void {
  if (!merged) return;
  const annotations = merged as Record<string, unknown>;
  for (const [low, high] of BOUNDS) {
    const a = annotations[low];
    const b = annotations[high];
    if (typeof a !== "number" || typeof b !== "number") continue;
    const exclusive = low.startsWith("exclusive") || high.startsWith("exclusive");
    if (a > b || (exclusive && a === b)) {
      const at = read.tags.get(high) ?? read.tags.get(low);
      if (at) ctx.diagnostics.report(at, DiagnosticCode.InvalidConstraint, `@${low} ${a} and @${high} ${b} leave no valid value.`);
      return;
    }
  }
  checkSteps(ctx, annotations, read, integer);
}

/**
 * Bounds that leave room, but no whole number or multiple in it: `@integer @minimum 0.2
 * @maximum 0.8`, or `@multipleOf 5 @minimum 1 @maximum 4`.
 */
function checkSteps(ctx: ReaderContext, annotations: Record<string, unknown>, read: ReadAnnotations, integer: boolean): void {
  const step = typeof annotations.multipleOf === "number" ? annotations.multipleOf : undefined;
  const at = read.tags.get("multipleOf") ?? read.tags.get("integer");
  if ((!integer && step === undefined) || !at || !read.tags.has(step !== undefined ? "multipleOf" : "integer")) return;
  const bound = (inclusive: string, exclusive: string, pick: (a: number, b: number) => number) => {
    const values = [annotations[inclusive], annotations[exclusive]].filter((v): v is number => typeof v === "number");
    // Two arguments to `pick`: `reduce` would pass the index and the array too (`Math.max` of them is NaN).
    return values.length ? values.reduce((a, b) => pick(a, b)) : undefined;
  };
  const low = bound("minimum", "exclusiveMinimum", Math.max);
  const high = bound("maximum", "exclusiveMaximum", Math.min);
  if (low === undefined || high === undefined) return;
  const fits = (v: number) => (v > low || (v === low && annotations.exclusiveMinimum !== low)) && (v < high || (v === high && annotations.exclusiveMaximum !== high));
  const unit = step ?? 1;
  // The multiples of the step from the lower bound up (a thousand at most: beyond, a value is taken to exist).
  for (let k = Math.ceil(low / unit), n = 0; k * unit <= high && n < 1000; k++, n++) {
    const v = k * unit;
    if (fits(v) && (!integer || Number.isInteger(v) || isMultipleOf(v, 1))) return;
  }
  if (Math.ceil(low / unit) + 1000 <= Math.floor(high / unit)) return;
  const what = [integer ? "@integer" : "", step !== undefined ? `@multipleOf ${step}` : ""].filter(Boolean).join(" and ");
  const excluded = (value: number, keyword: string) => `${value}${annotations[keyword] === value ? " (excluded)" : ""}`;
  ctx.diagnostics.report(at, DiagnosticCode.InvalidConstraint, `${what} leave${integer && step !== undefined ? "" : "s"} no valid value from ${excluded(low, "exclusiveMinimum")} to ${excluded(high, "exclusiveMaximum")}.`);
}

/** The value families a model admits, or undefined when it cannot be known here (refs, any). */
function familiesOf(ctx: ReaderContext, model: TypeModel): Set<Family> | undefined {
  switch (model.kind) {
    case "number":
      return new Set(["number"]);
    case "string":
    case "template":
    case "date":
      return new Set(["string"]);
    case "literal":
      return new Set([typeof model.value === "number" ? "number" : typeof model.value === "string" ? "string" : ("boolean" as Family)]);
    case "array":
    case "tuple":
      return new Set(["array"]);
    case "union": {
      const all = new Set<Family>();
      for (const m of model.members) {
        const f = familiesOf(ctx, m);
        if (!f) return undefined;
        for (const x of f) all.add(x);
      }
      return all;
    }
    case "ref": {
      const definition = ctx.definitions.find((d) => d.name === model.name);
      return definition ? familiesOf(ctx, definition.type) : undefined;
    }
    case "any":
      return undefined;
    default:
      return new Set();
  }
}

function describe(model: TypeModel): string {
  switch (model.kind) {
    case "object":
    case "array":
      return `an ${model.kind}`;
    case "any":
      return "any value";
    case "boolean":
      return "a boolean";
    case "null":
      return "null";
    case "literal":
      return `the constant ${JSON.stringify(model.value)}`;
    case "union":
      return "a union without such values";
    default:
      return `a ${model.kind}`;
  }
}
