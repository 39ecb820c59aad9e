import type { Conversion } from "@toolgen/runtime";
import type { Definition, TypeModel } from "./type-model.js";

/**
 * Where the runtime must convert a validated argument before the tool sees it: date-time
 * strings back to `Date`, and `@alias` names back to TypeScript names. Paths are JSON
 * Pointers relative to the arguments object; `*` is any array index or record key.
 * Recursive types are followed once per definition, so their conversions apply at the
 * first level of recursion only (documented limitation).
 */
export function collectConversions(model: TypeModel, definitions: readonly Definition[]): Conversion[] {
  const out: Conversion[] = [];
  walk(model, "", out, definitions, new Set());
  // Members of a union may ask for the same conversion at the same place.
  const seen = new Set<string>();
  return out.filter((c) => {
    const key = JSON.stringify(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function walk(model: TypeModel, at: string, out: Conversion[], definitions: readonly Definition[], seen: Set<string>): void {
  switch (model.kind) {
    case "date":
      out.push({ op: "date", at });
      return;
    case "array":
      walk(model.items, `${at}/*`, out, definitions, seen);
      return;
    case "tuple":
      model.elements.forEach((e, i) => walk(e.type, `${at}/${i}`, out, definitions, seen));
      if (model.rest) walk(model.rest, `${at}/*`, out, definitions, seen);
      return;
    case "union":
      for (const m of model.members) walk(m, at, out, definitions, seen);
      return;
    case "ref": {
      if (seen.has(model.name)) return;
      const definition = definitions.find((d) => d.name === model.name);
      if (definition) walk(definition.type, at, out, definitions, new Set([...seen, model.name]));
      return;
    }
    case "object":
      for (const p of model.properties) {
        if (p.tsName) out.push({ op: "rename", at, from: p.name, to: p.tsName });
        walk(p.type, `${at}/${escapePointer(p.name)}`, out, definitions, seen);
      }
      if (model.additional) walk(model.additional, `${at}/*`, out, definitions, seen);
      for (const p of model.patterns ?? []) walk(p.type, `${at}/*`, out, definitions, seen);
      return;
    default:
      return;
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
