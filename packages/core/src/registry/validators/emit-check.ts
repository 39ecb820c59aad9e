import type { JsonSchema } from "@toolgen/runtime";
import { FAILURE_KEYWORDS } from "@toolgen/runtime/validation";

type SchemaObject = { [keyword: string]: unknown };

/**
 * What the code of one check needs from the module it is written into: hoisted constants,
 * patterns and format tests, fresh local names, and the functions of shared subschemas and
 * of `$ref` targets.
 */
export interface CheckScope {
  constant(value: unknown): string;
  pattern(source: string): string;
  /** The function checking a format; undefined when the format checks nothing. */
  format(name: string): string | undefined;
  local(prefix: string): string;
  /** The function checking this subschema, when it is shared (see SharedSchemas). */
  shared(schema: JsonSchema): string | undefined;
  /** The function checking the target of a `$ref` of the current root schema. */
  ref(ref: string): string;
}

/**
 * A failed keyword as generated code passes it to `fail`: its number in `FAILURE_KEYWORDS`.
 * Shorter than the name, and it keeps words such as `required` out of the module's text:
 * TypeScript looks for dynamic imports by searching the text for `import` and `require`, and
 * every match costs a walk of the syntax tree.
 */
function failureCode(keyword: string): number {
  const index = (FAILURE_KEYWORDS as readonly string[]).indexOf(keyword);
  if (index < 0) throw new Error(`toolgen: no failure code for the keyword '${keyword}'`);
  return index;
}

/**
 * Writes the statements that check the value in variable `data` against `schema`, pushing
 * one error per failed keyword onto `e` (with `fail` from `@toolgen/runtime/validation`).
 * `path` is a JavaScript expression for the value's JSON Pointer; it is evaluated only when
 * an error is recorded (or a function is called), so the valid path builds no strings.
 *
 * Checks and errors are those of the interpreting validator (`compileSchema` in the
 * runtime), keyword by keyword; the tests hold both to ajv.
 */
export function emitCheck(schema: JsonSchema | undefined, data: string, path: string, scope: CheckScope): string {
  if (schema === undefined || schema === true) return "";
  if (schema === false) return `$fail(e,${path},${failureCode("false schema")});`;
  const shared = scope.shared(schema);
  if (shared) return `${shared}(${data},${path},e);`;
  return emitSchema(schema as SchemaObject, data, path, scope);
}

/** The body of a check, never through a shared function (that function's own body). */
export function emitSchema(s: SchemaObject, data: string, path: string, scope: CheckScope): string {
  let code = typeof s.$ref === "string" ? `${scope.ref(s.$ref)}(${data},${path},e);` : "";
  const types = s.type === undefined ? undefined : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const rest = emitValue(s, data, path, scope, types) + emitCombinators(s, data, path, scope);
  if (!types) return code + rest;
  const failure = `$fail(e,${path},${failureCode("type")},${JSON.stringify(types.join(","))});`;
  code += rest ? `if(${typeTest(types, data)}){${rest}}else ${failure}` : `if(!(${typeTest(types, data)}))${failure}`;
  return code;
}

function typeTest(types: readonly string[], data: string): string {
  return types.map((type) => {
    switch (type) {
      case "null":
        return `${data}===null`;
      case "array":
        return `$isArray(${data})`;
      case "object":
        return `$isObject(${data})`;
      case "integer":
        return `$isInteger(${data})`;
      case "number":
        return `$isFinite(${data})`;
      default:
        return `typeof ${data}===${JSON.stringify(type)}`;
    }
  }).join("||");
}

function emitValue(s: SchemaObject, data: string, path: string, scope: CheckScope, types: readonly string[] | undefined): string {
  let code = "";
  if (Array.isArray(s.enum)) code += `if(!${includes(s.enum, data, scope)})$fail(e,${path},${failureCode("enum")},${scope.constant(s.enum)});`;
  if (Object.hasOwn(s, "const")) code += `if(!${equals(s.const, data, scope)})$fail(e,${path},${failureCode("const")},${literal(s.const, scope)});`;
  const only = (...kinds: string[]) => types !== undefined && types.every((t) => kinds.includes(t));
  const guard = (test: string, body: string, known: boolean) => (body === "" ? "" : known ? body : `if(${test}){${body}}`);
  code += guard(`typeof ${data}==="string"`, emitString(s, data, path, scope), only("string"));
  code += guard(`typeof ${data}==="number"`, emitNumber(s, data, path), only("number", "integer"));
  code += guard(`$isArray(${data})`, emitArray(s, data, path, scope), only("array"));
  code += guard(`$isObject(${data})`, emitObject(s, data, path, scope), only("object"));
  return code;
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== "object";
}

function literal(value: unknown, scope: CheckScope): string {
  return isPrimitive(value) ? JSON.stringify(value) : scope.constant(value);
}

function equals(value: unknown, data: string, scope: CheckScope): string {
  return isPrimitive(value) ? `(${data}===${JSON.stringify(value)})` : `$jsonEqual(${scope.constant(value)},${data})`;
}

function includes(values: readonly unknown[], data: string, scope: CheckScope): string {
  if (!values.every(isPrimitive)) return `$includesEqual(${scope.constant(values)},${data})`;
  if (values.length <= 4) return `(${values.map((v) => `${data}===${JSON.stringify(v)}`).join("||") || "false"})`;
  return `${scope.constant(values)}.includes(${data})`;
}

/**
 * Cheap checks first: a string over its `maxLength` is not given to the pattern or the format
 * check, whose cost grows with the length (the analyzer accepts a slow pattern only under a
 * tight `maxLength`, see TG2008). Within the bounds every keyword is checked, as before.
 */
function emitString(s: SchemaObject, data: string, path: string, scope: CheckScope): string {
  let code = "";
  let costly = "";
  if (typeof s.pattern === "string") costly += `if(!${scope.pattern(s.pattern)}.test(${data}))$fail(e,${path},${failureCode("pattern")},${JSON.stringify(s.pattern)});`;
  const format = typeof s.format === "string" ? scope.format(s.format) : undefined;
  if (format) costly += `if(!${format}(${data}))$fail(e,${path},${failureCode("format")},${JSON.stringify(s.format)});`;
  if (typeof s.minLength === "number" || typeof s.maxLength === "number") {
    const length = scope.local("n");
    code += `const ${length}=$codePoints(${data});`;
    if (typeof s.minLength === "number") code += `if(${length}<${s.minLength})$fail(e,${path},${failureCode("minLength")},${s.minLength});`;
    if (typeof s.maxLength === "number") return code + withinLimit(`${length}>${s.maxLength}`, `$fail(e,${path},${failureCode("maxLength")},${s.maxLength});`, costly);
  }
  return code + costly;
}

/** `if(over)failure` — and the checks whose cost grows with the size only when it is not over. */
function withinLimit(over: string, failure: string, costly: string): string {
  return costly === "" ? `if(${over})${failure}` : `if(${over})${failure}else{${costly}}`;
}

const COMPARISONS: Array<[string, string]> = [["minimum", ">="], ["maximum", "<="], ["exclusiveMinimum", ">"], ["exclusiveMaximum", "<"]];

function emitNumber(s: SchemaObject, data: string, path: string): string {
  let code = "";
  for (const [keyword, operator] of COMPARISONS) {
    const limit = s[keyword];
    if (typeof limit === "number") code += `if(!(${data}${operator}${limit}))$fail(e,${path},${failureCode(keyword)},${limit});`;
  }
  if (typeof s.multipleOf === "number") code += `if(!$isInteger(${data}/${s.multipleOf}))$fail(e,${path},${failureCode("multipleOf")},${s.multipleOf});`;
  return code;
}

/** Cheap checks first: an array over its `maxItems` is not walked (items, `uniqueItems`). */
function emitArray(s: SchemaObject, data: string, path: string, scope: CheckScope): string {
  let code = "";
  if (typeof s.minItems === "number") code += `if(${data}.length<${s.minItems})$fail(e,${path},${failureCode("minItems")},${s.minItems});`;
  const costly = emitItems(s, data, path, scope);
  if (typeof s.maxItems === "number") return code + withinLimit(`${data}.length>${s.maxItems}`, `$fail(e,${path},${failureCode("maxItems")},${s.maxItems});`, costly);
  return code + costly;
}

function emitItems(s: SchemaObject, data: string, path: string, scope: CheckScope): string {
  let code = "";
  const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]) : [];
  prefix.forEach((sub, i) => {
    const item = scope.local("d");
    const check = emitCheck(sub, item, appendPath(path, `/${i}`), scope);
    if (check) code += `if(${data}.length>${i}){const ${item}=${data}[${i}];${check}}`;
  });
  if (s.items !== undefined && s.items !== true) {
    const index = scope.local("i");
    const item = scope.local("d");
    const itemPath = `${appendPath(path, "/")}+${index}`;
    const check = s.items === false ? `$fail(e,${itemPath},${failureCode("false schema")});` : `const ${item}=${data}[${index}];${emitCheck(s.items as JsonSchema, item, itemPath, scope)}`;
    code += `for(let ${index}=${prefix.length};${index}<${data}.length;${index}++){${check}}`;
  }
  if (s.uniqueItems === true) {
    const pair = scope.local("u");
    code += `const ${pair}=$duplicateItems(${data});if(${pair})$fail(e,${path},${failureCode("uniqueItems")},${pair}[0],${pair}[1]);`;
  }
  return code;
}

/** Names that objects inherit from Object.prototype: read as own properties only. */
const inherited = (name: string) => name in Object.prototype;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function member(data: string, name: string): string {
  return IDENTIFIER.test(name) ? `${data}.${name}` : `${data}[${JSON.stringify(name)}]`;
}

/** A property's JSON Pointer segment, `/name` escaped. */
function segment(name: string): string {
  return `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** `path + text` as a JavaScript expression, extending the path's last string literal when it ends in one. */
function appendPath(path: string, text: string): string {
  const literal = JSON.stringify(text).slice(1, -1);
  return path.endsWith('"') ? `${path.slice(0, -1)}${literal}"` : `${path}+"${literal}"`;
}

function emitObject(s: SchemaObject, data: string, path: string, scope: CheckScope): string {
  // Each property the checks read is read once, into a local, by one destructuring at the top:
  // fewer reads than testing `d.name` in place (required, present, then its type), and no
  // property access for the application's compiler to resolve — TypeScript's emit resolves
  // every one it prints (to inline const enums), a large part of what the module costs it.
  const locals = new Map<string, string>();
  const read = (name: string) => {
    let local = locals.get(name);
    if (local === undefined) locals.set(name, (local = scope.local("d")));
    return local;
  };
  const used = new Set<string>();
  let code = "";
  for (const name of (s.required as string[] | undefined) ?? []) {
    let missing: string;
    if (inherited(name)) missing = `!Object.hasOwn(${data},${JSON.stringify(name)})`;
    else {
      missing = `${read(name)}===undefined`;
      used.add(name);
    }
    code += `if(${missing})$fail(e,${path},${failureCode("required")},${JSON.stringify(name)});`;
  }
  let limit: { over: string; failure: string } | undefined;
  if (typeof s.minProperties === "number" || typeof s.maxProperties === "number") {
    const count = scope.local("n");
    code += `const ${count}=$keys(${data}).length;`;
    if (typeof s.minProperties === "number") code += `if(${count}<${s.minProperties})$fail(e,${path},${failureCode("minProperties")},${s.minProperties});`;
    if (typeof s.maxProperties === "number") limit = { over: `${count}>${s.maxProperties}`, failure: `$fail(e,${path},${failureCode("maxProperties")},${s.maxProperties});` };
  }
  let costly = "";
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, sub] of Object.entries(properties)) {
    const propertyPath = appendPath(path, segment(name));
    if (inherited(name)) {
      const value = scope.local("d");
      const check = emitCheck(sub, value, propertyPath, scope);
      if (check) costly += `if(Object.hasOwn(${data},${JSON.stringify(name)})){const ${value}=${member(data, name)};${check}}`;
      continue;
    }
    const value = read(name);
    const check = emitCheck(sub, value, propertyPath, scope);
    if (!check) continue;
    used.add(name);
    costly += `if(${value}!==undefined){${check}}`;
  }
  costly += emitKeys(s, data, path, scope, Object.keys(properties));
  const reads = [...used].map((name) => `${IDENTIFIER.test(name) ? name : JSON.stringify(name)}:${locals.get(name)!}`);
  // Cheap checks first: an object over its `maxProperties` is not walked.
  return (reads.length ? `const{${reads.join(",")}}=${data};` : "") + code + (limit ? withinLimit(limit.over, limit.failure, costly) : costly);
}

/** The loop over the object's own keys, for `propertyNames`, `patternProperties` and `additionalProperties`. */
function emitKeys(s: SchemaObject, data: string, path: string, scope: CheckScope, known: readonly string[]): string {
  const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, JsonSchema>);
  const additional = s.additionalProperties as JsonSchema | undefined;
  if (s.propertyNames === undefined && patterns.length === 0 && (additional === undefined || additional === true)) return "";
  const key = scope.local("k");
  const keyPath = `${appendPath(path, "/")}+$pointerSegment(${key})`;
  let body = s.propertyNames === undefined ? "" : emitCheck(s.propertyNames as JsonSchema, key, path, scope);
  const matched = scope.local("m");
  if (patterns.length > 0) body += `let ${matched}=false;`;
  for (const [pattern, sub] of patterns) {
    const value = scope.local("d");
    body += `if(${scope.pattern(pattern)}.test(${key})){${matched}=true;const ${value}=${data}[${key}];${emitCheck(sub, value, keyPath, scope)}}`;
  }
  if (additional !== undefined && additional !== true) {
    const isKnown = known.length === 0 ? "false" : known.length <= 8 ? known.map((k) => `${key}===${JSON.stringify(k)}`).join("||") : `${scope.constant(known)}.includes(${key})`;
    const unmatched = patterns.length > 0 ? `!(${isKnown})&&!${matched}` : `!(${isKnown})`;
    const value = scope.local("d");
    const check = additional === false ? `$fail(e,${path},${failureCode("additionalProperties")},${key});` : `{const ${value}=${data}[${key}];${emitCheck(additional, value, keyPath, scope)}}`;
    body += `if(${unmatched})${check}`;
  }
  return `for(const ${key} of $keys(${data})){${body}}`;
}

function emitCombinators(s: SchemaObject, data: string, path: string, scope: CheckScope): string {
  let code = "";
  if (Array.isArray(s.allOf)) for (const sub of s.allOf as JsonSchema[]) code += emitCheck(sub, data, path, scope);
  if (Array.isArray(s.anyOf)) code += emitAnyOf(s.anyOf as JsonSchema[], data, path, scope);
  if (Array.isArray(s.oneOf)) {
    const count = scope.local("c");
    const passed = scope.local("a");
    code += `let ${count}=0,${passed};`;
    for (const sub of s.oneOf as JsonSchema[]) code += `${verdict(emitCheck(sub, data, path, scope), passed)}if(${passed})${count}++;`;
    code += `if(${count}!==1)$fail(e,${path},${failureCode("oneOf")},${count});`;
  }
  if (s.not !== undefined) {
    const passed = scope.local("a");
    code += `let ${passed};${verdict(emitCheck(s.not as JsonSchema, data, path, scope), passed)}if(${passed})$fail(e,${path},${failureCode("not")});`;
  }
  return code;
}

/**
 * Runs a check whose errors are dropped (a member of `anyOf`, `oneOf`, `not`) on a list of
 * its own — the block's `e` shadows the caller's — that only records whether it failed
 * (`verdictList`), and sets `passed`.
 */
function verdict(check: string, passed: string): string {
  return `{const e=$verdictList();try{${check}}catch(x){$stopped(x)}${passed}=e.length===0;}`;
}

/**
 * `anyOf`: the members are tried in order until one passes; their errors are dropped and one
 * `anyOf` error stands for them. A discriminated union (every member an object whose
 * required tag property has its own `const`) goes straight to the member its tag names — the
 * others would fail on the tag — with the same result, in one check.
 */
function emitAnyOf(members: readonly JsonSchema[], data: string, path: string, scope: CheckScope): string {
  const passed = scope.local("a");
  const tag = discriminator(members);
  let code = `let ${passed}=false;`;
  if (tag !== undefined) {
    const value = scope.local("t");
    const cases = members.map((m) => {
      const constant = ((m as SchemaObject).properties as Record<string, SchemaObject>)[tag]!.const;
      return `if(${value}===${JSON.stringify(constant)})${verdict(emitCheck(m, data, path, scope), passed)}`;
    });
    code += `if(typeof ${data}==="object"&&${data}!==null){const ${value}=${member(data, tag)};${cases.join("else ")}}`;
  } else {
    let nested = "";
    for (const m of [...members].reverse()) nested = `${verdict(emitCheck(m, data, path, scope), passed)}${nested ? `if(!${passed}){${nested}}` : ""}`;
    code += nested;
  }
  return `${code}if(!${passed})$fail(e,${path},${failureCode("anyOf")});`;
}

function discriminator(members: readonly JsonSchema[]): string | undefined {
  if (members.length < 2) return undefined;
  const objects = members.map((m) => (typeof m === "object" && m !== null ? (m as SchemaObject) : undefined));
  const first = objects[0];
  if (!first || typeof first.properties !== "object" || first.properties === null) return undefined;
  for (const tag of Object.keys(first.properties)) {
    if (inherited(tag)) continue;
    const values = objects.map((o) => {
      if (!o || o.type !== "object" || !Array.isArray(o.required) || !o.required.includes(tag)) return undefined;
      const property = (o.properties as Record<string, SchemaObject> | undefined)?.[tag];
      return property && Object.hasOwn(property, "const") && isPrimitive(property.const) ? property.const : undefined;
    });
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length) return tag;
  }
  return undefined;
}
