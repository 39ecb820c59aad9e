/**
 * The most backtracking steps per input character a pattern may cost and still be called
 * linear by its shape: the check's own budget (check-patterns.ts). From a position, a pattern
 * of p ways to match, each taking at most l steps (a character read, an assertion tested, a
 * group entered), costs up to p × l.
 */
const MAX_STEPS = 256;

/**
 * The largest sum of the counts of bounded repetitions here. recheck checks a pattern exactly,
 * with an automaton, while its counts add up to less than its `maxRepeatCount` (30; a lone
 * `\d{30}` is already fuzzed), and this shortcut agrees with it there; beyond, recheck fuzzes
 * (and may report what the engine does not do), so the shortcut leaves such a pattern to it.
 */
const MAX_REPEATS = 20;

/** Groups nested deeper than this are left to recheck: the reader recurses once per level. */
const MAX_DEPTH = 32;

/** What a part of a pattern costs a backtracking matcher. */
interface Cost {
  /** How many ways the part can match from one position, counting each bounded repetition's counts. */
  paths: number;
  /** The most steps one way takes (a character read, an assertion tested, a group entered), unbounded repetitions left out. */
  length: number;
  /** The sum of the counts of its bounded repetitions (a repeated group's own counting as often as it repeats). */
  repeats: number;
  /** How many unbounded repetitions (`*`, `+`, `{n,}`) it holds. */
  unbounded: number;
}

/** Values past the budget are all the same to the check: capped, so that products stay small. */
const capped = (n: number) => Math.min(n, MAX_STEPS + 1);

/**
 * Whether a pattern (compiled with the `u` flag) is linear by its shape alone, so that
 * recheck — a 3 MB analyzer, some 30 MiB once loaded — is asked only about the others. Sound,
 * not complete: `false` means "ask recheck". Counts add up to at most `MAX_REPEATS`, and the
 * ways to match times the steps each takes stay within `MAX_STEPS`; then a pattern is plainly
 * linear when
 * - it repeats nothing without bound: each start position costs at most `MAX_STEPS` steps; or
 * - it begins with `^`, has no top-level `|`, and its one unbounded repetition is of a single
 *   character outside every group (`^[a-z0-9-]+$`): only the first position gets past `^`,
 *   and there each count of the repetition meets the bounded rest once.
 * Backreferences, lookarounds and anything unusual are left to recheck.
 */
export function isPlainlyLinear(source: string): boolean {
  const reader = new PatternReader(source);
  const top = reader.readTop();
  if (!top || reader.position !== source.length || top.cost.repeats > MAX_REPEATS || top.cost.paths * Math.max(top.cost.length, 1) > MAX_STEPS) return false;
  if (top.cost.unbounded > 0 && !(top.cost.unbounded === 1 && top.anchored && top.unboundedCharAtTop)) return false;
  try {
    new RegExp(source, "u");
  } catch {
    return false;
  }
  return true;
}

/** A recursive-descent reader of the regular expression syntax this check understands; `undefined` for anything else. */
class PatternReader {
  position = 0;
  /** Whether an unbounded repetition of one character stands in the top-level sequence. */
  private unboundedCharAtTop = false;
  private depth = 0;
  constructor(private readonly source: string) {}

  /** The whole pattern, with what the second rule needs to know about its top level. */
  readTop(): { cost: Cost; anchored: boolean; unboundedCharAtTop: boolean } | undefined {
    const first = this.readSequence(true);
    if (!first) return undefined;
    if (this.peek() !== "|") return { cost: first, anchored: this.source.startsWith("^"), unboundedCharAtTop: this.unboundedCharAtTop };
    const rest = this.readAlternatives(first);
    return rest && { cost: rest, anchored: false, unboundedCharAtTop: false };
  }

  private readAlternatives(first: Cost): Cost | undefined {
    let cost = first;
    while (this.peek() === "|") {
      this.position++;
      const branch = this.readSequence();
      if (!branch) return undefined;
      cost = { paths: capped(cost.paths + branch.paths), length: Math.max(cost.length, branch.length), repeats: capped(cost.repeats + branch.repeats), unbounded: cost.unbounded + branch.unbounded };
    }
    return cost;
  }

  /**
   * Items up to `|`, `)` or the end. An unbounded repetition of one character is noted only
   * in the top-level sequence: inside a group it may be repeated or alternated.
   */
  private readSequence(top = false): Cost | undefined {
    let cost: Cost = { paths: 1, length: 0, repeats: 0, unbounded: 0 };
    while (this.position < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.readAtom();
      if (!atom) return undefined;
      const item = this.readQuantified(atom, top);
      if (!item) return undefined;
      cost = { paths: capped(cost.paths * item.paths), length: capped(cost.length + item.length), repeats: capped(cost.repeats + item.repeats), unbounded: cost.unbounded + item.unbounded };
    }
    return cost;
  }

  /** One atom: `group` for a parenthesised one, `char` for one character, `assertion` for an anchor. */
  private readAtom(): { kind: "char" | "assertion" } | { kind: "group"; cost: Cost } | undefined {
    const char = this.source[this.position++];
    switch (char) {
      case "^":
      case "$":
        return { kind: "assertion" };
      case ".":
        return { kind: "char" };
      case "[":
        return this.skipClass() ? { kind: "char" } : undefined;
      case "\\":
        return this.readEscape();
      case "(": {
        if (this.source.startsWith("?:", this.position)) this.position += 2;
        else if (this.source.startsWith("?<", this.position) && /[\p{L}_$]/u.test(this.source[this.position + 2] ?? "")) {
          const close = this.source.indexOf(">", this.position);
          if (close < 0) return undefined;
          this.position = close + 1;
        } else if (this.peek() === "?") return undefined; // lookarounds and modifiers
        if (++this.depth > MAX_DEPTH) return undefined;
        const first = this.readSequence();
        const cost = first && this.readAlternatives(first);
        this.depth--;
        if (!cost || this.source[this.position++] !== ")") return undefined;
        // Entering a group is a step too: the engine records a capture on every way through it.
        return { kind: "group", cost: { ...cost, length: capped(cost.length + 1) } };
      }
      case "*":
      case "+":
      case "?":
      case "{":
      case "}":
      case "]":
      case ")":
      case "|":
      case undefined:
        return undefined;
      default:
        return { kind: "char" };
    }
  }

  /** An escape: a character or a class of them; `\b` and `\B` assert. Backreferences are not plain. */
  private readEscape(): { kind: "char" | "assertion" } | undefined {
    const char = this.source[this.position++];
    if (char === undefined || /[1-9k]/.test(char)) return undefined;
    if (char === "b" || char === "B") return { kind: "assertion" };
    if ((char === "p" || char === "P" || char === "u") && this.peek() === "{") {
      const close = this.source.indexOf("}", this.position);
      if (close < 0) return undefined;
      this.position = close + 1;
    }
    return { kind: "char" };
  }

  /** Skips a character class (`[` already read) to its `]`. */
  private skipClass(): boolean {
    while (this.position < this.source.length) {
      const char = this.source[this.position++];
      if (char === "\\") this.position++;
      else if (char === "]") return true;
    }
    return false;
  }

  /** The atom with the quantifier that follows it, if any. */
  private readQuantified(atom: { kind: "char" | "assertion" } | { kind: "group"; cost: Cost }, top: boolean): Cost | undefined {
    const inner: Cost = atom.kind === "group" ? atom.cost : { paths: 1, length: 1, repeats: 0, unbounded: 0 };
    const bounds = this.readQuantifier();
    if (bounds === null) return inner;
    if (!bounds || atom.kind === "assertion") return undefined;
    if (this.peek() === "?") this.position++; // lazy: the same paths, tried in another order
    const [min, max] = bounds;
    if (max === Infinity) {
      if (atom.kind !== "char") return undefined;
      if (top) this.unboundedCharAtTop = true;
      return { paths: 1, length: 0, repeats: 0, unbounded: 1 };
    }
    if (inner.unbounded > 0) return undefined;
    // Each count from min to max is a way to match: one per count for a character, the group's paths to the power of the count for a group.
    let paths = 0;
    for (let count = min; count <= max && paths <= MAX_STEPS; count++) paths += capped(inner.paths ** count);
    return { paths: capped(paths), length: capped(inner.length * max), repeats: capped(max + inner.repeats * max), unbounded: 0 };
  }

  /** `[min, max]` for a quantifier, `null` when none follows, `undefined` for one this check does not read. */
  private readQuantifier(): [number, number] | null | undefined {
    const char = this.peek();
    if (char === "?" || char === "*" || char === "+") {
      this.position++;
      return char === "?" ? [0, 1] : [char === "*" ? 0 : 1, Infinity];
    }
    if (char !== "{") return null;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.position));
    if (!match) return undefined;
    this.position += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
    // A count of 309 digits or more is Infinity to Number: not the same as no upper bound.
    if (!Number.isFinite(min) || (match[3] !== "" && !Number.isFinite(max))) return undefined;
    return max < min ? undefined : [min, max];
  }

  private peek(): string | undefined {
    return this.source[this.position];
  }
}
