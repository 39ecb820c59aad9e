import type { ManifestEntry } from "../manifest/manifest-format.js";
import { ResourceIndex } from "../resources/resource-index.js";
import { type EntryDefinition, headOf } from "./entry-definition.js";
import { passesFilters, type EntryFilters } from "./filter-entries.js";

/**
 * The entries a registry exposes, by name, in registration order. Entries the filters
 * reject are left out; a name registered twice is an error naming both origins.
 */
export class EntryTable {
  private readonly byName = new Map<string, EntryDefinition>();
  private readonly resources = new ResourceIndex();

  constructor(private readonly filters: EntryFilters) {}

  /** Returns false when the filters leave the entry out. */
  add(definition: EntryDefinition): boolean {
    const head = headOf(definition);
    if (!passesFilters(head, this.filters)) return false;
    const name = head.name;
    const previous = this.byName.get(name);
    if (previous) throw new Error(`toolgen: the name '${name}' is registered twice: by ${originOf(previous)} and by ${originOf(definition)}.`);
    this.resources.add(head);
    this.byName.set(name, definition);
    return true;
  }

  get(name: string): EntryDefinition | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  entries(): ManifestEntry[] {
    return [...this.byName.values()].map((d) => d.entry);
  }

  /** Resource URIs and templates (filled as resources are added). */
  resourceIndex(): ResourceIndex {
    return this.resources;
  }
}

export function originOf(definition: EntryDefinition): string {
  return definition.origin ?? `${definition.entry.source.file}:${definition.entry.source.line}:${definition.entry.source.column}`;
}
