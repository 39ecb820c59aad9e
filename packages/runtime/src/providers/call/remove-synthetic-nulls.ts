import type { JsonSchema } from "../../manifest/manifest-format.js";
import { walkArguments } from "./walk-arguments.js";

/**
 * Undoes OpenAI strict mode's emulation of optional properties: a `null` sent for a property
 * our schema makes optional and does not allow to be `null` means "absent", so it is
 * removed before validation. A property whose own type admits `null` keeps it (there the
 * `null` is a real value).
 */
export function removeSyntheticNulls(schema: JsonSchema, value: unknown): unknown {
  return walkArguments(schema, value, { dropSyntheticNulls: true });
}
