import { inlineRefs } from "./inline-refs.js";
import { isRecordSchema, takesAnyString } from "../call/restore-gemini-arguments.js";
import { mapOf } from "./map-of.js";
import { isNode, refersToRoot, type SchemaNode } from "./schema-node.js";

/**
 * Gemini function declarations take an OpenAPI 3.0 `Schema` subset, not JSON Schema
 * (https://ai.google.dev/api/caching#Schema, https://ai.google.dev/gemini-api/docs/function-calling):
 * - `type` is one of STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT; `null` is written
 *   `nullable: true`; fields: format, title, description, nullable, enum, maxItems,
 *   minItems, properties, required, minProperties, maxProperties, minLength, maxLength,
 *   pattern, example, anyOf, default, items, minimum, maximum;
 * - no `$ref`/`$defs`, `additionalProperties`, `const`, `exclusiveMinimum`/`exclusiveMaximum`;
 * - `enum` is for STRING with `format: "enum"` only;
 * - formats: STRING `enum`, `date-time`; INTEGER `int32`, `int64`; NUMBER `float`, `double`;
 * - an OBJECT needs at least one property; a function without parameters leaves them unset.
 * References are inlined; a recursive type has no Gemini form and is an error. Constraints
 * Gemini cannot state are dropped (a warning): our own schema still validates the call.
 */
export interface GeminiResult {
  /** Undefined for a tool without parameters. */
  schema: SchemaNode | undefined;
  errors: Array<{ path: string; message: string }>;
  dropped: Array<{ path: string; message: string }>;
}

const FORMATS: Record<string, string[]> = { STRING: ["enum", "date-time"], INTEGER: ["int32", "int64"], NUMBER: ["float", "double"] };
const COPIED = ["title", "description", "minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum", "default"];
const KNOWN = new Set([...COPIED, "type", "format", "enum", "const", "properties", "required", "items", "anyOf", "oneOf", "prefixItems", "additionalProperties", "exclusiveMinimum", "exclusiveMaximum", "examples", "$ref", "$defs", "$schema", "$comment", "deprecated"]);

export function toGeminiSchema(input: SchemaNode): GeminiResult {
  const errors: GeminiResult["errors"] = [];
  const dropped: GeminiResult["dropped"] = [];
  const { schema, cyclic } = inlineRefs(input);
  if (cyclic.length > 0 || refersToRoot(schema)) {
    const names = cyclic.length ? cyclic.join(", ") : "the arguments object itself";
    return { schema: undefined, errors: [{ path: "", message: `recursive type ${names}: Gemini schemas have no references, so recursion cannot be expressed` }], dropped };
  }

  const convert = (node: SchemaNode, path: string): SchemaNode => {
    for (const k of Object.keys(node)) if (!KNOWN.has(k) && !((k === "patternProperties" || k === "propertyNames") && isRecordSchema(node))) dropped.push({ path, message: `'${k}' has no Gemini equivalent` });
    const out: SchemaNode = {};
    for (const k of COPIED) if (node[k] !== undefined) out[k] = node[k];
    if (Array.isArray(node.examples) && node.examples.length > 0) out.example = node.examples[0];

    let types = (Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]).map(String);
    let members = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])].filter(isNode);
    let values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
    // Null and nothing else (`{ type: "null" }`, `const: null`): the literal, sent as its text like the others.
    const onlyNullTypes = types.every((t) => t === "null") && members.every((m) => m.type === "null") && types.length + members.length > 0;
    if (values ? values.length > 0 && values.every((v) => v === null) : onlyNullTypes) values = [null];
    if (types.includes("null") || members.some((m) => m.type === "null")) out.nullable = true;
    types = types.filter((t) => t !== "null");
    members = members.filter((m) => m.type !== "null");

    if (values?.includes(null) && values.some((v) => v !== null)) {
      out.nullable = true;
      values = values.filter((v) => v !== null);
    }
    if (values?.length === 0) {
      errors.push({ path, message: "an enum of no value admits nothing; Gemini's enums list at least one" });
      return out;
    }
    if (values) {
      // Enums are strings only: other literals go as their JSON text, and `restoreGeminiArguments`
      // turns the model's choice back into the literal at call time.
      const texts = values.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
      if (new Set(texts).size === texts.length) {
        if (values.some((v) => typeof v !== "string")) dropped.push({ path, message: `the literals ${JSON.stringify(values)} are sent as strings and mapped back` });
        out.type = "STRING";
        out.format = "enum";
        out.enum = texts;
        return asEnumWritesIt(out);
      }
      dropped.push({ path, message: `the literals ${JSON.stringify(values)} cannot all be strings; they are stated in the description` });
      out.description = appendNote(out.description, `One of: ${values.map((v) => JSON.stringify(v)).join(", ")}.`);
    }
    for (const k of ["exclusiveMinimum", "exclusiveMaximum"] as const) {
      if (typeof node[k] === "number") {
        out[k === "exclusiveMinimum" ? "minimum" : "maximum"] = node[k];
        dropped.push({ path, message: `'${k}' becomes an inclusive bound for Gemini` });
      }
    }

    if (members.length > 0 && types.length > 0) {
      errors.push({ path, message: "a type that is also a union ('anyOf' beside 'type') has no Gemini form" });
      return out;
    }
    if (members.length > 0) {
      // Beside a string of any value, a number or boolean sent as its text would be that string: said in words instead.
      if (members.some((m) => takesAnyString(m, input))) {
        const literals = members.flatMap((m) => (Array.isArray(m.enum) ? m.enum : m.const !== undefined ? [m.const] : [])).filter((v) => typeof v !== "string" && v !== null);
        if (literals.length > 0) {
          members = members.filter((m) => !(Array.isArray(m.enum) ? m.enum : m.const !== undefined ? [m.const] : []).some((v) => typeof v !== "string" && v !== null));
          dropped.push({ path, message: `the literals ${JSON.stringify(literals)} cannot be told from the strings beside them; they are stated in the description, and their text arrives as a string` });
          out.description = appendNote(out.description, `Also: ${literals.map((v) => JSON.stringify(v)).join(", ")}.`);
        }
      }
      const converted = members.map((m, i) => convert(m, `${path}/anyOf/${i}`));
      // `T | null` is T, nullable; the property's own title and description win over T's.
      const own = Object.fromEntries(["title", "description"].filter((k) => out[k] !== undefined).map((k) => [k, out[k]]));
      // (A default given beside the union, `T | null`'s, is then one of T's values too.)
      if (converted.length === 1) asEnumWritesIt(Object.assign(out, converted[0], own, out.nullable ? { nullable: true } : {}));
      else out.anyOf = converted;
      return out;
    }
    if (types.length > 1) {
      const { description: _description, title: _title, ...rest } = node;
      out.anyOf = types.map((t) => convert({ ...rest, type: t }, path));
      for (const k of Object.keys(out)) if (k !== "anyOf" && k !== "description" && k !== "nullable" && k !== "title") delete out[k];
      return out;
    }
    const type = types[0];
    if (type === undefined) {
      if (!out.type) errors.push({ path, message: "a value of any type has no Gemini form" });
      return out;
    }
    if (!out.type) out.type = type.toUpperCase();
    if (typeof node.format === "string" && out.format === undefined) {
      if (FORMATS[out.type as string]?.includes(node.format)) out.format = node.format;
      else {
        dropped.push({ path, message: `format '${node.format}' is not one Gemini knows; it is stated in the description` });
        out.description = appendNote(out.description, `Format: ${node.format}.`);
      }
    }
    if (type === "object" && isRecordSchema(node)) convertRecord(node, out, path);
    else if (type === "object") convertObject(node, out, path);
    if (type === "array") convertArray(node, out, path);
    return out;
  };

  const convertObject = (node: SchemaNode, out: SchemaNode, path: string) => {
    const properties = isNode(node.properties) ? (node.properties as Record<string, SchemaNode>) : {};
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      if (Object.keys(properties).length > 0) dropped.push({ path, message: "keys beyond the named properties cannot be stated for Gemini" });
      else errors.push({ path, message: "an object of any shape has no Gemini form" });
    } else if (Object.keys(properties).length === 0 && path !== "") errors.push({ path, message: "an object without properties has no Gemini form (OBJECT needs properties)" });
    out.properties = Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, convert(child, `${path}/properties/${name}`)]));
    if (Array.isArray(node.required) && node.required.length > 0) out.required = node.required;
  };

  /** A map (`Record`, index signature) as a list of `{ key, value }` pairs; `restoreGeminiArguments` turns it back. */
  const convertRecord = (node: SchemaNode, out: SchemaNode, path: string) => {
    out.type = "ARRAY";
    const map = mapOf(node)!;
    const value = convert(map.value, isNode(node.additionalProperties) ? `${path}/additionalProperties` : `${path}/patternProperties/${map.keyPattern}`);
    const key = map.keyPattern === undefined ? { type: "STRING" } : { type: "STRING", pattern: map.keyPattern };
    out.items = { type: "OBJECT", properties: { key, value }, required: ["key", "value"] };
    out.description = appendNote(out.description, "A list of { key, value } pairs, one per entry.");
    // An object's default or example is not a list of pairs; toolgen still applies a default the model leaves out.
    delete out.default;
    delete out.example;
    dropped.push({ path, message: "an object with arbitrary keys is sent as a list of { key, value } pairs and mapped back" });
  };

  const convertArray = (node: SchemaNode, out: SchemaNode, path: string) => {
    if (Array.isArray(node.prefixItems)) {
      const members = node.prefixItems.filter(isNode).map((m, i) => convert(m, `${path}/prefixItems/${i}`));
      const typeName = (m: SchemaNode) => String(m.type ?? "any").toLowerCase();
      // A rest element (`[string, ...number[]]`): its type is one more the items may be.
      const rest = isNode(node.items) ? convert(node.items, `${path}/items`) : undefined;
      // Each type once (`[number, number]` has items of one type).
      const itemTypes = [...new Map([...members, ...(rest ? [rest] : [])].map((m) => [JSON.stringify(m), m])).values()];
      out.items = itemTypes.length === 1 ? itemTypes[0] : { anyOf: itemTypes };
      out.description = appendNote(out.description, `Items in this order: ${members.map(typeName).join(", ")}${rest ? `, then any number of ${typeName(rest)}` : ""}.`);
      out.minItems ??= members.length;
      if (node.items === false || node.items === undefined) out.maxItems = members.length;
      dropped.push({ path, message: "a tuple is sent as an array of its member types" });
    } else if (isNode(node.items)) out.items = convert(node.items, `${path}/items`);
  };

  const root = convert(schema, "");
  const empty = isNode(root.properties) && Object.keys(root.properties).length === 0;
  // A node of several types is converted once per type: what each conversion says of it, once.
  const once = <T extends { path: string; message: string }>(list: T[]) => [...new Map(list.map((i) => [`${i.path}\n${i.message}`, i])).values()];
  return { schema: empty ? undefined : root, errors: once(errors), dropped: once(dropped) };
}

/** A default or example of an enum is one of its values: written as the enum writes it. */
function asEnumWritesIt(node: SchemaNode): SchemaNode {
  if (!Array.isArray(node.enum)) return node;
  for (const k of ["default", "example"]) {
    // null is no enum value but `nullable`'s: left out rather than written as the text "null".
    if (node[k] === null) delete node[k];
    else if (node[k] !== undefined && typeof node[k] !== "string") node[k] = JSON.stringify(node[k]);
  }
  // Bounds of numeric literals sent as text: a STRING has none, and the values listed are the choice.
  delete node.minimum;
  delete node.maximum;
  return node;
}

function appendNote(description: unknown, note: string): string {
  return typeof description === "string" && description.length > 0 ? `${description} ${note}` : note;
}
