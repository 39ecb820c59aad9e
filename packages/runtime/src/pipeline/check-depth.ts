import { appendPointer } from "./json-pointer.js";

/** Deeper arguments than this are refused before validation: no tool needs them, and recursion on them could overflow the stack. */
export const MAX_ARGUMENT_DEPTH = 128;

interface Frame {
  node: unknown;
  depth: number;
  parent: Frame | undefined;
  key: string | number;
}

/**
 * The JSON Pointer of the first value nested deeper than `limit`, or undefined. Iterative,
 * so hostile nesting (10,000 levels) cannot overflow the stack here; scalars are skipped
 * without allocating, and the pointer is only built for the value at fault.
 */
export function findTooDeep(value: unknown, limit = MAX_ARGUMENT_DEPTH): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const stack: Frame[] = [{ node: value, depth: 0, parent: undefined, key: "" }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node, depth } = frame;
    if (depth >= limit) return pointerOf(frame);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (child !== null && typeof child === "object") stack.push({ node: child, depth: depth + 1, parent: frame, key: i });
      }
    } else {
      for (const key of Object.keys(node as object)) {
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === "object") stack.push({ node: child, depth: depth + 1, parent: frame, key });
      }
    }
  }
  return undefined;
}

function pointerOf(frame: Frame): string {
  const keys: Array<string | number> = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) keys.unshift(f.key);
  return keys.reduce<string>((pointer, key) => appendPointer(pointer, key), "");
}
