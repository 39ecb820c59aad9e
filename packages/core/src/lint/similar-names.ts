import { words } from "../source/naming.js";
import { withinTwoEdits } from "./within-two-edits.js";

/**
 * Names a model can mix up: equal but for case and separators, or (both of 8 characters or
 * more) two edits apart — unless the difference is a word's prefix (`git_diff_staged`,
 * `git_diff_unstaged`; `undo`, `redo`), a word and its opposite (`get`, `set`), two verbs
 * (`read`, `send`) or a number (`v1`, `v2`), which set them apart.
 *
 * Gives `[i, j]` for each name `i` like an earlier one, `j` the first such: pairs in the order
 * of `i`. A name is compared only with the earlier names it can be like (the same words, or a
 * length within two edits of its own), not with all: a thousand tools are half a million pairs.
 */
export function findSimilarNames(names: readonly string[]): Array<[number, number]> {
  const read = names.map(readName);
  const byWords = new Map<string, number[]>();
  const byLength = new Map<number, number[]>();
  const found: Array<[number, number]> = [];
  read.forEach((name, i) => {
    let first = byWords.get(name.joined)?.[0] ?? Infinity;
    if (name.lower.length >= MIN_EDITED_LENGTH) {
      for (let length = name.lower.length - 2; length <= name.lower.length + 2; length++) {
        for (const j of byLength.get(length) ?? []) {
          if (j >= first) break;
          if (similar(name, read[j]!)) first = j;
        }
      }
    }
    if (first !== Infinity) found.push([i, first]);
    append(byWords, name.joined, i);
    if (name.lower.length >= MIN_EDITED_LENGTH) append(byLength, name.lower.length, i);
  });
  return found;
}

/** Names shorter than this are alike only by their words: two edits turn most short names into others (`get_user`, `set_user`). */
const MIN_EDITED_LENGTH = 8;

/** Prefixes that turn a word into another (`staged`/`unstaged`), or, swapped, into its opposite (`undo`/`redo`, `import`/`export`). */
const PREFIXES = ["", "un", "re", "in", "non", "dis", "de", "en", "ex", "im"];

/** Opposite words within two edits of each other: a model does not take one for the other. */
const OPPOSITES = new Set(["get/set", "getter/setter", "min/max", "minimum/maximum", "push/pull", "inc/dec", "on/off"].flatMap((pair) => [pair, pair.split("/").reverse().join("/")]));

/** Verbs tools are named by: two of them are two operations (`read_message`, `send_message`; `get_file`, `put_file`), not a typo. */
const VERBS = new Set("add buy copy edit find get hide link list load lock make mark move open pay pin ping post pull push put read run save sell send set show sort start stop sync tag view".split(" "));

/** What a comparison needs of a name, worked out once. */
interface Name {
  words: string[];
  joined: string;
  lower: string;
  letters: Uint8Array;
  /** Which of the 64 counts of `letters` are not 0, as two 32-bit masks. */
  present: [number, number];
}

function readName(name: string): Name {
  const parts = nameWords(name);
  const lower = name.toLowerCase();
  const letters = letterCounts(lower);
  const present: [number, number] = [0, 0];
  letters.forEach((count, i) => {
    if (count > 0) present[i >> 5]! |= 1 << (i & 31);
  });
  return { words: parts, joined: parts.join(""), lower, letters, present };
}

/** The lowercase words of a name (a dot separates words too). */
export function nameWords(name: string): string[] {
  return words(name.replace(/\./g, " ")).map((w) => w.toLowerCase());
}

function similar(a: Name, b: Name): boolean {
  if (a.joined === b.joined) return true;
  if (a.lower.length < MIN_EDITED_LENGTH || b.lower.length < MIN_EDITED_LENGTH || Math.abs(a.lower.length - b.lower.length) > 2 || presentApart(a.present, b.present)) return false;
  // Words before edits (the answer is the same, and this is cheaper): with as many words,
  // names whose differing words all differ by a number or a negating prefix are not alike.
  if (a.words.length === b.words.length && !differByWord(a.words, b.words)) return false;
  return !countsApart(a.letters, b.letters) && withinTwoEdits(a.lower, b.lower);
}

/** Whether some word differs other than by a number, a prefix or as its opposite (`v1`/`v2`, `staged`/`unstaged`, `undo`/`redo`, `get`/`set`). */
function differByWord(a: readonly string[], b: readonly string[]): boolean {
  for (let k = 0; k < a.length; k++) {
    const p = a[k]!;
    const q = b[k]!;
    if (p !== q && !DIGIT.test(p) && !DIGIT.test(q) && !sameStem(p, q) && !OPPOSITES.has(`${p}/${q}`) && !(VERBS.has(p) && VERBS.has(q))) return true;
  }
  return false;
}

/** Whether two words are one stem of two letters or more behind different prefixes (`unstaged`/`staged`, `encrypt`/`decrypt`). */
function sameStem(p: string, q: string): boolean {
  return PREFIXES.some((x) => p.startsWith(x) && p.length - x.length >= 2 && PREFIXES.some((y) => x !== y && q === y + p.slice(x.length)));
}

const DIGIT = /\d/;

/** How often each character occurs (by its code's low six bits): an edit changes two counts by one at most. */
function letterCounts(name: string): Uint8Array {
  const counts = new Uint8Array(64);
  for (let i = 0; i < name.length; i++) counts[name.charCodeAt(i) & 63]!++;
  return counts;
}

/** Whether more than four characters occur in one name only (two edits make up at most four): a first look, in a few operations. */
function presentApart(a: [number, number], b: [number, number]): boolean {
  return bitCount(a[0] ^ b[0]) + bitCount(a[1] ^ b[1]) > 4;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Whether the counts differ by more than two edits can make up: most pairs of names are told apart here. */
function countsApart(a: Uint8Array, b: Uint8Array): boolean {
  let difference = 0;
  for (let i = 0; i < 64; i++) {
    difference += Math.abs(a[i]! - b[i]!);
    if (difference > 4) return true;
  }
  return false;
}

function append<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** For tests: whether two names are alike, by the rule above. */
export function namesAlike(a: string, b: string): boolean {
  return similar(readName(a), readName(b));
}
