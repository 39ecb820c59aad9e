import type { Conversion, ManifestEntry } from "@toolgen/runtime";

type Rename = Extract<Conversion, { op: "rename" }>;
type Ref = Extract<Conversion, { op: "ref" }>;

/**
 * The runtime's `RenameTree` types of one entry, as TypeScript text: `at(pointer)` gives the
 * tree for the value at that JSON Pointer (of the model's names), undefined when `@alias`
 * renames nothing there or below. The conversions' paths spell the model's names; a tree is
 * keyed by the TypeScript names `AliasedArguments` maps over, so each segment is mapped back
 * through the renames of its level. A recursive type that renames (its `conversionDefs`) is a
 * type alias of its own, named by `aliasName()`, referring to itself: `aliases` holds their
 * declarations, for the module to write beside the entry's types.
 */
export function renameTrees(entry: Pick<ManifestEntry, "conversions" | "conversionDefs">, aliasName: () => string): { at(pointer: string): string | undefined; aliases: string[] } {
  const defs = entry.conversionDefs ?? {};
  const renaming = renamingDefs(defs);
  const names = new Map<string, string>();
  const aliases: string[] = [];
  const nameOf = (def: string): string => {
    let name = names.get(def);
    if (name === undefined) {
      names.set(def, (name = aliasName()));
      // Named before it is written: the tree refers to itself.
      aliases.push(`type ${name} = ${treeText(defs[def] ?? [], "")};`);
    }
    return name;
  };
  /** The tree at `at` of `list`: undefined when nothing is renamed there or below. */
  const treeText = (list: readonly Conversion[], at: string): string | undefined => {
    const renames = list.filter((c): c is Rename => c.op === "rename" && (c.at === at || c.at.startsWith(`${at}/`)));
    const refs = list.filter((c): c is Ref => c.op === "ref" && renaming.has(c.def) && (c.at === at || c.at.startsWith(`${at}/`)));
    const ref = refs.find((c) => c.at === at);
    // A value of a recursive type is that type's tree (a value that is also renamed otherwise, a union of both, keeps its own).
    if (ref && renames.length === 0) return nameOf(ref.def);
    if (renames.length === 0 && refs.length === 0) return undefined;
    const here = renames.filter((c) => c.at === at);
    const tsNameOf = (segment: string) => here.find((c) => c.from === segment)?.to ?? segment;
    const below = new Map<string, string | undefined>();
    for (const c of [...renames, ...refs]) {
      if (!c.at.startsWith(`${at}/`)) continue;
      const segment = c.at.slice(at.length + 1).split("/")[0]!;
      if (!below.has(segment)) below.set(segment, treeText(list, `${at}/${segment}`));
    }
    const own = here.map((c) => `${JSON.stringify(c.to)}: ${JSON.stringify(c.from)}`);
    const children = [...below].flatMap(([segment, text]) => (text === undefined ? [] : [`${JSON.stringify(tsNameOf(unescapePointer(segment)))}: ${text}`]));
    return `[${objectText(own)}, ${objectText(children)}]`;
  };
  return { at: (pointer) => treeText(entry.conversions ?? [], pointer), aliases };
}

/** The recursive types whose values are renamed somewhere inside, theirs or another's they hold. */
function renamingDefs(defs: Readonly<Record<string, readonly Conversion[]>>): Set<string> {
  const renaming = new Set(Object.keys(defs).filter((def) => defs[def]!.some((c) => c.op === "rename")));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [def, list] of Object.entries(defs)) {
      if (!renaming.has(def) && list.some((c) => c.op === "ref" && renaming.has(c.def))) {
        renaming.add(def);
        grew = true;
      }
    }
  }
  return renaming;
}

function objectText(members: readonly string[]): string {
  return members.length ? `{ ${members.join(", ")} }` : "{}";
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
