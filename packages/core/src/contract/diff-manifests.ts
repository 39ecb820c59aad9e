import type { ManifestEntry } from "@toolgen/runtime";
import { type ChangeSeverity, type ContractChange, type ContractDiff, severityOf } from "./change.js";
import { compareSchemas } from "./compare-schemas.js";
import { argumentNames } from "../manifest/argument-names.js";
import { shapeOf, templateVariables } from "../manifest/check-uris.js";

/**
 * The contract change between two versions of a package's entries: entries matched by name
 * (their order, source file and line are no part of the contract), then compared field by
 * field and schema by schema. Changes come sorted by entry, then path, then code.
 */
export function diffManifests(oldEntries: readonly ManifestEntry[], newEntries: readonly ManifestEntry[]): ContractDiff {
  const changes: ContractChange[] = [];
  const byName = (entries: readonly ManifestEntry[]) => new Map(entries.map((e) => [e.name, e]));
  const [before, after] = [byName(oldEntries), byName(newEntries)];
  for (const [name, old] of before) {
    const now = after.get(name);
    if (!now) changes.push(change(old, "breaking", "entry-removed", "", `the ${old.kind} '${name}' was removed`));
    else changes.push(...withoutEchoes(diffEntry(old, now)));
  }
  for (const [name, now] of after) if (!before.has(name)) changes.push(change(now, "compatible", "entry-added", "", `the ${now.kind} '${name}' was added`));
  changes.sort((a, b) => compare(a.entry, b.entry) || compare(a.path, b.path) || compare(a.code, b.code) || compare(a.message, b.message));
  return { bump: bumpOf(changes), changes };
}

function diffEntry(old: ManifestEntry, now: ManifestEntry): ContractChange[] {
  const out: ContractChange[] = [];
  const add = (severity: ChangeSeverity, code: string, message: string, path = "") => out.push(change(now, severity, code, path, message));
  if (old.kind !== now.kind) {
    add("breaking", "entry-kind-changed", `'${now.name}' was a ${old.kind} and is a ${now.kind} now`);
    return out;
  }
  for (const key of ["description", "title", "returns"] as const) if (old[key] !== now[key]) add("cosmetic", `${key}-changed`, `the ${key === "returns" ? "@returns text" : key} changed`);
  if (String(old.deprecated ?? "") !== String(now.deprecated ?? "")) add("cosmetic", "deprecation-changed", now.deprecated ? "it is deprecated now" : "it is no longer deprecated");
  // A flip that leaves the arguments' names as they were (a request object rewritten as its
  // properties' parameters) is the code's own business: callers send the same arguments.
  if (old.arguments.mode !== now.arguments.mode && argumentNames(old) !== argumentNames(now)) {
    add("breaking", "argument-style-changed", now.arguments.mode === "request"
      ? "its arguments are the request object's properties now, not one property per parameter"
      : "its arguments are one property per parameter now, not the request object's properties (a parameter beside the request object does this)");
  }
  const renamed = renamedTemplates(old.uris ?? [], now.uris ?? []);
  for (const [from, to] of renamed.templates) add("cosmetic", "uri-variables-renamed", `the template ${from} is ${to} now: it matches the same URIs`);
  for (const c of compareSchemas(renameProperties(old.inputSchema, renamed.variables), now.inputSchema, "/input")) out.push(change(now, severityOf(c.effect, "input"), c.code, c.path, c.message));
  diffResults(old, now, out);
  const unchanged = (uris: readonly string[] | undefined, side: 0 | 1) => uris?.filter((uri) => !renamed.templates.some((pair) => pair[side] === uri));
  diffSet(out, now, unchanged(old.uris, 0), unchanged(now.uris, 1), "uri", { removed: "breaking", added: "compatible" }, (uri, added) => `${uri} ${added ? "was added" : "was removed"}`);
  if (old.mimeType !== now.mimeType) add("breaking", "mime-type-changed", `the MIME type ${old.mimeType ?? "(none)"} → ${now.mimeType ?? "(none)"}`);
  diffSet(out, now, old.scopes, now.scopes, "scope", { removed: "compatible", added: "breaking" }, (scope, added) => (added ? `a caller must hold the scope ${scope} now` : `a caller no longer needs the scope ${scope}`));
  // No @supportedFor is every host: the first one added restricts, the last one removed frees.
  diffSet(out, now, old.supportedFor, now.supportedFor, "supported-host", { removed: now.supportedFor?.length ? "breaking" : "compatible", added: old.supportedFor?.length ? "compatible" : "breaking" }, (host, added) => `@supportedFor ${host} ${added ? "was added" : "was removed"}`);
  diffSet(out, now, old.excludedFor, now.excludedFor, "excluded-host", { removed: "compatible", added: "breaking" }, (host, added) => (added ? `hosts ${host} no longer see it` : `hosts ${host} see it now`));
  if (old.role !== now.role) add("compatible", "role-changed", `the prompt's role ${old.role ?? "user"} → ${now.role ?? "user"}`);
  // @external now: MCP clients no longer see it, and a call is `suspended` for the host to run.
  if (Boolean(old.external) !== Boolean(now.external)) add(now.external ? "breaking" : "compatible", "execution-changed", now.external ? "it is @external now: MCP clients no longer see it, and the host executes its calls" : "the runtime executes it now, not the host");
  if (JSON.stringify(old.annotations ?? {}) !== JSON.stringify(now.annotations ?? {})) add("compatible", "annotations-changed", `its hints ${JSON.stringify(old.annotations ?? {})} → ${JSON.stringify(now.annotations ?? {})}`);
  // A tag selects the entry (`serve --tag`, the registry's filters): one removed leaves a server that selects by it.
  diffSet(out, now, old.tags, now.tags, "tag", { removed: "breaking", added: "compatible" }, (tag, added) => (added ? `it is tagged ${tag} now` : `it is no longer tagged ${tag}: what selects ${tag} no longer has it`));
  return out;
}

/**
 * A resource's templates that only renamed their variables (`orders://{id}` → `orders://{orderId}`:
 * one shape, the same URIs), and the names its variables had and have, where every such pair
 * agrees: a reader sends a URI, and the arguments its variables fill are the same.
 */
function renamedTemplates(old: readonly string[], now: readonly string[]): { templates: Array<[string, string]>; variables: Map<string, string> } {
  const templates: Array<[string, string]> = [];
  const variables = new Map<string, string>();
  for (const from of old) {
    if (now.includes(from)) continue;
    const to = now.find((uri) => !old.includes(uri) && shapeOf(uri) === shapeOf(from));
    const [before, after] = [templateVariables(from), to === undefined ? undefined : templateVariables(to)];
    if (!before || !after) continue;
    // A name moved to another place (`{id}/{item}` → `{item}/{id}`) binds every URI the other way round: no rename.
    const moved = after.some((name, i) => name !== before[i] && before.includes(name));
    if (moved || before.some((name, i) => (variables.get(name) ?? after[i]) !== after[i])) return { templates: [], variables: new Map() };
    before.forEach((name, i) => variables.set(name, after[i]!));
    templates.push([from, to!]);
  }
  return { templates, variables };
}

/** An object schema with its properties renamed (`required` too): old arguments under the names they have now. */
function renameProperties(schema: ManifestEntry["inputSchema"], names: ReadonlyMap<string, string>): ManifestEntry["inputSchema"] {
  const { properties, required } = schema as { properties?: Record<string, unknown>; required?: string[] };
  if (names.size === 0 || !properties) return schema;
  const as = (name: string) => names.get(name) ?? name;
  return { ...(schema as object), properties: Object.fromEntries(Object.entries(properties).map(([name, sub]) => [as(name), sub])), ...(required ? { required: required.map(as) } : {}) } as ManifestEntry["inputSchema"];
}

/** Results: an output schema compared with the roles reversed (consumers read what a tool returns). */
function diffResults(old: ManifestEntry, now: ManifestEntry, out: ContractChange[]): void {
  const add = (severity: ChangeSeverity, code: string, message: string): void => void out.push(change(now, severity, code, "/output", message));
  if (Boolean(old.content) !== Boolean(now.content)) return add("breaking", "result-kind-changed", now.content ? "it returns content blocks now, not a value" : "it returns a value now, not content blocks");
  if (old.outputSchema === undefined && now.outputSchema !== undefined) return add("compatible", "output-schema-added", "its result is described by an output schema now");
  if (old.outputSchema !== undefined && now.outputSchema === undefined) return add("breaking", "output-schema-removed", "its result is no longer described: consumers lose what they relied on");
  if (old.outputSchema === undefined || now.outputSchema === undefined) return;
  for (const c of compareSchemas(old.outputSchema, now.outputSchema, "/output")) out.push(change(now, severityOf(c.effect, "output"), c.code, c.path, c.message));
}

/** A list field compared as a set: what each removal and addition means. */
function diffSet(out: ContractChange[], entry: ManifestEntry, old: readonly string[] = [], now: readonly string[] = [], code: string, severity: { removed: ChangeSeverity; added: ChangeSeverity }, say: (value: string, added: boolean) => string): void {
  for (const value of old) if (!now.includes(value)) out.push(change(entry, severity.removed, `${code}-removed`, "", say(value, false)));
  for (const value of now) if (!old.includes(value)) out.push(change(entry, severity.added, `${code}-added`, "", say(value, true)));
}

/**
 * A property removed is also no longer required, and one added required is also added: of
 * such a pair at one path, only the breaking half is shown when one is (which half depends on
 * arguments or results), so a change is not told twice.
 */
function withoutEchoes(changes: ContractChange[]): ContractChange[] {
  const PAIRS: Record<string, string> = { "property-removed": "required-removed", "required-removed": "property-removed", "property-added": "required-added", "required-added": "property-added" };
  const breaking = new Set(changes.filter((c) => c.severity === "breaking").map((c) => `${c.path} ${c.code}`));
  return changes.filter((c) => c.severity === "breaking" || !(c.code in PAIRS) || !breaking.has(`${c.path} ${PAIRS[c.code]}`));
}

function change(entry: ManifestEntry, severity: ChangeSeverity, code: string, path: string, message: string): ContractChange {
  return { entry: entry.name, kind: entry.kind, severity, code, path, message };
}

/** Semantic versioning's answer: breaking → major, compatible → minor, cosmetic → patch. */
function bumpOf(changes: readonly ContractChange[]): ContractDiff["bump"] {
  if (changes.some((c) => c.severity === "breaking")) return "major";
  if (changes.some((c) => c.severity === "compatible")) return "minor";
  return changes.length > 0 ? "patch" : "none";
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

