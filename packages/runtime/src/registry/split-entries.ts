import type { EntryKind, ManifestEntry } from "../manifest/manifest-format.js";
import type { CompiledValidator } from "../validation/index.js";
import { type EntryDefinition, type EntryHead, headOf, type ModuleNamespace } from "./entry-definition.js";

/** A chunk of a split registry module, as `import()` returns it: full definitions of some of its entries. */
export interface RegistryChunk {
  definitions: readonly EntryDefinition[];
}

/** What a split registry module writes for an entry: kind, name, the index of its chunk, and what filters read. */
export type SplitHead = readonly [kind: EntryKind, name: string, chunk: number, rest?: Pick<EntryHead, "uris" | "tags" | "supportedFor" | "excludedFor">];

/**
 * The definitions of a split registry module (`split: true`): registered and filtered from
 * their heads alone, each one's full entry, validator and loader imported with its chunk on
 * first use (`ready()`). `chunks[c]` imports chunk `c`, whose `definitions` hold, in order,
 * one definition per head naming chunk `c` — the k-th such head is `definitions[k]`.
 */
export function splitEntries(chunks: ReadonlyArray<() => Promise<RegistryChunk>>, heads: readonly SplitHead[]): EntryDefinition[] {
  const shared = new Chunks(chunks);
  const seen: number[] = [];
  const definitions = new Array<EntryDefinition>(heads.length);
  for (let i = 0; i < heads.length; i++) {
    const [kind, name, chunk, rest] = heads[i]!;
    const index = seen[chunk] ?? 0;
    seen[chunk] = index + 1;
    definitions[i] = new SplitDefinition(rest ? { kind, name, ...rest } : { kind, name }, shared, chunk, index);
  }
  return definitions;
}

/** The chunks of one split module: each imported once, shared by all its definitions; a failed import is tried again next time. */
class Chunks {
  private readonly imports: Array<Promise<RegistryChunk> | undefined> = [];

  constructor(private readonly loaders: ReadonlyArray<() => Promise<RegistryChunk>>) {}

  get(chunk: number): Promise<RegistryChunk> {
    let promise = this.imports[chunk];
    if (promise) return promise;
    const loader = this.loaders[chunk];
    promise = (async () => {
      if (!loader) throw outOfStep(`it names chunk ${chunk}, and there are ${this.loaders.length}`);
      return loader();
    })().catch((error: unknown) => {
      this.imports[chunk] = undefined;
      throw error;
    });
    this.imports[chunk] = promise;
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

  constructor(
    readonly head: EntryHead,
    private readonly chunks: Chunks,
    private readonly chunk: number,
    private readonly index: number,
  ) {}

  get entry(): ManifestEntry {
    return (this.target ?? this.notLoaded()).entry;
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
    return this.chunks.get(this.chunk).then((module) => this.bind(module));
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
    // Loaded: nothing left to wait for (registries and discovery check for `ready` to know).
    (this as EntryDefinition).ready = undefined;
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
