import { pointerOf } from "./json-pointer.js";
import { setOwn } from "./set-own.js";
import type { ArgumentIssue } from "./validate-arguments.js";

/** Deeper arguments than this are refused before validation: no tool needs them, and recursion on them could overflow the stack. */
export const MAX_ARGUMENT_DEPTH = 128;

const TOO_DEEP = Symbol();

/**
 * The call's own copy of the caller's arguments, taken before anything is checked, so what is
 * validated is what the tool gets: a getter or a proxy read once, not again after validation
 * (where it could answer something else), and never the caller's objects, which the tool may
 * mutate. A key whose value is `undefined` is absent, as validation takes it; a class instance
 * is copied as its own enumerable properties, as `structuredClone` would. A value JSON has no
 * kind for (a `Map`, a `Date`, a `Promise`), nested deeper than `MAX_ARGUMENT_DEPTH` (a cycle
 * too), or unreadable is an issue at its JSON Pointer: the walk keeps its keys on a stack and
 * goes no deeper than that, so a hostile nesting cannot overflow the stack. (Copied by hand: a
 * few times faster than `structuredClone` on a million small arrays.)
 */
export function snapshotArguments(value: unknown): { value: unknown } | { issue: ArgumentIssue } {
  const keys: Array<string | number> = [];
  try {
    return { value: copyAt(value, keys) };
  } catch (error) {
    const path = pointerOf(keys);
    const received = error === TOO_DEEP ? "a value nested deeper" : error instanceof NotData ? `${/^[AEIOU]/.test(error.kind) ? "an" : "a"} ${error.kind}` : "one that throws when read";
    return { issue: { path, expected: error === TOO_DEEP ? `at most ${MAX_ARGUMENT_DEPTH} levels of nesting` : "JSON data", received } };
  }
}

/** A value of a kind JSON has not, by its `Object.prototype.toString` tag: `Map`, `Date`… */
class NotData {
  constructor(readonly kind: string) {}
}

function copyAt(value: unknown, keys: Array<string | number>): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (keys.length >= MAX_ARGUMENT_DEPTH) throw TOO_DEEP;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      keys.push(i);
      copy.push(copyAt(value[i], keys));
      keys.pop();
    }
    return copy;
  }
  const kind = Object.prototype.toString.call(value).slice(8, -1);
  if (kind !== "Object") throw new NotData(kind);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    keys.push(key);
    const item = copyAt((value as Record<string, unknown>)[key], keys);
    keys.pop();
    if (item !== undefined) setOwn(copy, key, item);
  }
  return copy;
}
