import type * as ts from "typescript";
import type { ReaderContext } from "./reader-context.js";
import { reportUnsupported } from "./report-unsupported.js";
import type { TypeModel } from "./type-model.js";

/** Built-in classes that are not JSON, with what to use instead. */
const NOT_JSON: Record<string, [why: string, instead: string]> = {
  Map: ["a Map serializes to {}", "use Record<string, V>, or an array of [key, value] tuples"],
  ReadonlyMap: ["a Map serializes to {}", "use Record<string, V>, or an array of [key, value] tuples"],
  Set: ["a Set serializes to {}", "use an array (with @uniqueItems)"],
  ReadonlySet: ["a Set serializes to {}", "use an array (with @uniqueItems)"],
  WeakMap: ["weak collections are not data", "use Record<string, V>"],
  WeakSet: ["weak collections are not data", "use an array"],
  WeakRef: ["references are not data", "pass an identifier"],
  Promise: ["a Promise is not a value yet", "await it before it reaches a tool boundary"],
  RegExp: ["a RegExp serializes to {}", "use a string with @format regex"],
  Function: ["functions are not data", "pass data the tool can act on instead"],
  Symbol: ["symbols are not data", "use a string"],
  BigInt: ["JSON has no bigint", "use a number, or a string with @pattern ^-?\\d+$"],
  Uint8Array: ["bytes are not JSON", "use a base64 string (@format byte)"],
  Uint8ClampedArray: ["bytes are not JSON", "use a base64 string (@format byte)"],
  ArrayBuffer: ["bytes are not JSON", "use a base64 string (@format byte)"],
  SharedArrayBuffer: ["bytes are not JSON", "use a base64 string (@format byte)"],
  DataView: ["bytes are not JSON", "use a base64 string (@format byte)"],
  Buffer: ["bytes are not JSON", "use a base64 string (@format byte)"],
  Blob: ["bytes are not JSON", "use a base64 string (@format byte)"],
  Error: ["an Error serializes to {}", "use an object type with the fields you need"],
  URL: ["a URL is a class with methods", "use a string with @format uri"],
  Object: ["it admits any value but null and undefined, a string as well", "use object for any JSON object, or an interface with the data fields"],
  String: ["the wrapper object, not a string", "use string"],
  Number: ["the wrapper object, not a number", "use number"],
  Boolean: ["the wrapper object, not a boolean", "use boolean"],
};

/**
 * `Date` is a date-time string on the wire (the runtime converts it back); other built-ins
 * declared by TypeScript's lib or `@types/node` are reported with what to use instead.
 * Returns undefined for everything else.
 */
export function readBuiltin(ctx: ReaderContext, type: ts.Type, site: ts.Node): TypeModel | undefined {
  const symbol = type.getSymbol();
  if (!symbol) return undefined;
  const name = symbol.getName();
  if (name !== "Date" && !Object.hasOwn(NOT_JSON, name)) return undefined;
  const declarations = symbol.declarations ?? [];
  if (declarations.length === 0 || !declarations.every((d) => d.getSourceFile().isDeclarationFile)) return undefined;
  if (name === "Date") return { kind: "date" };
  const [why, instead] = NOT_JSON[name]!;
  return reportUnsupported(ctx, type, site, why, instead);
}
