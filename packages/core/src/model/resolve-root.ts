import type { Definition, ObjectModel, TypeModel } from "./type-model.js";

/**
 * A schema root must be an object schema (providers and MCP require `type: "object"`). A
 * recursive root type comes back from the readers as a `$ref`; the root is then its
 * definition, which stays under `$defs` for the references inside it.
 */
/** A recursive type at the root (a result that is a recursive array, say): its definition, inlined there. */
export function resolveRootReference(model: TypeModel, definitions: readonly Definition[]): TypeModel {
  if (model.kind !== "ref") return model;
  const definition = definitions.find((d) => d.name === model.name);
  if (!definition) return model;
  return model.annotations ? ({ ...definition.type, annotations: { ...definition.type.annotations, ...model.annotations } } as TypeModel) : definition.type;
}

export function resolveRootObject(model: TypeModel, definitions: readonly Definition[]): ObjectModel | undefined {
  if (model.kind === "object") return model;
  if (model.kind !== "ref") return undefined;
  const definition = definitions.find((d) => d.name === model.name);
  if (definition?.type.kind !== "object") return undefined;
  return model.annotations ? { ...definition.type, annotations: { ...definition.type.annotations, ...model.annotations } } : definition.type;
}
