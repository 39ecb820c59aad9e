import type { EntryKind, ManifestEntry } from "../manifest/manifest-format.js";
import type { CompiledValidator } from "../validation/index.js";
import { type EntryDefinition, type EntryHead, headOf, type ModuleNamespace } from "./entry-definition.js";

/** A chunk of a split registry module, as `import()` returns it: full definitions of some of its entries. */
export interface RegistryChunk {
  definitions: readonly EntryDefinition[];
}

/** A split registry module's entry list, as `import()` returns it: per head, its name and the strings that, joined, are its entry's JSON. */
export interface RegistryEntryList {
  entries: ReadonlyArray<readonly string[]>;
}

/** What a split registry module writes for an entry: kind, name, the index of its chunk, and what filters read. */
export type SplitHead = readonly [kind: EntryKind, name: string, chunk: number, rest?: Pick<EntryHead, "uris" | "tags" | "supportedFor" | "excludedFor">];

/**
 * The definitions of a split registry module (`split: true`): registered and filtered from
 * their heads alone, each one's full entry, validator and loader imported with its chunk on
 * first use (`ready()`). `chunks[c]` imports chunk `c`, whose `definitions` hold, in order,
 * one definition per head naming chunk `c` — the k-th such head is `definitions[k]`.
 * `list` imports the entry list, which gives every entry (`describe()`) in one import; a
 * module without one (written before it existed) describes an entry by loading its chunk.
 */
export function splitEntries(chunks: ReadonlyArray<() => Promise<RegistryChunk>>, heads: readonly SplitHead[], list?: () => Promise<RegistryEntryList>): EntryDefinition[] {
  const shared: SplitModule = { chunks: new Imports(chunks), list: list && new Imports([list]), heads: heads.length };
  const seen: number[] = [];
  const definitions = new Array<EntryDefinition>(heads.length);
  for (let i = 0; i < heads.length; i++) {
    const [kind, name, chunk, rest] = heads[i]!;
    const index = seen[chunk] ?? 0;
    seen[chunk] = index + 1;
    definitions[i] = new SplitDefinition(rest ? { kind, name, ...rest } : { kind, name }, shared, chunk, index, i);
  }
  return definitions;
}

/** What the definitions of one split module share: its chunks, its entry list, and how many heads it has. */
interface SplitModule {
  chunks: Imports<RegistryChunk>;
  list: Imports<RegistryEntryList> | undefined;
  heads: number;
}

/** Modules imported once each, shared by all definitions of a split module; a failed import is tried again next time. */
class Imports<T> {
  private readonly imports: Array<Promise<T> | undefined> = [];

  constructor(private readonly loaders: ReadonlyArray<() => Promise<T>>) {}

  get(index: number): Promise<T> {
    let promise = this.imports[index];
    if (promise) return promise;
    const loader = this.loaders[index];
    promise = (async () => {
      if (!loader) throw outOfStep(`it names chunk ${index}, and there are ${this.loaders.length}`);
      return loader();
    })().catch((error: unknown) => {
      this.imports[index] = undefined;
      throw error;
    });
    this.imports[index] = promise;
    return promise;
  }
}

/**
 * One entry of a split module: its head now, the rest read through to the chunk's
 * definition once `ready()` has bound it. A class, not closures: a thousand of these are
 * built when the module is imported.
 */
class SplitDefinition implements EntryDefinition {
  private target: EntryDefinition | undefined = undefined;
  /** The entry, once read: from the entry list, or from the chunk's definition. */
  private described: ManifestEntry | undefined = undefined;
  /** The entry's JSON from the entry list, parsed when `entry` is first read. */
  private json: readonly string[] | undefined = undefined;

  constructor(
    readonly head: EntryHead,
    private readonly module: SplitModule,
    private readonly chunk: number,
    private readonly index: number,
    /** The position of the entry's head, which is its position in the entry list. */
    private readonly position: number,
  ) {}

  get entry(): ManifestEntry {
    if (this.described) return this.described;
    if (this.json) return (this.described = JSON.parse(this.json.join("")) as ManifestEntry);
    return (this.described = (this.target ?? this.notLoaded()).entry);
  }

  get validate(): CompiledValidator {
    return (this.target ?? this.notLoaded()).validate;
  }

  get load(): (() => Promise<ModuleNamespace>) | undefined {
    return this.target?.load;
  }

  get fn(): ((...args: unknown[]) => unknown) | undefined {
    return this.target?.fn;
  }

  ready(): Promise<void> {
    return this.module.chunks.get(this.chunk).then((chunk) => this.bind(chunk));
  }

  describe(): Promise<void> {
    const list = this.module.list;
    if (!list) return this.ready();
    return list.get(0).then((module) => this.bindJson(module));
  }

  private bindJson(module: RegistryEntryList): void {
    if (this.json || this.target) return;
    const entries: unknown = (module as Partial<RegistryEntryList> | undefined)?.entries;
    if (!Array.isArray(entries) || entries.length !== this.module.heads) {
      throw outOfStep(`it has ${this.module.heads} entries, and its entry list ${Array.isArray(entries) ? `has ${entries.length}` : "exports no 'entries'"}`);
    }
    const item = entries[this.position] as unknown;
    const found = Array.isArray(item) ? item[0] : undefined;
    if (found !== this.head.name) throw outOfStep(`it expects '${this.head.name}' as entry ${this.position} of its entry list, which has ${JSON.stringify(found)}`);
    this.json = (item as string[]).slice(1);
    (this as EntryDefinition).describe = undefined;
  }

  private bind(module: RegistryChunk): void {
    if (this.target) return;
    const definitions: unknown = (module as Partial<RegistryChunk> | undefined)?.definitions;
    const target = Array.isArray(definitions) ? (definitions[this.index] as EntryDefinition | undefined) : undefined;
    const found = target ? headOf(target).name : undefined;
    if (found !== this.head.name) {
      const has = !Array.isArray(definitions) ? "exports no 'definitions'" : found === undefined ? `has no entry ${this.index}` : `has '${found}' as entry ${this.index}`;
      throw outOfStep(`it expects '${this.head.name}' as entry ${this.index} of chunk ${this.chunk}, which ${has}`);
    }
    this.target = target;
    // Loaded: nothing left to wait for (registries check `ready` and `describe` to know).
    (this as EntryDefinition).ready = undefined;
    (this as EntryDefinition).describe = undefined;
  }

  private notLoaded(): never {
    throw new Error(
      `toolgen: the entry '${this.head.name}' is not loaded yet: it comes from a split registry module, which imports entries on demand. Await registry.load() before reading it (a call loads it by itself).`,
    );
  }
}

function outOfStep(detail: string): Error {
  return new Error(`toolgen: the registry module and its chunk are out of step (${detail}): run \`toolgen build\` and recompile.`);
}
