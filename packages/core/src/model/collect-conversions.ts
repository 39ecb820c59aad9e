import type { Conversion } from "@toolgen/runtime";
import type { Definition, ObjectModel, TypeModel } from "./type-model.js";

/** An entry's conversions, and those of the recursive types they reach (`conversionDefs`). */
export interface Conversions {
  conversions: Conversion[];
  defs: Record<string, Conversion[]>;
}

/**
 * Where the runtime must convert a validated argument before the tool sees it: date-time
 * strings back to `Date`, and `@alias` names back to TypeScript names. Paths are JSON
 * Pointers relative to the arguments object; `*` is any array index or record key. A value
 * of a recursive type (a `$defs` reference) gets a `ref` to that type's own conversions,
 * relative to the value, so they apply at every depth of the recursion.
 */
export function collectConversions(model: TypeModel, definitions: readonly Definition[]): Conversions {
  const defs: Record<string, Conversion[]> = {};
  const needs = createNeedsConversion(model, definitions);
  const collect = (root: TypeModel): Conversion[] => {
    const out: Conversion[] = [];
    walk(root, "", out, (name) => {
      if (Object.hasOwn(defs, name)) return;
      const definition = definitions.find((d) => d.name === name);
      defs[name] = []; // taken before it is walked: the type refers to itself
      if (definition) defs[name] = collect(definition.type);
    }, needs);
    // Members of a union may ask for the same conversion at the same place.
    const seen = new Set<string>();
    return out.filter((c) => {
      const key = JSON.stringify(c);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return { conversions: collect(model), defs };
}

/**
 * The conversions with each recursive type's own inlined once, at its first level (the paths a
 * TypeScript type of the arguments can name): what the registry module's `AliasedArguments`
 * and the lint rules read.
 */
export function firstLevelConversions(entry: { conversions?: readonly Conversion[]; conversionDefs?: Readonly<Record<string, readonly Conversion[]>> }): Conversion[] {
  const out: Conversion[] = [];
  const inline = (list: readonly Conversion[], prefix: string, prefixMatch: readonly (string | null)[], open: ReadonlySet<string>) => {
    for (const { match: own, ...c } of list) {
      const match = [...prefixMatch, ...(own ?? c.at.split("/").filter((segment) => segment === "*").map(() => null))];
      if (c.op !== "ref") out.push(match.some((m) => m !== null) ? { ...c, at: prefix + c.at, match } : { ...c, at: prefix + c.at });
      else if (!open.has(c.def)) inline(entry.conversionDefs?.[c.def] ?? [], prefix + c.at, match, new Set([...open, c.def]));
    }
  };
  inline(entry.conversions ?? [], "", [], new Set());
  return out;
}

/**
 * Whether anything below a model needs a conversion. Models are shared (a type used in many
 * places is one node) and may be cyclic, so the tree seen from the root can be exponentially
 * larger than the model: the nodes are listed once, then "needs a conversion" flows from the
 * dates and renamed properties back to everything that reaches them. Linear in the model.
 */
function createNeedsConversion(root: TypeModel, definitions: readonly Definition[]): (model: TypeModel) => boolean {
  const byName = new Map(definitions.map((d) => [d.name, d.type]));
  const parents = new Map<TypeModel, TypeModel[]>();
  const marked = new Set<TypeModel>();
  const pending: TypeModel[] = [];
  const visited = new Set<TypeModel>([root]);
  const stack = [root];
  let model = root;
  const reach = (child: TypeModel) => {
    const list = parents.get(child);
    if (list) list.push(model);
    else parents.set(child, [model]);
    if (!visited.has(child)) {
      visited.add(child);
      stack.push(child);
    }
  };
  while (stack.length > 0) {
    model = stack.pop()!;
    if (model.kind === "date" || (model.kind === "object" && model.properties.some((p) => p.tsName))) {
      marked.add(model);
      pending.push(model);
    }
    forEachChild(model, byName, reach);
  }
  while (pending.length > 0) {
    for (const parent of parents.get(pending.pop()!) ?? []) {
      if (marked.has(parent)) continue;
      marked.add(parent);
      pending.push(parent);
    }
  }
  return (model) => marked.has(model);
}

/** Calls `visit` with each model directly below `model` (a reference's target for a `ref`), building no list. */
function forEachChild(model: TypeModel, byName: ReadonlyMap<string, TypeModel>, visit: (child: TypeModel) => void): void {
  switch (model.kind) {
    case "array":
      return visit(model.items);
    case "tuple":
      for (const element of model.elements) visit(element.type);
      if (model.rest) visit(model.rest);
      return;
    case "union":
      for (const member of model.members) visit(member);
      return;
    case "ref": {
      const target = byName.get(model.name);
      if (target) visit(target);
      return;
    }
    case "object":
      for (const property of model.properties) visit(property.type);
      if (model.additional) visit(model.additional);
      for (const pattern of model.patterns ?? []) visit(pattern.type);
      return;
    default:
      return;
  }
}

/**
 * Appends the conversions below `model`, at `at`. `match` holds, for each `*` of `at`, the
 * keys it stands for (`Conversion.match`): an array's items are any; a tuple's rest items those
 * after its elements; a template-literal index signature's keys those of its pattern; a plain
 * index signature's those no property names and no pattern matches.
 */
function walk(model: TypeModel, at: string, out: Conversion[], reachDef: (name: string) => void, needs: (model: TypeModel) => boolean, match: readonly (string | null)[] = []): void {
  if (!needs(model)) return;
  const add = (conversion: Conversion) => out.push(match.some((m) => m !== null) ? { ...conversion, match: [...match] } : conversion);
  switch (model.kind) {
    case "date":
      add({ op: "date", at });
      return;
    case "array":
      walk(model.items, `${at}/*`, out, reachDef, needs, [...match, null]);
      return;
    case "tuple":
      model.elements.forEach((e, i) => walk(e.type, `${at}/${i}`, out, reachDef, needs, match));
      if (model.rest) walk(model.rest, `${at}/*`, out, reachDef, needs, [...match, model.elements.length ? `^(?!(?:${model.elements.map((_, i) => i).join("|")})$)` : null]);
      return;
    case "union":
      for (const m of model.members) walk(m, at, out, reachDef, needs, match);
      return;
    case "ref":
      add({ op: "ref", at, def: model.name });
      reachDef(model.name);
      return;
    case "object":
      for (const p of model.properties) {
        if (p.tsName) add({ op: "rename", at, from: p.name, to: p.tsName });
        // A property named `*` is a wildcard segment in a path: its match holds it to that one key.
        walk(p.type, `${at}/${escapePointer(p.name)}`, out, reachDef, needs, p.name === "*" ? [...match, "^\\*$"] : match);
      }
      if (model.additional) walk(model.additional, `${at}/*`, out, reachDef, needs, [...match, otherKeys(model)]);
      for (const p of model.patterns ?? []) walk(p.type, `${at}/*`, out, reachDef, needs, [...match, patternKeys(model, p, needs)]);
      return;
    default:
      return;
  }
}

/** The keys of an object's index signature: those no property names and no pattern matches (any, when it has neither). */
function otherKeys(model: ObjectModel): string | null {
  const patterns = (model.patterns ?? []).map((p) => `(?![\\s\\S]*?(?:${p.pattern}))`);
  if (model.properties.length === 0 && patterns.length === 0) return null;
  return `^${notNamed(model)}${patterns.join("")}`;
}

/**
 * The keys of a template-literal index signature: those its pattern matches, but no property
 * names (each has its own conversions), and none another signature's pattern matches whose
 * values need no conversion (TypeScript types such a key by both: `` `at-x${string}` `` beside
 * `` `at-${string}` `` keeps `at-xy` a string).
 */
function patternKeys(model: ObjectModel, signature: { pattern: string }, needs: (model: TypeModel) => boolean): string {
  const plain = (model.patterns ?? []).filter((other) => other !== signature && !needs(other.type)).map((other) => `(?![\\s\\S]*?(?:${other.pattern}))`);
  return model.properties.length || plain.length ? `^${notNamed(model)}${plain.join("")}(?=[\\s\\S]*?(?:${signature.pattern}))` : signature.pattern;
}

/** A lookahead refusing the object's property names. */
function notNamed(model: ObjectModel): string {
  return model.properties.length ? `(?!(?:${model.properties.map((p) => p.name.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")).join("|")})$)` : "";
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
