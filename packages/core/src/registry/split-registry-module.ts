import * as path from "node:path";
import type { RegistryChunkText, RegistryModuleOptions, RegistryModuleText } from "./emit-registry-module.js";
import { type DefinitionParts, HEADER, headOf, NO_CHECK, type ImportEnding, importSpecifier, REGISTRY_DOC, type RegistryModuleEntry, registryDeclarations, renderDefinitions, renderEntryJson, renderInputTypes, renderValueImports } from "./module-parts.js";

/** The folder a split registry module's chunks go to: `src/tools.generated.ts` → `src/tools.generated.chunks`. */
export function chunkDirectory(modulePath: string): string {
  return `${modulePath.replace(/\.([cm]?)tsx?$/, "")}.chunks`;
}

/**
 * A split registry module (`split: true`): the module holds each entry's head (kind, name,
 * what filters read, and its chunk) and nothing else, and each source file's entries, with
 * their JSON, are a chunk module of their own, imported the first time one
 * of its entries is called. Importing a module of 1,000 tools then costs what its heads cost
 * (the engine reads every byte of a module it imports), and a call loads one chunk.
 *
 * Listing entries needs all their JSON: one more chunk, the entry list (`entries.list.ts`),
 * holds every entry's JSON, and is what `registry.load()` imports — one module instead of all. The price is that
 * `registry.entries` needs `await registry.load()` first.
 *
 * Chunks are ordinary TypeScript beside the module (`tools.generated.chunks/<file>.ts`), so
 * any compiler or bundler follows their `import()`s; a chunk is named after the source file
 * whose entries it holds, in the order the entries come. The entry list's name has a dot,
 * which no source file's chunk name has.
 */
export function renderSplitRegistryModule(entries: readonly RegistryModuleEntry[], options: RegistryModuleOptions): RegistryModuleText {
  const lazy = options.lazy ?? true;
  const ending = options.importEnding ?? "js";
  const chunks = groupByChunk(entries, options.modulePath);
  const heads = entries.map(({ entry }, i) => {
    const { kind, name, ...rest } = headOf(entry);
    return `  ${JSON.stringify(Object.keys(rest).length ? [kind, name, chunks.chunkOf[i], rest] : [kind, name, chunks.chunkOf[i]])},`;
  });
  const listPath = path.join(chunks.directory, `entries.list.${chunks.extension}ts`);
  const main: MainSections = {
    ...renderInputTypes(entries, options.modulePath, ending),
    loaders: chunks.paths.map((file) => `  () => import(${JSON.stringify(importSpecifier(options.modulePath, file, ending))}),`).join("\n"),
    heads: heads.join("\n"),
    list: `() => import(${JSON.stringify(importSpecifier(options.modulePath, listPath, ending))})`,
  };
  let javascript: string | undefined;
  let declarations: string | undefined;
  return {
    typescript: mainModule(main, true),
    get javascript() {
      return (javascript ??= mainModule(main, false));
    },
    get declarations() {
      return (declarations ??= registryDeclarations(main));
    },
    chunks: [...chunks.paths.map((file, c) => renderChunk(file, chunks.members[c]!, lazy, ending)), renderEntryList(listPath, entries)],
  };
}

/** The chunk each entry goes to (one per source file, in order of first entry) and the chunks' paths. */
function groupByChunk(entries: readonly RegistryModuleEntry[], modulePath: string) {
  const directory = chunkDirectory(modulePath);
  const extension = /\.([cm]?)tsx?$/.exec(modulePath)?.[1] ?? "";
  const bySource = new Map<string, number>();
  const paths: string[] = [];
  const members: RegistryModuleEntry[][] = [];
  const taken = new Set<string>();
  const chunkOf = entries.map((built) => {
    const source = built.declaration.sourceFile.fileName;
    let chunk = bySource.get(source);
    if (chunk === undefined) {
      chunk = paths.length;
      bySource.set(source, chunk);
      const base = chunkName(path.relative(path.dirname(modulePath), source));
      let name = base;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
      taken.add(name.toLowerCase());
      paths.push(path.join(directory, `${name}.${extension}ts`));
      members.push([]);
    }
    members[chunk]!.push(built);
    return chunk;
  });
  return { paths, members, chunkOf, directory, extension };
}

/** A file name for the chunk of a source file: its path from the module, extension dropped, anything but letters, digits, `-` and `_` as `_`. */
function chunkName(relativeSource: string): string {
  return relativeSource.replace(/(\.d)?\.[cm]?[jt]sx?$/, "").replace(/[^A-Za-z0-9_-]+/g, "_") || "_";
}

interface MainSections {
  typeImports: string;
  toolInputs: string;
  loaders: string;
  heads: string;
  /** The entry list's `import()`. */
  list: string;
}

function mainModule(s: MainSections, typed: boolean): string {
  // Unchecked as the single module is: the program of the next build holds this text as it
  // was, whose types may name a tool renamed or a file deleted since.
  return `${HEADER}
/* eslint-disable */${typed ? `\n${NO_CHECK}` : ""}
import { createRegistry, splitEntries${typed ? ", type EntryDefinition, type Registry, type RegistryOptions" : ""} } from "@toolgen/runtime";
${typed ? `${s.typeImports}\n${s.toolInputs}` : ""}
/** Each source file's entries: a chunk imported the first time one of its entries is needed. */
const chunks = [
${s.loaders}
];

/** Each entry's kind, name and chunk, and what filters read: all that registration needs. */
export const definitions${typed ? ": EntryDefinition[]" : ""} = splitEntries(chunks, [
${s.heads}
], ${s.list});

${REGISTRY_DOC}
export function createToolRegistry(${typed ? "options?: RegistryOptions): Registry<ToolInputs>" : "options)"} {
  return createRegistry${typed ? "<ToolInputs>" : ""}(definitions, options);
}

export const registry${typed ? ": Registry<ToolInputs>" : ""} = createToolRegistry();
`;
}

/** One chunk: its entries' format checks, shared JSON and definitions, in the order the module's heads list them. */
function renderChunk(file: string, members: readonly RegistryModuleEntry[], lazy: boolean, ending: ImportEnding): RegistryChunkText {
  const parts = renderDefinitions(members, file, lazy, ending);
  const valueImports = lazy ? "" : renderValueImports(members, file, ending);
  let javascript: string | undefined;
  return {
    path: file,
    typescript: chunkModule(parts, valueImports, true),
    get javascript() {
      return (javascript ??= chunkModule(parts, valueImports, false));
    },
    declarations: `${HEADER}
import type { EntryDefinition } from "@toolgen/runtime";
export declare const definitions: EntryDefinition[];
`,
  };
}

function chunkModule(s: DefinitionParts, valueImports: string, typed: boolean): string {
  return `${HEADER}
/* eslint-disable */${typed ? `\n${NO_CHECK}` : ""}
import { lazyEntry${typed ? ", type EntryDefinition" : ""} } from "@toolgen/runtime";
${valueImports}
${s.formats}

${s.sharedJson}${s.loaders}export const definitions${typed ? ": EntryDefinition[]" : ""} = [
${s.definitions}
];
`;
}

/** The entry list: every entry's name and JSON, in head order (what `registry.load()` imports). */
function renderEntryList(file: string, entries: readonly RegistryModuleEntry[]): RegistryChunkText {
  const json = renderEntryJson(entries);
  const list = (typed: boolean) => `${HEADER}
/* eslint-disable */${typed ? `\n${NO_CHECK}` : ""}
${json.sharedJson}/** Each entry's name, then the strings that, joined, are its manifest data as JSON: in the order of the module's heads. */
export const entries${typed ? ": string[][]" : ""} = [
${entries.map(({ entry }, i) => `  [${[JSON.stringify(entry.name), ...json.parts[i]!].join(", ")}],`).join("\n")}
];
`;
  let javascript: string | undefined;
  return {
    path: file,
    typescript: list(true),
    get javascript() {
      return (javascript ??= list(false));
    },
    declarations: `${HEADER}
export declare const entries: string[][];
`,
  };
}
