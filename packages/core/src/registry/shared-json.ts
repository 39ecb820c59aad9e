import { isObject } from "@toolgen/runtime/validation";

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
  for (const value of values) nodes.identify(value);
  const candidate = (id: number) => nodes.uses[id]! > 1 && nodes.lengths[id]! >= MIN_PIECE_LENGTH;

  // First pass: which repeated objects are reached at all (an `Address` inside a repeated
  // `Customer` is not); a piece reached only once is written in place.
  const reached = new Map<number, number>();
  for (const value of values) write(value, nodes, candidate, (id) => void reached.set(id, (reached.get(id) ?? 0) + 1), []);
  const indexOf = new Map<number, number>();
  const pieces: string[] = [];
  const parts = values.map((value) => {
    const out: JsonParts = [];
    const isPiece = (id: number) => (reached.get(id) ?? 0) > 1;
    write(value, nodes, isPiece, (id, node) => {
      let index = indexOf.get(id);
      if (index === undefined) indexOf.set(id, (index = pieces.push(JSON.stringify(node)) - 1));
      out.push(index);
    }, out);
    return out;
  });
  return { pieces, parts };
}

/** Object and array nodes by identity: equal JSON, equal id; with use counts and JSON lengths. */
class NodeTable {
  readonly uses: number[] = [];
  readonly lengths: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly idOf = new Map<object, number>();

  /** The node's id (for objects and arrays), counting one more use of it. */
  identify(value: unknown): { id?: number; length: number } {
    if (typeof value !== "object" || value === null) return { length: (JSON.stringify(value) ?? "null").length };
    const key: unknown[] = [];
    let length = 2;
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
    for (const [name, child] of entries) {
      const { id, length: childLength } = this.identify(child);
      key.push(name, id === undefined ? child : [id]);
      length += childLength + (typeof name === "string" ? JSON.stringify(name).length + 1 : 0);
    }
    length += Math.max(0, entries.length - 1);
    const text = `${Array.isArray(value) ? "[" : "{"}${JSON.stringify(key)}`;
    let id = this.ids.get(text);
    if (id === undefined) {
      this.ids.set(text, (id = this.ids.size));
      this.lengths[id] = length;
    }
    this.uses[id] = (this.uses[id] ?? 0) + 1;
    this.idOf.set(value, id);
    return { id, length };
  }

  get(value: object): number {
    return this.idOf.get(value)!;
  }
}

/** JSON text of `value` into `out`, calling `onPiece` instead for each object `isPiece` picks. */
function write(value: unknown, nodes: NodeTable, isPiece: (id: number) => boolean, onPiece: (id: number, node: object) => void, out: JsonParts): void {
  const text = (s: string) => {
    const last = out.length - 1;
    if (typeof out[last] === "string") out[last] += s;
    else out.push(s);
  };
  if (Array.isArray(value)) {
    text("[");
    value.forEach((item, i) => {
      if (i > 0) text(",");
      if (item === undefined || typeof item === "function") text("null");
      else write(item, nodes, isPiece, onPiece, out);
    });
    text("]");
  } else if (isObject(value)) {
    const id = nodes.get(value);
    if (isPiece(id)) return onPiece(id, value);
    text("{");
    let first = true;
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined || typeof child === "function") continue;
      text(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      write(child, nodes, isPiece, onPiece, out);
    }
    text("}");
  } else {
    text(JSON.stringify(value));
  }
}
