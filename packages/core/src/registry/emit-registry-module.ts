import { type DefinitionParts, HEADER, type ImportEnding, NO_CHECK, type InputTypes, REGISTRY_DOC, type RegistryModuleEntry, registryDeclarations, renderDefinitions, renderInputTypes } from "./module-parts.js";
import { renderSplitRegistryModule } from "./split-registry-module.js";

export type { RegistryModuleEntry } from "./module-parts.js";

export interface RegistryModuleOptions {
  /** Absolute path the module will be written to (imports are relative to it). */
  modulePath: string;
  /** Import implementations on first call (default) or statically at start-up. */
  lazy?: boolean;
  /** Write entry heads only, each source file's entries in a chunk module (see `renderSplitRegistryModule`). */
  split?: boolean;
  /** How relative imports are spelled (default `js`: `./tools.js`). */
  importEnding?: ImportEnding;
}

/**
 * The registry module as TypeScript, and as the JavaScript and declarations a compiler would
 * write for it. Only the transformer reads the last two, and only for some compiler options:
 * each is rendered the first time it is read (then kept), so `toolgen build` never builds them.
 */
export interface RegistryModuleText {
  readonly typescript: string;
  /** An ES module (ES2015 syntax and later), for when the module's output is written directly. */
  readonly javascript: string;
  readonly declarations: string;
  /** The chunk modules of a split registry module (none otherwise), in the order the module lists them. */
  readonly chunks: readonly RegistryChunkText[];
}

/** One chunk module of a split registry module, in the same three flavors. */
export interface RegistryChunkText {
  /** Absolute path the chunk is written to. */
  readonly path: string;
  readonly typescript: string;
  readonly javascript: string;
  readonly declarations: string;
}

/**
 * The generated registry module (TypeScript): see `renderRegistryModule`.
 */
export function emitRegistryModule(entries: readonly RegistryModuleEntry[], options: RegistryModuleOptions): string {
  return renderRegistryModule(entries, options).typescript;
}

/**
 * The generated registry module: entries as data (validators are compiled from their schemas
 * on first use), implementations imported lazily,
 * and a typed input map so `registry.call("name", args)` type-checks. Each entry is written
 * as its head and its manifest data as a JSON string parsed on first use (`renderDefinitions`).
 * The TypeScript is ordinary TypeScript any compiler accepts; the JavaScript and declarations
 * are what the transformer writes when it can skip compiling that TypeScript. With `split`,
 * the module holds only the heads and the rest goes to chunk modules.
 */
export function renderRegistryModule(entries: readonly RegistryModuleEntry[], options: RegistryModuleOptions): RegistryModuleText {
  if (options.split) return renderSplitRegistryModule(entries, options);
  const lazy = options.lazy ?? true;
  const ending = options.importEnding ?? "js";
  const sections: ModuleSections = { lazy, ...renderInputTypes(entries, options.modulePath, ending), ...renderDefinitions(entries, options.modulePath, lazy, ending) };
  let javascript: string | undefined;
  let declarations: string | undefined;
  return {
    typescript: typescriptModule(sections),
    get javascript() {
      return (javascript ??= javascriptModule(sections));
    },
    get declarations() {
      return (declarations ??= registryDeclarations(sections));
    },
    chunks: [],
  };
}

/** The parts the three flavors of the module are written from. */
interface ModuleSections extends InputTypes, DefinitionParts {
  lazy: boolean;
}

function typescriptModule(s: ModuleSections): string {
  return `${HEADER}
/* eslint-disable */
${NO_CHECK}
import { createRegistry, lazyEntry, type EntryDefinition, type Registry, type RegistryOptions } from "@toolgen/runtime";
${s.lazy ? s.typeImports : s.valueImports}
${moduleBody(s, true)}`;
}

function javascriptModule(s: ModuleSections): string {
  return `${HEADER}
/* eslint-disable */
import { createRegistry, lazyEntry } from "@toolgen/runtime";
${s.lazy ? "" : s.implementationImports}
${moduleBody(s, false)}`;
}

/** Validators, entries and the registry: the TypeScript (`typed`) or the JavaScript. */
function moduleBody(s: ModuleSections, typed: boolean): string {
  return `${s.formats}

${typed ? `${s.toolInputs}\n` : ""}${s.sharedJson}${s.loaders}export const definitions${typed ? ": EntryDefinition[]" : ""} = [
${s.definitions}
];

${REGISTRY_DOC}
export function createToolRegistry(${typed ? "options?: RegistryOptions): Registry<ToolInputs>" : "options)"} {
  return createRegistry${typed ? "<ToolInputs>" : ""}(definitions, options);
}

export const registry${typed ? ": Registry<ToolInputs>" : ""} = createToolRegistry();
`;
}
