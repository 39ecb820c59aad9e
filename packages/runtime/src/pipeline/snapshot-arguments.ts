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
 * mutate. A key whose value is `undefined` is absent, as validation takes it. JSON data is
 * copied by hand (a few times faster than `structuredClone` on a million small arrays); anything
 * else (a class instance from a caller in the same program) as `structuredClone` copies it.
 * Deeper than `MAX_ARGUMENT_DEPTH` (a cycle too) or unreadable is an issue at its JSON Pointer:
 * the walk keeps its keys on a stack, so a hostile nesting cannot overflow the stack.
 */
export function snapshotArguments(value: unknown): { value: unknown } | { issue: ArgumentIssue } {
  const keys: Array<string | number> = [];
  try {
    return { value: copyAt(value, keys) };
  } catch (error) {
    const path = pointerOf(keys);
    return { issue: error === TOO_DEEP ? { path, expected: `at most ${MAX_ARGUMENT_DEPTH} levels of nesting`, received: "a value nested deeper" } : { path, expected: "a value", received: "one that throws when read" } };
  }
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
  if (!isPlain(value)) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    keys.push(key);
    const item = copyAt((value as Record<string, unknown>)[key], keys);
    keys.pop();
    if (item !== undefined) setOwn(copy, key, item);
  }
  return copy;
}

/** An object of JSON's kind: not a class instance, a `Map`, a `Date`. */
export const isPlain = (value: object): boolean => [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);
