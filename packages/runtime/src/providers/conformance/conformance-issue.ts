/** One way a projected tool list breaks a provider's documented rules. */
export interface ConformanceIssue {
  /** The provider's tool name, or "" for the list itself. */
  tool: string;
  /** JSON Pointer into the tool's schema. */
  path: string;
  rule: string;
}

export type Report = (tool: string, path: string, rule: string) => void;

export type SchemaObject = { [keyword: string]: unknown };

export function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every subschema with its pointer, the root first. */
export function* walkSchema(node: unknown, path = ""): Generator<[SchemaObject, string]> {
  if (!isObject(node)) return;
  yield [node, path];
  for (const k of ["items", "additionalProperties", "not"]) if (isObject(node[k])) yield* walkSchema(node[k], `${path}/${k}`);
  for (const k of ["anyOf", "oneOf", "allOf", "prefixItems"]) if (Array.isArray(node[k])) for (const [i, c] of (node[k] as unknown[]).entries()) yield* walkSchema(c, `${path}/${k}/${i}`);
  for (const k of ["properties", "$defs"]) if (isObject(node[k])) for (const [n, c] of Object.entries(node[k])) yield* walkSchema(c, `${path}/${k}/${n}`);
}

/** Every `$ref` points at a definition of the same schema. */
export function checkRefsResolve(tool: string, schema: unknown, report: Report): void {
  const defs = isObject(schema) && isObject(schema.$defs) ? schema.$defs : {};
  for (const [node, path] of walkSchema(schema)) {
    if (node.$ref === undefined) continue;
    const ref = node.$ref;
    if (ref === "#") continue;
    if (typeof ref !== "string" || !ref.startsWith("#/$defs/") || !Object.hasOwn(defs, ref.slice(8))) report(tool, path, `$ref ${JSON.stringify(ref)} does not resolve`);
  }
}
