/** Objects whose JSON is at least this long are worth writing once when they repeat. */
const MIN_PIECE_LENGTH = 128;

/** A value's JSON as text parts and references to shared pieces (by index). */
export type JsonParts = Array<string | number>;

/**
 * Writes several values as JSON text, with every object that occurs more than once (an
 * `Address` schema inlined into many tools' input schemas) written once as a shared piece.
 * Joining a value's parts, with each number replaced by its piece, gives exactly
 * `JSON.stringify(value)`. The largest repeated objects are taken first; a piece holds no
 * other piece, so joining is one step.
 *
 * Linear in the size of the values: an object's identity comes from its children's
 * identities (hash-consing), so no subtree is serialized per level to compare it.
 */
export function splitJson(values: readonly unknown[]): { pieces: string[]; parts: JsonParts[] } {
  const nodes = new NodeTable();
  for (const value of values) if (isNode(value)) nodes.identify(value);
  const candidate = (id: number) => nodes.uses[id]! > 1 && nodes.lengths[id]! >= MIN_PIECE_LENGTH;

  // First pass: which repeated objects are reached at all (an `Address` inside a repeated
  // `Customer` is not); a piece reached only once is written in place.
  const reached = new Map<number, number>();
  const visiting = nodes.walk();
  for (const value of values) visit(value, visiting, candidate, (id) => void reached.set(id, (reached.get(id) ?? 0) + 1));
  const isPiece = (id: number) => (reached.get(id) ?? 0) > 1;
  const indexOf = new Map<number, number>();
  const pieces: string[] = [];
  const writing = nodes.walk();
  const parts = values.map((value) => {
    const out = new PartsWriter();
    write(value, writing, isPiece, (id, node) => {
      let index = indexOf.get(id);
      if (index === undefined) indexOf.set(id, (index = pieces.push(JSON.stringify(node)) - 1));
      out.piece(index);
    }, out);
    return out.finish();
  });
  return { pieces, parts };
}

type JsonNode = object;

function isNode(value: unknown): value is JsonNode {
  return typeof value === "object" && value !== null;
}

/** Characters JSON.stringify escapes: quote, backslash, control characters, and (when alone) surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The length of JSON.stringify(text), without writing it when nothing needs escaping (almost always). */
function jsonStringLength(text: string): number {
  return ESCAPED.test(text) ? JSON.stringify(text).length : text.length + 2;
}

/** The first code of a key (the kind of node), and the tag before each value's id. */
const KEY_OBJECT = 0;
const KEY_ARRAY = 1;
const KEY_NODE = 2;
const KEY_STRING = 3;
const KEY_LITERAL = 4;

/** The string of these character codes, in slices small enough to pass as arguments. */
function fromCharCodes(codes: number[]): string {
  const slice = 8192;
  if (codes.length <= slice) return String.fromCharCode(...codes);
  let text = "";
  for (let start = 0; start < codes.length; start += slice) text += String.fromCharCode(...codes.slice(start, start + slice));
  return text;
}

/** Whether JSON.stringify leaves the property out (a member of an object) or writes `null` (an item of an array). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === "function";
}

/**
 * Object and array nodes by identity: equal JSON, equal id; with use counts, JSON lengths,
 * and whether an object long enough to be a piece lies inside (else the node is written whole).
 */
class NodeTable {
  readonly uses: number[] = [];
  readonly lengths: number[] = [];
  /** By id: some object strictly inside the node is at least MIN_PIECE_LENGTH long. */
  readonly holdsLong: boolean[] = [];
  /** By id: how many nodes the node is made of, itself included. */
  readonly sizes: number[] = [];
  /**
   * The id of every node in the order `identify` met them (depth first, a node before its
   * children): the later passes walk the values in the same order, so they find each node's id
   * here rather than in a map from objects.
   */
  readonly order: number[] = [];
  private readonly ids = new Map<string, number>();
  /** `"name":` by property name: the same few names occur in every schema. */
  private readonly memberPrefixes = new Map<string, string>();

  /** Strings (and the JSON of numbers, booleans and null) by identity, with their JSON lengths as strings. */
  private readonly atomIds = new Map<string, number>();
  private readonly atomLengths: number[] = [];

  /**
   * The node's id, counting one more use of it. Its identity key spells its JSON in character
   * codes of fixed width: the kind, then per member the name's atom, and per value a tag (node,
   * string, other) with the id of the node or atom; one short string per node, whatever it holds.
   */
  identify(value: JsonNode): number {
    const slot = this.order.push(-1) - 1;
    const names = Array.isArray(value) ? undefined : Object.keys(value);
    // Sized once (a value takes 3 codes, a member 5): no array grows code by code.
    const codes: number[] = new Array<number>(names ? 1 + 5 * names.length : 1 + 3 * (value as unknown[]).length);
    codes[0] = names ? KEY_OBJECT : KEY_ARRAY;
    let end = 1;
    let length = 1;
    let holdsLong = false;
    const items = names ? undefined : (value as unknown[]);
    const count = names ? names.length : items!.length;
    for (let i = 0; i < count; i++) {
      let item: unknown;
      if (names) {
        item = (value as Record<string, unknown>)[names[i]!];
        if (isOmitted(item)) continue;
        const nameId = this.atomId(names[i]!);
        codes[end++] = nameId & 0xffff;
        codes[end++] = nameId >>> 16;
        length += this.atomLengths[nameId]! + 2;
      } else {
        item = items![i];
        if (isOmitted(item)) item = null;
        length += 1;
      }
      const id = this.childId(item);
      codes[end++] = this.childTag;
      codes[end++] = id & 0xffff;
      codes[end++] = id >>> 16;
      length += this.childLength;
      holdsLong ||= this.childHoldsLong;
    }
    if (names ? end === 1 : count === 0) length += 1;
    codes.length = end;
    const key = fromCharCodes(codes);
    let id = this.ids.get(key);
    if (id === undefined) {
      this.ids.set(key, (id = this.ids.size));
      this.lengths[id] = length;
      this.holdsLong[id] = holdsLong;
      this.sizes[id] = this.order.length - slot;
      this.uses[id] = 0;
    }
    this.uses[id]!++;
    this.order[slot] = id;
    return id;
  }

  /** What `childId` found of the child last identified (read before identifying the next). */
  private childTag = 0;
  private childLength = 0;
  private childHoldsLong = false;

  /** A member's or item's id, as a node, a string or another literal, with its tag, length and whether a long object is in it. */
  private childId(item: unknown): number {
    if (typeof item === "string") {
      const id = this.atomId(item);
      this.childTag = KEY_STRING;
      this.childLength = this.atomLengths[id]!;
      this.childHoldsLong = false;
      return id;
    }
    if (!isNode(item)) {
      const json = JSON.stringify(item) ?? "null";
      this.childTag = KEY_LITERAL;
      this.childLength = json.length;
      this.childHoldsLong = false;
      return this.atomId(json);
    }
    const id = this.identify(item);
    this.childTag = KEY_NODE;
    this.childLength = this.lengths[id]!;
    this.childHoldsLong = this.holdsLong[id]! || (!Array.isArray(item) && this.lengths[id]! >= MIN_PIECE_LENGTH);
    return id;
  }

  private atomId(text: string): number {
    let id = this.atomIds.get(text);
    if (id === undefined) {
      this.atomIds.set(text, (id = this.atomIds.size));
      this.atomLengths[id] = jsonStringLength(text);
    }
    return id;
  }

  /** A walk over the nodes of the values, in the order they were identified. */
  walk(): NodeWalk {
    return new NodeWalk(this);
  }

  memberPrefix(name: string): string {
    let prefix = this.memberPrefixes.get(name);
    if (prefix === undefined) this.memberPrefixes.set(name, (prefix = `${JSON.stringify(name)}:`));
    return prefix;
  }
}

/**
 * The nodes of the values in the order `identify` met them: a pass that goes through the
 * values in that order enters each node it reaches, and skips the nodes inside one it does
 * not look into.
 */
class NodeWalk {
  private next = 0;

  constructor(readonly nodes: NodeTable) {}

  /** The id of the next node (the one the pass is at). */
  enter(): number {
    return this.nodes.order[this.next++]!;
  }

  /** Past the nodes inside the node just entered. */
  skipInside(id: number): void {
    this.next += this.nodes.sizes[id]! - 1;
  }
}

/** Calls `onPiece` for each object `isPiece` picks in `value`, not looking inside those. */
function visit(value: unknown, walk: NodeWalk, isPiece: (id: number) => boolean, onPiece: (id: number) => void): void {
  if (!isNode(value)) return;
  const id = walk.enter();
  if (!Array.isArray(value) && isPiece(id)) {
    walk.skipInside(id);
    return onPiece(id);
  }
  if (!walk.nodes.holdsLong[id]) return walk.skipInside(id);
  for (const item of Array.isArray(value) ? value : Object.values(value)) visit(item, walk, isPiece, onPiece);
}

/** JSON text of `value` into `out`, calling `onPiece` instead for each object `isPiece` picks. */
function write(value: unknown, walk: NodeWalk, isPiece: (id: number) => boolean, onPiece: (id: number, node: object) => void, out: PartsWriter): void {
  if (!isNode(value)) return out.text(JSON.stringify(value));
  const id = walk.enter();
  if (!Array.isArray(value) && isPiece(id)) {
    walk.skipInside(id);
    return onPiece(id, value);
  }
  // A node with no long object inside holds no piece: the engine's JSON.stringify writes it.
  if (!walk.nodes.holdsLong[id]) {
    walk.skipInside(id);
    return out.text(JSON.stringify(value));
  }
  if (Array.isArray(value)) {
    out.text("[");
    value.forEach((item: unknown, i) => {
      if (i > 0) out.text(",");
      if (isOmitted(item)) out.text("null");
      else write(item, walk, isPiece, onPiece, out);
    });
    out.text("]");
  } else {
    out.text("{");
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (isOmitted(item)) continue;
      out.text(first ? walk.nodes.memberPrefix(key) : `,${walk.nodes.memberPrefix(key)}`);
      first = false;
      write(item, walk, isPiece, onPiece, out);
    }
    out.text("}");
  }
}

/** A value's parts: text collected in chunks and joined once per run between two pieces. */
class PartsWriter {
  private readonly parts: JsonParts = [];
  private chunks: string[] = [];

  text(s: string): void {
    this.chunks.push(s);
  }

  piece(index: number): void {
    this.flush();
    this.parts.push(index);
  }

  finish(): JsonParts {
    this.flush();
    return this.parts;
  }

  private flush(): void {
    if (this.chunks.length > 0) this.parts.push(this.chunks.join(""));
    this.chunks = [];
  }
}
