import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import { collectConversions } from "./collect-conversions.js";
import type { ReaderContext } from "./reader-context.js";
import type { ObjectModel, PropertyModel, TypeModel } from "./type-model.js";

/**
 * The runtime converts a validated argument by path (a date-time string to a `Date`, an
 * `@alias` name back to the TypeScript name), not by the union member the value matched. So
 * object members that send a property under the same name must agree on its conversions:
 * `{ kind: "at"; at: Date } | { kind: "raw"; at: string }` would turn the raw string into a
 * `Date`, and an `@alias label` in one member would rename another member's own `label`.
 * Such a union is reported rather than handing the tool data of the wrong type.
 */
export function checkUnionConversions(ctx: ReaderContext, members: readonly TypeModel[], site: ts.Node): void {
  const objects = members.filter((m): m is ObjectModel => m.kind === "object");
  if (objects.length < 2) return;
  const first = new Map<string, { property: PropertyModel; meaning: string }>();
  const reported = new Set<string>();
  for (const object of objects) {
    for (const property of object.properties) {
      const meaning = meaningOf(ctx, property);
      const seen = first.get(property.name);
      if (!seen) {
        first.set(property.name, { property, meaning });
        continue;
      }
      if (seen.meaning === meaning || reported.has(property.name)) continue;
      reported.add(property.name);
      ctx.diagnostics.report(
        site,
        DiagnosticCode.AliasCollision,
        `members of this union send '${property.name}' with different meanings (${describe(ctx, seen.property)} in one, ${describe(ctx, property)} in another); toolgen converts arguments by path, not by the member the model sent, so the tool could get the wrong one. Give '${property.name}' one meaning in every member, or another name.`,
      );
    }
  }
}

/** What a property's value becomes in the tool: its TypeScript name and its conversions. */
function meaningOf(ctx: ReaderContext, property: PropertyModel): string {
  return JSON.stringify([property.tsName ?? property.name, collectConversions(property.type, ctx.definitions).conversions]);
}

function describe(ctx: ReaderContext, property: PropertyModel): string {
  if (property.tsName) return `'${property.tsName}' under an @alias`;
  if (property.type.kind === "date") return "a Date";
  return collectConversions(property.type, ctx.definitions).conversions.length > 0 ? "a value with a Date or an @alias inside" : "a value passed as it is sent";
}
