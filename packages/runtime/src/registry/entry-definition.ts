import type { ManifestEntry } from "../manifest/manifest-format.js";
import type { Completer } from "./complete-argument.js";
import type { CompiledValidator } from "../validation/index.js";
import { compileSchema } from "../validation/compile-schema.js";
import { formatLookup, type FormatTable } from "../validation/format-checks.js";

/** A module namespace, as `import()` returns it. */
export type ModuleNamespace = Record<string, unknown>;

/** An entry's manifest data as JSON text, whole or as parts to join. */
type EntryJson = string | readonly string[];
/** Imports an entry's implementation module. */
type Loader = () => Promise<ModuleNamespace>;

/**
 * What a registry reads of an entry when it is registered: enough to index and filter it.
 * The rest of the entry (schemas, descriptions) can wait until it is first needed.
 */
export type EntryHead = Pick<ManifestEntry, "kind" | "name" | "uris" | "tags" | "supportedFor" | "excludedFor">;

/**
 * One registered entry: its manifest data plus how to validate and reach it. The generated
 * registry module writes these with entries parsed, and validators compiled, on first use (`lazyEntry`).
 */
export interface EntryDefinition {
  entry: ManifestEntry;
  /** Read at registration instead of `entry`, so a lazily parsed entry stays unparsed. */
  head?: EntryHead;
  /** The validator of `entry.inputSchema`. */
  validate: CompiledValidator;
  /** Loads the implementation's module on first call. */
  load?: () => Promise<ModuleNamespace>;
  /** A direct implementation (programmatic registration). */
  fn?: (...args: unknown[]) => unknown;
  /** Completers by argument (programmatic registration; a built entry names its own in `entry.completions`). */
  completers?: Readonly<Record<string, Completer>>;
  /** Where the entry came from, for messages about duplicates. */
  origin?: string;
  /**
   * Loads what `entry`, `validate` and `load` need; for definitions of a split registry
   * module (`splitEntries`), whose entries live in chunks imported on first use. Present
   * only while there is something to load: a loaded definition has none.
   */
  ready?: () => Promise<void>;
  /**
   * Loads `entry` alone, for definitions whose entry is not there yet: a split registry
   * module's, whose entry list (every entry's JSON, no validators) is one import for all.
   * Present only while `entry` cannot be read; `ready()` gives `entry` too.
   */
  describe?: () => Promise<void>;
}

/** What registration reads of a definition: its head, or its entry when it has none. */
export function headOf(definition: Pick<EntryDefinition, "head" | "entry">): EntryHead {
  return definition.head ?? definition.entry;
}

/**
 * A definition whose manifest entry is kept as JSON text (whole, or in parts some of which
 * other entries share) and parsed on first use, and whose validator is compiled from the
 * entry's input schema on first use (`compileSchema`, with the format checks in `formats`):
 * what the generated registry module writes. Importing the module then parses no entry and
 * compiles no validator — a string literal costs the JavaScript engine, and the application's
 * compiler, far less than the object literal or the code it spells — and nothing is built for
 * entries the application never lists or calls.
 *
 * `formats` may also be a validator of the entry's input schema (what modules generated
 * before validators were compiled at run time pass).
 */
export function lazyEntry(head: EntryHead, json: EntryJson, formats?: FormatTable | CompiledValidator, load?: Loader): EntryDefinition;
/** The same, for an entry whose head is its kind and name alone: what the generated module writes for most entries, two strings being cheaper for a compiler than an object literal. */
export function lazyEntry(kind: EntryHead["kind"], name: string, json: EntryJson, formats?: FormatTable | CompiledValidator, load?: Loader): EntryDefinition;
export function lazyEntry(head: EntryHead | EntryHead["kind"], a: EntryJson, b?: EntryJson | FormatTable | CompiledValidator, c?: FormatTable | CompiledValidator | Loader, d?: Loader): EntryDefinition {
  return typeof head === "string" ? definitionOf({ kind: head, name: a as string }, b as EntryJson, c as FormatTable | CompiledValidator | undefined, d) : definitionOf(head, a, b as FormatTable | CompiledValidator | undefined, c as Loader | undefined);
}

function definitionOf(head: EntryHead, json: EntryJson, formats: FormatTable | CompiledValidator = {}, load?: Loader): EntryDefinition {
  let entry: ManifestEntry | undefined;
  let validate = typeof formats === "function" ? formats : undefined;
  return {
    head,
    get entry() {
      return (entry ??= JSON.parse(typeof json === "string" ? json : json.join("")) as ManifestEntry);
    },
    get validate() {
      return (validate ??= compileSchema(this.entry.inputSchema, formatLookup(formats as FormatTable)));
    },
    ...(load ? { load } : {}),
  };
}
