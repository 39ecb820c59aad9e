import type { JsonSchema } from "@toolgen/runtime";

type SchemaObject = { [keyword: string]: unknown };

/** Keywords that describe without constraining: left out when comparing schemas. */
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment", "$schema", "$id", "$anchor"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
const SCHEMA_LISTS = new Set(["prefixItems", "anyOf", "oneOf", "allOf"]);
const SCHEMAS = new Set(["items", "additionalProperties", "not", "propertyNames"]);
/** Schemas with one of these have enough code to be worth a function of their own. */
const COMPOUND = ["properties", "patternProperties", "items", "prefixItems", "anyOf", "oneOf", "allOf"];

/**
 * Finds the subschemas that occur more than once across all validators of a module — the
 * `Address` or `Money` every tool of a package inlines — so each is generated once, as a
 * function, and called from every place it occurs. Two subschemas are the same when they
 * constrain the same (descriptions and other annotations aside). Subschemas holding a `$ref`
 * are never shared: a reference means something different in each root schema.
 *
 * Linear in the size of the schemas: each node's identity is computed from its children's
 * identities (hash-consing), never by serializing a whole subtree per level; once for a
 * compound node, and for a leaf (no subschemas) again wherever the same object recurs.
 */
export class SharedSchemas {
  /** Compound subschemas only (see `isCompound`): a leaf is never shared, and cheap to identify again where it recurs. */
  private readonly idOf = new Map<object, number | null>();
  private readonly ids = new Map<string, number>();
  private readonly uses: number[] = [];

  constructor(roots: readonly JsonSchema[]) {
    for (const root of roots) this.identify(root);
  }

  /** The identity of a subschema occurring more than once, or undefined. */
  sharedId(schema: JsonSchema): number | undefined {
    if (typeof schema !== "object" || schema === null) return undefined;
    const id = this.idOf.get(schema);
    return id === undefined || id === null || this.uses[id]! < 2 ? undefined : id;
  }

  /** Null for a subschema that cannot be shared (it holds a `$ref`); -1 and -2 for the boolean subschemas `true` and `false`. */
  private identify(schema: unknown): number | null {
    if (typeof schema !== "object" || schema === null) return schema === false ? -2 : -1;
    const known = this.idOf.get(schema);
    if (known !== undefined) return known;
    let shareable = true;
    // The identity key: the schema's JSON with each subschema replaced by its id, spelled
    // here directly (no object built to be stringified) — the same members in the same order.
    let text = "{";
    for (const keyword in schema) {
      if (!Object.hasOwn(schema, keyword) || ANNOTATIONS.has(keyword) || keyword.startsWith("x-")) continue;
      const value = (schema as SchemaObject)[keyword];
      let member: string | undefined;
      if (keyword === "$ref") shareable = false;
      if (SCHEMA_MAPS.has(keyword) && typeof value === "object" && value !== null) {
        member = "{";
        for (const name in value) {
          if (!Object.hasOwn(value, name)) continue;
          const child = this.identify((value as SchemaObject)[name]);
          if (child === null) shareable = false;
          member += `${member.length > 1 ? "," : ""}${JSON.stringify(name)}:${child}`;
        }
        member += "}";
      } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
        const children = value.map((child) => this.identify(child));
        if (children.includes(null)) shareable = false;
        member = JSON.stringify(children);
      } else if (SCHEMAS.has(keyword) && typeof value === "object" && value !== null) {
        const child = this.identify(value);
        if (child === null) shareable = false;
        member = String(child);
      } else {
        member = JSON.stringify(value);
      }
      // Left out as JSON.stringify leaves them out: undefined and functions.
      if (member !== undefined) text += `${text.length > 1 ? "," : ""}${JSON.stringify(keyword)}:${member}`;
    }
    text += "}";
    let id: number | null = null;
    if (shareable) {
      id = this.ids.get(text) ?? this.ids.size;
      if (id === this.ids.size) this.ids.set(text, id);
      this.uses[id] = (this.uses[id] ?? 0) + 1;
    }
    if (isCompound(schema)) this.idOf.set(schema, id);
    return id;
  }
}

/** Whether the schema has enough code to be worth a function of its own (when shared). */
function isCompound(schema: object): boolean {
  return COMPOUND.some((k) => k in schema);
}
