import type { ManifestEntry } from "../manifest/manifest-format.js";
import type { EntryDefinition } from "./entry-definition.js";

/** Suggestions for an argument's value, from what was typed so far and the arguments given already. */
export type Completer = (typed: string, context: { arguments: Readonly<Record<string, string>> }) => readonly string[] | Promise<readonly string[]>;

/**
 * Values for one argument of an entry (a prompt's argument, a resource template's variable):
 * its completer's — declared with `@complete <argument> <function>`, or given to `register()` —
 * or else the values its type allows (an enum or a literal union, a boolean) that start with
 * what was typed, ignoring case. Undefined when the entry has no such argument.
 */
export async function completeArgument(definition: EntryDefinition, argument: string, typed: string, args: Readonly<Record<string, string>>): Promise<string[] | undefined> {
  const { entry } = definition;
  const property = propertySchema(entry, argument);
  if (!property) return undefined;
  const completer = definition.completers?.[argument] ?? (await declaredCompleter(definition, argument));
  // Returned as the completer gives it: MCP's handler checks it is a list of strings.
  if (completer) return (await completer(typed, { arguments: args })) as string[];
  const lower = typed.toLowerCase();
  return allowedValues(property).filter((value) => value.toLowerCase().startsWith(lower));
}

/** The `@complete` function: an export of the entry's own module. */
async function declaredCompleter(definition: EntryDefinition, argument: string): Promise<Completer | undefined> {
  const name = definition.entry.completions?.[argument];
  if (name === undefined || !definition.load) return undefined;
  const exported = (await definition.load())[name];
  if (typeof exported !== "function") throw new TypeError(`the completer '${name}' of '${definition.entry.name}' is not a function exported by its module; rebuild with toolgen build.`);
  return exported as Completer;
}

type Schema = { enum?: unknown[]; const?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; type?: unknown };

function propertySchema(entry: ManifestEntry, name: string): Schema | undefined {
  const properties = (entry.inputSchema as { properties?: Record<string, Schema> }).properties;
  return properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
}

/** The values a schema allows, as the strings a prompt argument is typed in; none when they are not few. */
function allowedValues(schema: Schema): string[] {
  if (Array.isArray(schema.enum)) return schema.enum.map(asText);
  if ("const" in schema) return [asText(schema.const)];
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return [...new Set(members.flatMap(allowedValues))];
  if (schema.type === "boolean") return ["true", "false"];
  // `Date | null`: null is one value of the few a prompt argument may be typed as.
  return schema.type === "null" ? ["null"] : [];
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
