import type { Conversion } from "@toolgen/runtime";

type Rename = Extract<Conversion, { op: "rename" }>;

/**
 * The runtime's `RenameTree` type, as TypeScript text, for the value at `at` (a JSON Pointer of
 * the model's names) of an entry with these conversions; undefined when `@alias` renames
 * nothing there or below. The conversions' paths spell the model's names; the tree is keyed by
 * the TypeScript names `AliasedArguments` maps over, so each segment is mapped back through
 * the renames of its level.
 */
export function renameTreeText(conversions: readonly Conversion[] | undefined, at: string): string | undefined {
  const renames = (conversions ?? []).filter((c): c is Rename => c.op === "rename");
  if (!renames.some((c) => c.at === at || c.at.startsWith(`${at}/`))) return undefined;
  return nodeText(renames, at);
}

function nodeText(renames: readonly Rename[], at: string): string {
  const here = renames.filter((c) => c.at === at);
  const tsNameOf = (segment: string) => here.find((c) => c.from === segment)?.to ?? segment;
  const below = new Map<string, string>();
  for (const c of renames) {
    if (!c.at.startsWith(`${at}/`)) continue;
    const segment = c.at.slice(at.length + 1).split("/")[0]!;
    if (!below.has(segment)) below.set(segment, nodeText(renames, `${at}/${segment}`));
  }
  const own = here.map((c) => `${JSON.stringify(c.to)}: ${JSON.stringify(c.from)}`);
  const children = [...below].map(([segment, text]) => `${JSON.stringify(tsNameOf(unescapePointer(segment)))}: ${text}`);
  return `[${objectText(own)}, ${objectText(children)}]`;
}

function objectText(members: readonly string[]): string {
  return members.length ? `{ ${members.join(", ")} }` : "{}";
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
