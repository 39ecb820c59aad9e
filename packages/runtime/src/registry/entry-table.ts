import type { ManifestEntry } from "../manifest/manifest-format.js";
import { ResourceIndex } from "../resources/resource-index.js";
import { type EntryDefinition, headOf } from "./entry-definition.js";
import { type EntryFilters, whyFilteredOut } from "./filter-entries.js";

/**
 * The entries a registry exposes, by name, in registration order. Entries the filters
 * reject are left out; a name registered twice is an error naming both origins.
 */
export class EntryTable {
  private readonly byName = new Map<string, EntryDefinition>();
  private readonly resources = new ResourceIndex();
  /** Definitions added without their entry (a split registry module's), until it is loaded. */
  private readonly pending = new Set<EntryDefinition>();

  constructor(private readonly filters: EntryFilters) {}

  /** Names the filters left out, and why: a call of one is told so. */
  private readonly filteredOut = new Map<string, string>();

  /** Returns false when the filters leave the entry out. */
  add(definition: EntryDefinition): boolean {
    const head = headOf(definition);
    const why = whyFilteredOut(head, this.filters);
    if (why !== undefined) {
      this.filteredOut.set(head.name, why);
      return false;
    }
    const name = head.name;
    const previous = this.byName.get(name);
    if (previous) throw new Error(`toolgen: the name '${name}' is registered twice: by ${originOf(previous)} and by ${originOf(definition)}.`);
    this.resources.add(head);
    this.byName.set(name, definition);
    if (definition.describe) this.pending.add(definition);
    return true;
  }

  /** The definition by name, loaded or not (calls wait for `ready()` themselves). */
  get(name: string): EntryDefinition | undefined {
    return this.byName.get(name);
  }

  /** The entry by name; throws while its definition is still to be loaded. */
  entry(name: string): ManifestEntry | undefined {
    const definition = this.byName.get(name);
    if (definition && this.isPending(definition)) throw notLoaded();
    return definition?.entry;
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Why the filters left out an entry of this name, if they did. */
  whyLeftOut(name: string): string | undefined {
    return this.filteredOut.get(name);
  }

  /** Every entry; throws while a definition is still to be loaded. */
  entries(): ManifestEntry[] {
    if (this.pending.size > 0) {
      for (const definition of this.pending) this.isPending(definition);
      if (this.pending.size > 0) throw notLoaded();
    }
    return [...this.byName.values()].map((d) => d.entry);
  }

  /** Waits until the definition can be called (it may be in no table, or loaded already). */
  async ready(definition: EntryDefinition): Promise<void> {
    await definition.ready?.();
    this.pending.delete(definition);
  }

  /** Loads the entry of every definition still without one, in parallel; undefined when there is none. */
  load(): Promise<void> | undefined {
    if (this.pending.size === 0) return undefined;
    return Promise.all(
      [...this.pending].map(async (definition) => {
        await definition.describe?.();
        this.pending.delete(definition);
      }),
    ).then(() => undefined);
  }

  /** Resource URIs and templates (filled as resources are added). */
  resourceIndex(): ResourceIndex {
    return this.resources;
  }

  /** Whether the definition's entry still has to be loaded (one loaded through another registry, or a call, no longer counts). */
  private isPending(definition: EntryDefinition): boolean {
    if (!this.pending.has(definition)) return false;
    if (definition.describe) return true;
    this.pending.delete(definition);
    return false;
  }
}

function notLoaded(): Error {
  return new Error("toolgen: a split registry loads its entries on demand; await registry.load() before reading them.");
}

export function originOf(definition: EntryDefinition): string {
  if (definition.origin !== undefined) return definition.origin;
  // A definition still to be loaded has no entry to read a source location from.
  if (definition.describe) return `a split registry module (the ${headOf(definition).kind} '${headOf(definition).name}', not loaded yet)`;
  return `${definition.entry.source.file}:${definition.entry.source.line}:${definition.entry.source.column}`;
}
