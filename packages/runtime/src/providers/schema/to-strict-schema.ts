import { acceptsNull } from "./accepts-null.js";
import { describeDefault } from "./defaults-in-descriptions.js";
import { inlineRefs } from "./inline-refs.js";
import { isNode, type SchemaNode } from "./schema-node.js";

/**
 * OpenAI Structured Outputs (`strict: true`) accepts a subset of JSON Schema; every rule here
 * is from https://platform.openai.com/docs/guides/structured-outputs#supported-schemas:
 * - the root is an object, not `anyOf`;
 * - every object sets `additionalProperties: false` and lists every property in `required`
 *   ("To use Structured Outputs, all fields or function parameters must be specified as
 *   required"; an optional field is emulated with a union type with `null`);
 * - supported keywords: `type`, `properties`, `required`, `additionalProperties`, `items`,
 *   `anyOf`, `enum`, `const`, `description`, `$defs`/`$ref` (recursion allowed); strings:
 *   `pattern`, `format` (date-time, time, date, duration, email, hostname, ipv4, ipv6,
 *   uuid); numbers: `multipleOf`, `minimum`, `maximum`, `exclusiveMinimum`,
 *   `exclusiveMaximum`; arrays: `minItems`, `maxItems`. Anything else is dropped.
 *
 * Dropping a constraint only makes the provider's schema looser: arguments are validated
 * against our own schema at call time. A synthetic `null` (an optional property made
 * nullable) is removed again by `removeSyntheticNulls` before validation.
 */
export const STRICT_FORMATS = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];
export const STRICT_KEYWORDS = new Set(["type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "const", "description", "$defs", "$ref", "pattern", "format", "multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"]);
/**
 * Sizes OpenAI refuses a strict schema beyond (the same page, "Limitations"): object nesting,
 * properties and enum values in total; the characters of property names, definition names, enum
 * and const values in total; and of one string enum of more than 250 values.
 */
export const STRICT_LIMITS = Object.freeze({ depth: 10, properties: 5000, enumValues: 1000, characters: 120_000, largeEnum: { values: 250, characters: 15_000 } });
/** A lookahead or lookbehind, which strict mode's regular expressions do not take. */
export const LOOKAROUND = /\(\?<?[=!]/;

/** Keywords dropped without a word: they describe, they do not constrain. */
const ANNOTATIONS = new Set(["title", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment", "$schema", "$id"]);

export interface StrictResult {
  schema: SchemaNode;
  /** Why the schema cannot be strict (the tool is then sent with `strict: false`). */
  blockers: Array<{ path: string; message: string }>;
  /** Constraints the provider will not see. */
  dropped: Array<{ path: string; message: string }>;
}

export function toStrictSchema(input: SchemaNode): StrictResult {
  const blockers: StrictResult["blockers"] = [];
  const dropped: StrictResult["dropped"] = [];
  const { schema: inlined } = inlineRefs(input);
  let properties = 0;

  const rewrite = (node: SchemaNode, path: string): SchemaNode => {
    const out: SchemaNode = {};
    if (typeof node.$ref === "string") {
      // A reference cannot carry other keywords beside it in strict mode: a description
      // written beside it (a parameter's) goes on a one-member union around it instead.
      return typeof node.description === "string" ? { description: node.description, anyOf: [{ $ref: node.$ref }] } : { $ref: node.$ref };
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === "oneOf") continue;
      if (STRICT_KEYWORDS.has(k)) out[k] = v;
      else if (!ANNOTATIONS.has(k) && k !== "prefixItems" && k !== "allOf") dropped.push({ path, message: `'${k}' is not supported in strict mode` });
    }
    // The model must now send every property; telling it the default lets it send null knowingly.
    if (node.default !== undefined) out.description = describeDefault(out.description, node.default);
    // OpenAI answers a lookaround with a 400 ("regex lookaround is not supported"): the registry still checks it.
    if (typeof node.pattern === "string" && LOOKAROUND.test(node.pattern)) {
      delete out.pattern;
      dropped.push({ path, message: "a pattern with a lookaround ((?=, (?!, (?<=, (?<!) is not supported in strict mode" });
    }
    if (typeof node.format === "string" && !STRICT_FORMATS.includes(node.format)) {
      delete out.format;
      dropped.push({ path, message: `format '${node.format}' is not supported in strict mode` });
    }
    if (Array.isArray(node.oneOf)) out.anyOf = [...((out.anyOf as unknown[]) ?? []), ...node.oneOf];
    if (Array.isArray(node.allOf)) blockers.push({ path, message: "'allOf' is not supported in strict mode" });
    // Closed to its own (here no) properties, an object would refuse every member's.
    if (isObjectType(node) && (Array.isArray(node.anyOf) || Array.isArray(node.oneOf))) blockers.push({ path, message: "an object that is also a union ('anyOf' beside 'type: object') cannot be expressed in strict mode" });
    // A tuple has no strict form: an array of its member types would let the model send
    // them in any order, so the tool keeps its exact schema with strict: false instead.
    if (Array.isArray(node.prefixItems)) blockers.push({ path, message: "a tuple ('prefixItems') cannot be expressed in strict mode" });
    if (Object.keys(node).length === 0 || (node.type === undefined && node.anyOf === undefined && node.oneOf === undefined && node.enum === undefined && node.const === undefined && node.$ref === undefined && node.prefixItems === undefined)) {
      blockers.push({ path, message: "a value of any type cannot be expressed in strict mode" });
    }
    if (isNode(out.items)) out.items = rewrite(out.items, `${path}/items`);
    if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((m, i) => (isNode(m) ? rewrite(m, `${path}/anyOf/${i}`) : m));
    if (isNode(out.$defs)) out.$defs = Object.fromEntries(Object.entries(out.$defs).map(([n, d]) => [n, isNode(d) ? rewrite(d, `/$defs/${n}`) : d]));
    if (isObjectType(node)) rewriteObject(node, out, path);
    return out;
  };

  const rewriteObject = (node: SchemaNode, out: SchemaNode, path: string) => {
    // No `additionalProperties` is any key too (JSON Schema's default), as the registry validates it.
    if (node.additionalProperties !== false) {
      blockers.push({ path, message: "an object with arbitrary keys (an index signature or Record) cannot be expressed in strict mode" });
    }
    // Keys of a pattern (`{ [k: `data-${string}`]: string }`): strict mode would close the object to them.
    if (isNode(node.patternProperties) && Object.keys(node.patternProperties).length > 0) {
      blockers.push({ path, message: "an object with keys of a pattern (a template literal index signature) cannot be expressed in strict mode" });
    }
    if (nesting(path) > STRICT_LIMITS.depth) blockers.push({ path, message: `more than ${STRICT_LIMITS.depth} levels of object nesting exceed strict mode's limits` });
    const own = isNode(node.properties) ? (node.properties as Record<string, SchemaNode>) : {};
    properties += Object.keys(own).length;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    out.properties = Object.fromEntries(
      Object.entries(own).map(([name, child]) => {
        const childPath = `${path}/properties/${name}`;
        const rewritten = rewrite(child, childPath);
        return [name, required.has(name) || acceptsNull(child) ? rewritten : nullable(rewritten)];
      }),
    );
    out.required = Object.keys(own);
    out.additionalProperties = false;
  };

  const root = rewrite(inlined, "");
  if (!isObjectType(inlined)) blockers.push({ path: "", message: "the root of a strict schema must be an object" });
  if (properties > STRICT_LIMITS.properties) blockers.push({ path: "", message: `${properties} object properties exceed strict mode's limit of ${STRICT_LIMITS.properties}` });
  const enumValues = countEnumValues(root);
  if (enumValues > STRICT_LIMITS.enumValues) blockers.push({ path: "", message: `${enumValues} enum values exceed strict mode's limit of ${STRICT_LIMITS.enumValues}` });
  blockers.push(...strictTextProblems(root));
  return { schema: root, blockers, dropped };
}

/** Where a strict schema's text passes strict mode's limits (`STRICT_LIMITS.characters`, `.largeEnum`). */
export function strictTextProblems(schema: unknown): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  let characters = 0;
  const textOf = (value: unknown) => (typeof value === "string" ? value : value === null ? "" : JSON.stringify(value) ?? "");
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${path}/${i}`));
    if (!isNode(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if ((k === "properties" || k === "$defs") && isNode(v)) {
        for (const [name, child] of Object.entries(v)) {
          characters += name.length;
          visit(child, `${path}/${k}/${name}`);
        }
      } else if (k === "enum" && Array.isArray(v)) {
        const length = v.reduce((n: number, value) => n + textOf(value).length, 0);
        characters += length;
        const { values, characters: most } = STRICT_LIMITS.largeEnum;
        if (v.filter((value) => typeof value === "string").length > values && length > most) problems.push({ path, message: `an enum of ${v.length} values and ${length} characters exceeds strict mode's limit of ${most} characters for an enum of more than ${values} values` });
      } else if (k === "const") characters += textOf(v).length;
      else visit(v, `${path}/${k}`);
    }
  };
  visit(schema, "");
  if (characters > STRICT_LIMITS.characters) problems.push({ path: "", message: `${characters} characters of property names, definition names, enum and const values exceed strict mode's limit of ${STRICT_LIMITS.characters}` });
  return problems;
}

function countEnumValues(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + countEnumValues(item), 0);
  if (!isNode(node)) return 0;
  // A `const` is a value, not a schema: an `enum` key inside it is data.
  return Object.entries(node).reduce((n, [k, v]) => n + (k === "enum" && Array.isArray(v) ? v.length : k === "const" ? 0 : countEnumValues(v)), 0);
}

/** Keywords followed in a schema path by a name or an index, not by a keyword. */
const NAMING = new Set(["properties", "$defs", "anyOf", "oneOf", "allOf", "prefixItems", "patternProperties"]);

/** How many objects deep a schema path is (`/properties/a/properties/b` is 2, and so is `/properties/properties/properties/a`). */
export function nesting(path: string): number {
  const segments = path.split("/").slice(1);
  let depth = 0;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i] === "properties") depth++;
    if (NAMING.has(segments[i]!)) i++; // the name or index after it
  }
  return depth;
}

function isObjectType(node: SchemaNode): boolean {
  return node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
}

const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

/** `T` → `T | null`: a type list for primitives, `anyOf` for everything else. */
export function nullable(schema: SchemaNode): SchemaNode {
  if (typeof schema.type === "string" && PRIMITIVES.has(schema.type) && schema.const === undefined) {
    const out: SchemaNode = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  const { description, ...rest } = schema;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: "null" }] };
}
