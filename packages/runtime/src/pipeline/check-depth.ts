import { appendPointer } from "./json-pointer.js";

/** Deeper arguments than this are refused before validation: no tool needs them, and recursion on them could overflow the stack. */
export const MAX_ARGUMENT_DEPTH = 128;

/**
 * The JSON Pointer of the first value nested deeper than `limit`, or undefined. Recursive but
 * never more than `limit` calls deep, so hostile nesting (10,000 levels) cannot overflow the
 * stack; nothing is allocated on the way down, and the pointer is only built for the value
 * at fault.
 */
export function findTooDeep(value: unknown, limit = MAX_ARGUMENT_DEPTH): string | undefined {
  const keys = pathTooDeep(value, 0, limit);
  return keys?.reduceRight<string>((pointer, key) => appendPointer(pointer, key), "");
}

/** The keys to the first value at `limit` below `node` (at `depth`), innermost first. */
function pathTooDeep(node: unknown, depth: number, limit: number): Array<string | number> | undefined {
  if (node === null || typeof node !== "object") return undefined;
  if (depth >= limit) return [];
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const keys = pathTooDeep(node[i], depth + 1, limit);
      if (keys) return (keys.push(i), keys);
    }
    return undefined;
  }
  for (const key of Object.keys(node)) {
    const keys = pathTooDeep((node as Record<string, unknown>)[key], depth + 1, limit);
    if (keys) return (keys.push(key), keys);
  }
  return undefined;
}
