import type { TypeModel } from "./type-model.js";

/**
 * Where a result may hold `undefined` that `JSON.stringify` writes as `null` (the result
 * itself, an array's element, a tuple's element), its schema admits `null`: a property that
 * is `undefined` is left out instead, and needs nothing.
 */
export function absentAsNull(model: TypeModel): TypeModel {
  return admitsNull(model) ? model : { kind: "union", members: [...(model.kind === "union" && !model.annotations ? model.members : [model]), { kind: "null" }] };
}

function admitsNull(model: TypeModel): boolean {
  return model.kind === "null" || model.kind === "any" || (model.kind === "union" && model.members.some((m) => m.kind === "null"));
}
