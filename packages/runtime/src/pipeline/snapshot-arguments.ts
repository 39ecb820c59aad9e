import { MAX_ERRORS } from "../validation/validator-support.js";
import { pointerOf } from "./json-pointer.js";
import { setOwn } from "./set-own.js";
import { type ArgumentIssue, describeValue } from "./validate-arguments.js";

/** Deeper arguments than this are refused before validation: no tool needs them, and recursion on them could overflow the stack. */
export const MAX_ARGUMENT_DEPTH = 128;

const TOO_DEEP = Symbol();

/**
 * The call's own copy of the caller's arguments, taken before anything is checked, so what is
 * validated is what the tool gets: a getter or a proxy read once, not again after validation
 * (where it could answer something else), and never the caller's objects, which the tool may
 * mutate. A key whose value is `undefined` is absent, as validation takes it; a class instance
 * is copied as its own enumerable properties, as `structuredClone` would. An object JSON has
 * no kind for (a `Map`, a `Date`, a `Promise`), a value nested deeper than `MAX_ARGUMENT_DEPTH`
 * (a cycle too), or one unreadable is an issue at its JSON Pointer: the walk keeps its keys on
 * a stack and goes no deeper than that, so a hostile nesting cannot overflow the stack. (Copied
 * by hand: a few times faster than `structuredClone` on a million small arrays.)
 */
export function snapshotArguments(value: unknown): { value: unknown; strays: ArgumentIssue[] } | { issue: ArgumentIssue } {
  const keys: Array<string | number> = [];
  const strays: ArgumentIssue[] = [];
  try {
    return { value: copyAt(value, keys, strays), strays };
  } catch (error) {
    const received = error === TOO_DEEP ? "a value nested deeper" : error instanceof NotData ? error.kind : "one that throws when read";
    return { issue: { path: pointerOf(keys), expected: error === TOO_DEEP ? `at most ${MAX_ARGUMENT_DEPTH} levels of nesting` : "JSON data", received } };
  }
}

/** An object of a kind JSON has not, said: "a Map", "an Error". */
class NotData {
  constructor(readonly kind: string) {}
}

/**
 * The copy of `value` at `keys`. A `Map`, a `Date` or another object JSON has no kind for is
 * refused at once; a bigint, a function or NaN is kept, for validation to say what was
 * expected there, and noted in `strays`: one where the schema takes anything is refused after.
 */
function copyAt(value: unknown, keys: Array<string | number>, strays: ArgumentIssue[]): unknown {
  if (typeof value !== "object" || value === null) {
    if (!(value == null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value)) && strays.length < MAX_ERRORS) strays.push({ path: pointerOf(keys), expected: "JSON data", received: describeValue(value) });
    return value;
  }
  if (keys.length >= MAX_ARGUMENT_DEPTH) throw TOO_DEEP;
  // One slot for this level's key, rewritten per item: a million items, no push and pop each.
  const at = keys.length;
  let copy: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    // Sized as the original at once (a copy grown item by item is many times the collector's work).
    copy = value.slice();
    keys.push(0);
    for (let i = 0; i < copy.length; i++) {
      keys[at] = i;
      copy[i] = copyAt(copy[i], keys, strays);
    }
  } else {
    const kind = Object.prototype.toString.call(value).slice(8, -1);
    if (kind !== "Object") throw new NotData(`${/^[AEIO]/.test(kind) ? "an" : "a"} ${kind}`);
    const names = Object.keys(value);
    copy = {};
    keys.push("");
    for (const key of names) {
      keys[at] = key;
      const item = copyAt((value as Record<string, unknown>)[key], keys, strays);
      if (item !== undefined) setOwn(copy, key, item);
    }
  }
  keys.pop();
  return copy;
}
