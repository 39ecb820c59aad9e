import type { ManifestEntry } from "../manifest/manifest-format.js";
import type { CompiledValidator } from "../validation/index.js";

/** A module namespace, as `import()` returns it. */
export type ModuleNamespace = Record<string, unknown>;

/**
 * One registered entry: its manifest data plus how to validate and reach it. The generated
 * registry module writes these with precompiled validators and lazy `import()`s.
 */
export interface EntryDefinition {
  entry: ManifestEntry;
  /** Precompiled validator of `entry.inputSchema`. */
  validate: CompiledValidator;
  /** Loads the implementation's module on first call. */
  load?: () => Promise<ModuleNamespace>;
  /** A direct implementation (programmatic registration). */
  fn?: (...args: unknown[]) => unknown;
  /** Where the entry came from, for messages about duplicates. */
  origin?: string;
}
