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
 */
export function splitJson(values: readonly unknown[]): { pieces: string[]; parts: JsonParts[] } {
  const counts = new Map<string, number>();
  for (const value of values) countObjects(value, counts);
  const repeated = (text: string) => (counts.get(text) ?? 0) > 1;

  // First pass: which repeated objects are reached at all (an `Address` inside a repeated
  // `Customer` is not); a piece reached only once is written in place.
  const reached = new Map<string, number>();
  for (const value of values) write(value, repeated, (text) => void reached.set(text, (reached.get(text) ?? 0) + 1));
  const indexOf = new Map<string, number>();
  const pieces: string[] = [];
  const parts = values.map((value) => {
    const out: JsonParts = [];
    write(value, (text) => (reached.get(text) ?? 0) > 1, (text) => {
      let index = indexOf.get(text);
      if (index === undefined) indexOf.set(text, (index = pieces.push(text) - 1));
      out.push(index);
    }, out);
    return out;
  });
  return { pieces, parts };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function countObjects(value: unknown, counts: Map<string, number>): void {
  if (typeof value !== "object" || value === null) return;
  if (isObject(value)) {
    const text = JSON.stringify(value);
    if (text.length >= MIN_PIECE_LENGTH) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  for (const child of Object.values(value)) countObjects(child, counts);
}

/** JSON text of `value` into `out`, calling `onPiece` instead for each object `isPiece` picks. */
function write(value: unknown, isPiece: (text: string) => boolean, onPiece: (text: string) => void, out: JsonParts = []): void {
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
      else write(item, isPiece, onPiece, out);
    });
    text("]");
  } else if (isObject(value)) {
    const json = JSON.stringify(value);
    if (json.length >= MIN_PIECE_LENGTH && isPiece(json)) return onPiece(json);
    text("{");
    let first = true;
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined || typeof child === "function") continue;
      text(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      write(child, isPiece, onPiece, out);
    }
    text("}");
  } else {
    text(JSON.stringify(value));
  }
}
