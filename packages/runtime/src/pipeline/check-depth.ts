import { appendPointer } from "./json-pointer.js";

/** Deeper arguments than this are refused before validation: no tool needs them, and recursion on them could overflow the stack. */
export const MAX_ARGUMENT_DEPTH = 128;

/**
 * The JSON Pointer of the first value nested deeper than `limit`, or undefined. Iterative,
 * so hostile nesting (10,000 levels) cannot overflow the stack here.
 */
export function findTooDeep(value: unknown, limit = MAX_ARGUMENT_DEPTH): string | undefined {
  const stack: Array<{ node: unknown; depth: number; path: string }> = [{ node: value, depth: 0, path: "" }];
  while (stack.length > 0) {
    const { node, depth, path } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= limit) return path;
    for (const key of Object.keys(node)) stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1, path: appendPointer(path, key) });
  }
  return undefined;
}
