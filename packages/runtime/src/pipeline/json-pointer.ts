import { pointerSegment } from "../validation/validator-support.js";

/** JSON Pointer helpers shared by validation messages, repairs and conversions. */

export function appendPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${pointerSegment(String(segment))}`;
}

/** The pointer a stack of keys spells (a walk's place, kept as keys so no string is built per value). */
export function pointerOf(keys: ReadonlyArray<string | number>): string {
  return keys.reduce<string>(appendPointer, "");
}

export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => (s.includes("~") ? s.replace(/~1/g, "/").replace(/~0/g, "~") : s));
}

/** The value at a pointer, or undefined. Own properties only: never walks a prototype. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const segment of parsePointer(pointer)) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** How a pointer is shown to a model: `/items/0/name`, or `(root)`. */
export function displayPath(pointer: string): string {
  return pointer === "" ? "(root)" : pointer;
}
