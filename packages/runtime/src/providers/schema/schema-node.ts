/** Helpers every schema rewrite shares: schemas here are plain JSON objects. */
export type SchemaNode = { [keyword: string]: unknown };

export function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `#/$defs/Name` → `Name`; anything else → undefined. */
export function defName(ref: unknown): string | undefined {
  return typeof ref === "string" && ref.startsWith("#/$defs/") ? decodeURIComponent(ref.slice("#/$defs/".length)).replace(/~1/g, "/").replace(/~0/g, "~") : undefined;
}

export function defsOf(root: SchemaNode): Record<string, SchemaNode> {
  return isNode(root.$defs) ? (root.$defs as Record<string, SchemaNode>) : {};
}

/** The keywords holding one subschema, and those holding a list or a map of them. */
export const SINGLE_SUBSCHEMA = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems"] as const;
export const LIST_SUBSCHEMAS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
export const MAP_SUBSCHEMAS = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;

/** Applies `fn` to every direct subschema, returning a new node (the input is not touched). */
export function mapSubschemas(node: SchemaNode, fn: (child: SchemaNode, keyword: string) => unknown): SchemaNode {
  const out: SchemaNode = { ...node };
  for (const k of SINGLE_SUBSCHEMA) if (isNode(node[k])) out[k] = fn(node[k] as SchemaNode, k);
  for (const k of LIST_SUBSCHEMAS) if (Array.isArray(node[k])) out[k] = (node[k] as unknown[]).map((c) => (isNode(c) ? fn(c, k) : c));
  for (const k of MAP_SUBSCHEMAS) {
    if (!isNode(node[k])) continue;
    out[k] = Object.fromEntries(Object.entries(node[k] as SchemaNode).map(([name, c]) => [name, isNode(c) ? fn(c, k) : c]));
  }
  return out;
}

/** The `$defs` names a subschema refers to directly (not through other definitions). */
export function collectRefs(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const c of node) collectRefs(c, into);
  else if (isNode(node)) {
    const name = defName(node.$ref);
    if (name !== undefined) into.add(name);
    for (const [k, v] of Object.entries(node)) if (k !== "$defs" && k !== "const" && k !== "enum" && k !== "default" && k !== "examples") collectRefs(v, into);
  }
  return into;
}

/** Whether the schema refers to its own root (`"$ref": "#"`), which can never be inlined. */
export function refersToRoot(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(refersToRoot);
  if (!isNode(node)) return false;
  if (node.$ref === "#") return true;
  return Object.entries(node).some(([k, v]) => k !== "const" && k !== "enum" && k !== "default" && k !== "examples" && refersToRoot(v));
}
