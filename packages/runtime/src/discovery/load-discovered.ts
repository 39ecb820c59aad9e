import { existsSync, statSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ManifestError } from "../manifest/manifest-error.js";
import type { ManifestEntry } from "../manifest/manifest-format.js";
import { optionsProblem, REGISTRY_OPTIONS } from "../registry/check-options.js";
import { createRegistry, type Registry, type RegistryOptions } from "../registry/create-registry.js";
import { type EntryDefinition, type EntryHead, headOf, type ModuleNamespace } from "../registry/entry-definition.js";
import { passesFilters } from "../registry/filter-entries.js";
import { ALL_FORMATS } from "../formats/all-formats.js";
import { formatLookup } from "../validation/format-checks.js";
import { compileSchema } from "../validation/compile-schema.js";
import { jsonEqual } from "../validation/json-equal.js";
import { discoverManifests, isInside, type DiscoveredManifest, type DiscoveryOptions } from "./discover-manifests.js";
import { resolveDuplicates } from "./resolve-duplicates.js";

export interface DiscoverRegistryOptions extends RegistryOptions, DiscoveryOptions {
  /**
   * The explicit answer to a name several packages provide: `{ "<entry name>": "<package
   * name>" }` keeps that package's entry and drops the others (`"<package name>@<version>"`
   * where several versions of it are installed). Without it, a duplicate is an error naming
   * both origins.
   */
  overrides?: Record<string, string>;
  /**
   * Also import the implementation modules while loading and check the export (and toolset
   * method) exists, so a stale build fails before any call: of every entry (`true`), or of
   * the entries a predicate picks by their heads (the one a command calls: the heads leave
   * every other entry unparsed). Off by default, which keeps implementation imports lazy;
   * module files are always checked to exist.
   */
  checkExports?: boolean | ((head: EntryHead) => boolean);
}

/** `discoverRegistry`, once this module is loaded. */
export async function discoverRegistryNow(root: string, options: DiscoverRegistryOptions = {}): Promise<Registry> {
  const problem = optionsProblem(options, [...REGISTRY_OPTIONS, ...DISCOVERY_OPTIONS], "discoverRegistry's options") ?? overridesProblem(options?.overrides);
  if (problem !== undefined) throw new TypeError(`toolgen: ${problem}.`);
  const { kept, leftOut } = await loadSorted(discoverManifests(root, options), options);
  const registryOptions = Object.fromEntries(Object.entries(options).filter(([key]) => REGISTRY_OPTIONS.includes(key))) as RegistryOptions;
  // The entries the filters leave out go in too: the registry's filters leave them out again,
  // and a call of one is told why (`@supportedFor ide only`), not that no such tool exists.
  return createRegistry([...kept, ...leftOut], { ...registryOptions, formats: options.formats ?? ALL_FORMATS, workingDirectory: options.workingDirectory ?? process.cwd() });
}

/** `overrides` of another shape: a string was read a character at a time, as names `0`, `1`, …. */
function overridesProblem(overrides: unknown): string | undefined {
  if (overrides === undefined) return undefined;
  const ok = typeof overrides === "object" && overrides !== null && !Array.isArray(overrides) && Object.values(overrides).every((chosen) => typeof chosen === "string");
  return ok ? undefined : `discoverRegistry's options: 'overrides' must be an object of package names by entry name ({ "slugify": "@acme/text" }); got ${JSON.stringify(overrides)}`;
}

/** What discovery takes beside the registry's own options. */
const DISCOVERY_OPTIONS = ["rootManifest", "dependenciesOnly", "displayFrom", "overrides", "checkExports"];

/** Discovery runs on Node.js, where the size of a bundle does not matter: every format is checked. */
const EVERY_FORMAT = formatLookup(ALL_FORMATS);

/**
 * Entry definitions for discovered manifests, in discovery order, from each package's
 * compiled registry module; a manifest without one (format 1, or hand-written) gets
 * validators compiled from its schemas here and imports implementations from
 * `implementation.module`. Duplicate names across packages
 * (among entries the filters let through) are resolved by `overrides` or are an error.
 */
export async function loadDiscovered(discovered: readonly DiscoveredManifest[], options: DiscoverRegistryOptions = {}): Promise<EntryDefinition[]> {
  return (await loadSorted(discovered, options)).kept;
}

/** The definitions the filters keep (duplicates resolved), and those they leave out. */
async function loadSorted(discovered: readonly DiscoveredManifest[], options: DiscoverRegistryOptions): Promise<{ kept: EntryDefinition[]; leftOut: EntryDefinition[] }> {
  const all: Array<{ definition: EntryDefinition; from: DiscoveredManifest }> = [];
  const leftOut: EntryDefinition[] = [];
  // Every package that provides each name, filtered out or not: what an override is checked against.
  const providers = new Map<string, DiscoveredManifest[]>();
  for (const item of discovered) {
    for (const definition of await definitionsOf(item, options.checkExports ?? false)) {
      const head = headOf(definition);
      providers.set(head.name, [...(providers.get(head.name) ?? []), item]);
      if (passesFilters(head, options)) all.push({ definition, from: item });
      else leftOut.push(definition);
    }
  }
  return { kept: resolveDuplicates(all, options.overrides ?? {}, providers), leftOut };
}

async function definitionsOf(item: DiscoveredManifest, checkExports: boolean | ((head: EntryHead) => boolean)): Promise<EntryDefinition[]> {
  const { manifest } = item;
  const origin = `${item.packageName} (${item.displayPath})`;
  const field: Field = (i, name) =>
    item.formatVersion === 1 ? `$.tools[${i}].${name}` : name === "module" || name === "export" ? `$.entries[${i}].implementation.${name}` : `$.entries[${i}].${name}`;
  const fail: Fail = (at, expected, received, headline) => new ManifestError(item.displayPath, [{ path: at, expected, received }], headline);

  const module = manifest.registryModule === undefined ? undefined : await importRegistryModule(item, fail);
  const definitions = module && servesItself(item, module) ? module.definitions.map((built) => served(built, origin)) : checkedAgainstManifest(item, module, fail, field);
  if (checkExports) {
    for (const [i, definition] of definitions.entries()) {
      if (checkExports !== true && !checkExports(definition.head ?? definition.entry)) continue;
      // A split registry module's loader is in a chunk: import it now.
      try {
        await definition.ready?.();
      } catch (error) {
        if (error instanceof ManifestError) throw error;
        throw fail("$.registryModule", "a module whose chunks load", `${JSON.stringify(manifest.registryModule)}, whose chunk throws: ${loadFailure(error)}`);
      }
      if (!definition.load) continue;
      let namespace: ModuleNamespace;
      try {
        namespace = await definition.load();
      } catch (error) {
        throw fail(field(i, "module"), "a module that loads", `${JSON.stringify(definition.entry.implementation.module)}, which throws: ${loadFailure(error)}`);
      }
      const problem = findMissingExport(definition.entry, namespace);
      if (problem) throw fail(field(i, "export"), "an export of the implementation module", problem);
    }
  }
  return definitions;
}

/**
 * Definitions from the manifest's entries: with the registry module's (matched by name; one
 * the module lacks is a stale build), or built here when there is no module.
 */
function checkedAgainstManifest(item: DiscoveredManifest, module: RegistryModule | undefined, fail: Fail, field: Field): EntryDefinition[] {
  const { manifest } = item;
  const origin = `${item.packageName} (${item.displayPath})`;
  // Ten entries to a module is usual: each module file is looked for, and placed (`isInside` resolves links), once.
  const fileExists = oncePerFile(existsSync);
  const insidePackage = oncePerFile((file) => isInside(item.packageRoot, file));
  return manifest.entries.map((entry, i): EntryDefinition => {
    const implementationFile = path.resolve(item.packageRoot, entry.implementation.module);
    if (!entry.external && !item.isApplication && !insidePackage(implementationFile)) throw fail(field(i, "module"), "a module of the package", `${JSON.stringify(entry.implementation.module)}, which is outside it`);
    if (!entry.external && !fileExists(implementationFile)) {
      throw fail(field(i, "module"), "a compiled JavaScript module of the package (compile it after 'toolgen build')", `${JSON.stringify(entry.implementation.module)}, which does not exist`, UNCOMPILED);
    }
    if (module) {
      const built = module.byName.get(entry.name);
      if (!built) throw fail(field(i, "name"), `an entry the registry module ${manifest.registryModule} defines (rebuild and recompile the package)`, JSON.stringify(entry.name), UNCOMPILED);
      // Its validator checks the module's schema: one the manifest no longer has would hold
      // callers to another contract than the one listed. A split module's entries wait in
      // chunks: each is compared when its chunk loads, on its first call.
      const stale = () => (jsonEqual(built.entry.inputSchema, entry.inputSchema) ? undefined : fail(field(i, "inputSchema"), `the input schema of the registry module ${manifest.registryModule}, which was compiled before the last 'toolgen build' (compile the package again)`, "another schema", UNCOMPILED));
      if (!built.ready) {
        const error = stale();
        if (error) throw error;
      }
      return served(built, origin, entry, stale);
    }
    let validate;
    try {
      validate = compileSchema(entry.inputSchema, EVERY_FORMAT);
    } catch (error) {
      throw fail(field(i, "inputSchema"), "a schema the runtime can check without a registry module", (error as Error).message);
    }
    const definition: EntryDefinition = { entry, validate, origin };
    if (!entry.external) definition.load = () => import(pathToFileURL(implementationFile).href) as Promise<ModuleNamespace>;
    return definition;
  });
}

type Fail = (at: string, expected: string, received: string, headline?: string) => ManifestError;

/** The headline of a manifest that is fine but was built after the package was last compiled. */
const UNCOMPILED = "not compiled since its last 'toolgen build'";

type Field = (i: number, name: "module" | "export" | "inputSchema" | "name") => string;

/** `check`, asked once per file. */
function oncePerFile(check: (file: string) => boolean): (file: string) => boolean {
  const known = new Map<string, boolean>();
  return (file) => known.get(file) ?? (known.set(file, check(file)), known.get(file)!);
}

/** A package's compiled registry module: its file and its definitions, in order and by name. */
interface RegistryModule {
  file: string;
  definitions: EntryDefinition[];
  byName: Map<string, EntryDefinition>;
}

async function importRegistryModule(item: DiscoveredManifest, fail: Fail): Promise<RegistryModule> {
  const relative = item.manifest.registryModule!;
  const file = path.resolve(item.packageRoot, relative);
  if (!item.isApplication && !isInside(item.packageRoot, file)) throw fail("$.registryModule", "a module of the package", `${JSON.stringify(relative)}, which is outside it`);
  if (!existsSync(file)) throw fail("$.registryModule", "the compiled registry module (compile the package after 'toolgen build')", `${JSON.stringify(relative)}, which does not exist`, UNCOMPILED);
  let module: { definitions?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as { definitions?: unknown };
  } catch (error) {
    throw fail("$.registryModule", "a module that loads", `${JSON.stringify(relative)}, which throws: ${loadFailure(error)}`);
  }
  if (!Array.isArray(module.definitions)) throw fail("$.registryModule", "a module exporting 'definitions' (generated by 'toolgen build')", `${JSON.stringify(relative)}, which does not`);
  const definitions = module.definitions as EntryDefinition[];
  return { file, definitions, byName: new Map(definitions.map((d) => [headOf(d).name, d])) };
}

/**
 * Whether the registry module can be served as it is, its own entries and all, without
 * reading the manifest's (megabytes for a large registry): it was compiled after the manifest
 * was last written — so from the registry module written with it —, or it is an installed
 * package's (a published build: npm writes its files in no particular order, so their times
 * tell nothing); and it is not split (a split module's entries wait in chunks; the manifest's
 * are listed instead).
 */
function servesItself(item: DiscoveredManifest, module: RegistryModule): boolean {
  if (module.definitions.some((d) => d.ready)) return false;
  const installed = !item.isApplication && item.packageRoot.split(path.sep).includes("node_modules");
  return installed || statSync(module.file).mtimeMs >= statSync(item.manifestPath).mtimeMs;
}

/**
 * A registry module's definition, with the package as origin — and the manifest's entry, when
 * the module was checked against the manifest. The entry (served as it is), the validator
 * (compiled on the entry's first call) and the loader (of a split module, in a chunk that
 * `ready` imports on the entry's first call) are read through: listing needs none of them.
 */
function served(built: EntryDefinition, origin: string, entry?: ManifestEntry, stale?: () => ManifestError | undefined): EntryDefinition {
  const definition: EntryDefinition = {
    origin,
    get entry() {
      return entry ?? built.entry;
    },
    get validate() {
      return built.validate;
    },
    get load() {
      return built.load;
    },
  };
  if (!entry && built.head) definition.head = built.head;
  if (built.ready) {
    // Once refused, refused at every call: the chunk stays loaded, its validator stale.
    let refused: ManifestError | undefined;
    const ready = async () => {
      if (refused) throw refused;
      await built.ready?.();
      refused = stale?.();
      if (refused) throw refused;
    };
    Object.defineProperty(definition, "ready", { enumerable: true, get: () => (built.ready || refused ? ready : undefined) });
  }
  return definition;
}

/**
 * Why an import failed, with a hint for the one mistake that looks like a missing file: a
 * registry module written with `"importEnding": "minimal"` (imports without an extension, for
 * bundlers) and then compiled by tsc for Node.js, which does not add one.
 */
function loadFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /Cannot find module '([^']+)'/.exec(message)?.[1];
  // A file (a path or file: URL), not a package: `require("lodash")` fails with the same words.
  const isFile = missing !== undefined && (path.isAbsolute(missing) || /^(\.\.?[\\/]|file:)/.test(missing));
  // And only where the compiled file is there with its extension: else the import names another file (cut at a `#`, say).
  if (!isFile || path.extname(missing) !== "" || ![".js", ".mjs", ".cjs"].some((ending) => existsSync(`${missing.startsWith("file:") ? fileURLToPath(missing) : missing}${ending}`))) return message;
  return `${message} (an import without an extension, which Node.js does not complete: the registry module was written with "importEnding": "minimal", which is for bundlers; remove it, run toolgen build and compile again)`;
}

function findMissingExport(entry: ManifestEntry, namespace: ModuleNamespace): string | undefined {
  const { module, export: name, method } = entry.implementation;
  const exported = namespace[name];
  if (typeof exported !== "function") return `${JSON.stringify(name)}, which ${module} does not export as a ${method ? "class" : "function"}`;
  // A toolset's method may also be an arrow-function property (`sub = (a, b) => a - b`), which
  // only an instance has: the class is all that can be checked without constructing one. A
  // method that is gone is reported by the call that needs it.
  return undefined;
}
