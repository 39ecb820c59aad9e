import type { JsonSchema } from "../manifest/manifest-format.js";
import type { CompiledValidator, ValidatorError } from "./index.js";
import { jsonEqual } from "./json-equal.js";
import { assertFormatsCarried, formatLookup, type FormatLookup } from "./format-checks.js";
import { codePoints, duplicateItems, fail, isMultipleOf, isObject, isVerdictList, MAX_ERRORS, pointerSegment, record, stopped, verdictList } from "./validator-support.js";
import { assertSupportedSchema, resolveLocalRef } from "./supported-schema.js";
import { NUMBER_FORMAT_CHECKS } from "./number-formats.js";

type Schema = { readonly [keyword: string]: unknown };
type Ok = (data: unknown) => boolean;
type Check = (data: unknown, path: string, errors: ValidatorError[]) => void;

/**
 * A schema compiled into closures: `ok` answers valid or not and stops at the first failure,
 * building nothing; `check` records every failure with its JSON Pointer. A validator runs
 * `ok` and, only when it fails, `check` — so valid input (most calls) builds no path and no
 * error, and invalid input costs at most two walks.
 */
interface Node {
  ok: Ok;
  check: Check;
  /** Set on the node of a lone primitive type (see `passes`). */
  leaf?: number;
}

const ANY: Node = { ok: () => true, check: () => {} };
const NOTHING: Node = { ok: () => false, check: (_, path, errors) => fail(errors, path, "false schema") };
const DATE_TIME_ONLY = formatLookup();
/** Counts validations: a union's verdicts are kept (see `remembered`) for the validation that is running only. */
let validation = 0;
/** Set while `closest` tries the members of a union: the unions inside them say only that they failed. */
let choosing = false;

/**
 * The validator of a JSON Schema (2020-12): the subset of keywords toolgen's analyzer writes
 * and tool schemas use (the others are refused here, when the schema is compiled, not ignored
 * at call time). It compiles the schema into closures — no generated code, no `eval` — so it
 * runs under `--disallow-code-generation-from-strings` and a strict CSP, and a registry module
 * carries its schemas as data (strings, which cost the application's compiler almost nothing)
 * rather than as code.
 *
 * Errors have ajv's shape, so every validator shares one message formatter. Formats are
 * checked through `formats` (see `formatLookup`; by default `date-time` alone): a schema
 * naming a format whose check is not there is refused here, like an unsupported keyword.
 */
export function compileSchema(schema: JsonSchema, formats: FormatLookup = DATE_TIME_ONLY): CompiledValidator {
  assertSupportedSchema(schema);
  assertFormatsCarried(schema, formats);
  const compiler = new Compiler(schema, formats);
  const root = compiler.node(schema);
  compiler.resolveRefs();
  const validate: CompiledValidator = (data: unknown) => {
    validation++;
    if (root.ok(data)) {
      validate.errors = null;
      return true;
    }
    const errors: ValidatorError[] = [];
    try {
      root.check(data, "", errors);
    } catch (thrown) {
      stopped(thrown);
    }
    validate.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return validate;
}

class Compiler {
  private readonly refs = new Map<string, Node>();

  constructor(
    private readonly root: JsonSchema,
    private readonly formats: FormatLookup,
  ) {}

  node(schema: JsonSchema | undefined): Node {
    if (schema === undefined || schema === true) return ANY;
    if (schema === false) return NOTHING;
    const s = schema as Schema;
    return all([...(typeof s.$ref === "string" ? [this.ref(s.$ref)] : []), this.typed(s)]);
  }

  /**
   * A `$ref`: a node that takes its target's functions once the target is compiled (by
   * `resolveRefs`, after the schema that holds it: a recursive schema refers to itself).
   */
  private ref(ref: string): Node {
    let node = this.refs.get(ref);
    if (!node) this.refs.set(ref, (node = { ok: ANY.ok, check: ANY.check }));
    return node;
  }

  /** Compiles the target of every `$ref` (targets may hold more) and points each `$ref`'s node at it. */
  resolveRefs(): void {
    const targets = new Map<Node, Node>();
    for (let pending = [...this.refs]; pending.length > 0; pending = [...this.refs].filter(([, node]) => !targets.has(node))) {
      for (const [ref, node] of pending) targets.set(node, this.node(resolveLocalRef(this.root, ref)));
    }
    const done = new Set<string>();
    for (const [ref, node] of this.refs) {
      refCycle(this.root, { $ref: ref }, [], done);
      // A target that is itself a `$ref` (`{ "$ref": … }` alone) is followed to what it refers to.
      let target = targets.get(node)!;
      while (targets.has(target)) target = targets.get(target)!;
      node.ok = target.ok;
      node.check = target.check;
    }
  }

  /** `type`, then (for a value of that type) the value's keywords and the combinators. */
  private typed(s: Schema): Node {
    const types = s.type === undefined ? undefined : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const values = this.values(s);
    const combinators = this.combinators(s);
    // One type and an `enum` of primitive values of that type (a union of literals): the enum's test is the type's too.
    if (types?.length === 1 && combinators.length === 0 && Array.isArray(s.enum) && !Object.hasOwn(s, "const") && s.enum.every((v) => isPrimitive(v) && testOf(types[0]!)(v))) {
      const own = types[0] === "string" ? this.string(s, types[0]) : types[0] === "number" || types[0] === "integer" ? number(s, types[0]) : undefined;
      if (!own) return literals(s.enum as unknown[], types[0]!);
    }
    // One type and nothing but its own keywords (the usual subschema): one node tests the type and the keywords.
    if (types?.length === 1 && values.length === 0 && combinators.length === 0) {
      const type = types[0]!;
      const own = type === "string" ? this.string(s, type) : type === "number" || type === "integer" ? number(s, type) : type === "array" ? this.array(s, type) : type === "object" ? this.object(s, type) : undefined;
      return own ?? leaf(type);
    }
    const only = (...kinds: string[]) => types !== undefined && types.every((t) => kinds.includes(t));
    const rest = all([
      ...values,
      ...guarded(only("string") ? undefined : isString, this.string(s)),
      ...guarded(only("number", "integer") ? undefined : isNumber, number(s)),
      ...guarded(only("array") ? undefined : Array.isArray, this.array(s)),
      ...guarded(only("object") ? undefined : isObject, this.object(s)),
      ...combinators,
    ]);
    if (!types) return rest;
    const test = typeTest(types);
    const expected = types.join(",");
    if (rest === ANY) return { ok: test, check: (data, path, errors) => (test(data) ? undefined : fail(errors, path, "type", expected)) };
    return {
      ok: (data) => test(data) && rest.ok(data),
      check: (data, path, errors) => (test(data) ? rest.check(data, path, errors) : fail(errors, path, "type", expected)),
    };
  }

  private values(s: Schema): Node[] {
    const nodes: Node[] = [];
    if (Array.isArray(s.enum)) {
      const values = s.enum as unknown[];
      const ok: Ok = values.every(isPrimitive) ? (data) => values.includes(data) : (data) => values.some((v) => jsonEqual(v, data));
      nodes.push(keyword(ok, "enum", values));
    }
    if (Object.hasOwn(s, "const")) {
      const value = s.const;
      nodes.push(keyword(isPrimitive(value) ? (data) => data === value : (data) => jsonEqual(value, data), "const", value));
    }
    return nodes;
  }

  /**
   * `minLength`, `maxLength`, `pattern` and `format`, for strings; with `type`, the node of a
   * schema of that type alone (other values fail it), otherwise other values pass. Cheap
   * checks first: a string over its `maxLength` is not given to the pattern or the format check.
   */
  private string(s: Schema, type?: string): Node | undefined {
    const min = typeof s.minLength === "number" ? s.minLength : undefined;
    const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
    const pattern = typeof s.pattern === "string" ? compilePattern(s.pattern) : undefined;
    const format = typeof s.format === "string" ? this.formats(s.format) : undefined;
    if (min === undefined && max === undefined && !pattern && !format) return undefined;
    // Counting code points walks the string: only when its length (in code units, at most twice the count) leaves the answer open.
    const short = (text: string) => min !== undefined && text.length < 2 * min && codePoints(text) < min;
    const long = (text: string) => max !== undefined && text.length > max && codePoints(text) > max;
    return {
      ok: (data) => {
        if (typeof data !== "string") return type === undefined;
        if (min !== undefined && data.length < 2 * min && codePoints(data) < min) return false;
        if (max !== undefined && data.length > max && codePoints(data) > max) return false;
        return (pattern === undefined || pattern.test(data)) && (format === undefined || format(data));
      },
      check: (data, path, errors) => {
        if (typeof data !== "string") return type === undefined ? undefined : fail(errors, path, "type", type);
        if (short(data)) fail(errors, path, "minLength", min);
        if (long(data)) return fail(errors, path, "maxLength", max);
        if (pattern && !pattern.test(data)) fail(errors, path, "pattern", s.pattern);
        if (format && !format(data)) fail(errors, path, "format", s.format);
      },
    };
  }

  /** Array keywords, typed as `string` is. Cheap checks first: an array over its `maxItems` is not walked (items, `uniqueItems`). */
  private array(s: Schema, type?: string): Node | undefined {
    const min = typeof s.minItems === "number" ? s.minItems : undefined;
    const max = typeof s.maxItems === "number" ? s.maxItems : undefined;
    const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]).map((sub) => this.node(sub)) : [];
    const items = s.items === undefined ? ANY : this.node(s.items as JsonSchema);
    const unique = s.uniqueItems === true;
    if (min === undefined && max === undefined && prefix.length === 0 && items === ANY && !unique) return undefined;
    const itemAt = (i: number) => (i < prefix.length ? prefix[i]! : items);
    const kind = items.leaf ?? 0;
    return {
      ok: (data) => {
        if (!Array.isArray(data)) return type === undefined;
        const list = data as unknown[];
        if ((min !== undefined && list.length < min) || (max !== undefined && list.length > max)) return false;
        for (let i = 0; i < prefix.length && i < list.length; i++) if (!prefix[i]!.ok(list[i])) return false;
        if (kind === STRING) {
          for (let i = prefix.length; i < list.length; i++) if (typeof list[i] !== "string") return false;
        } else if (items !== ANY) {
          for (let i = prefix.length; i < list.length; i++) if (!passes(items, kind, list[i])) return false;
        }
        return !unique || duplicateItems(list) === undefined;
      },
      check: (data, path, errors) => {
        if (!Array.isArray(data)) return type === undefined ? undefined : fail(errors, path, "type", type);
        const list = data as unknown[];
        if (min !== undefined && list.length < min) fail(errors, path, "minItems", min);
        if (max !== undefined && list.length > max) return fail(errors, path, "maxItems", max);
        for (let i = 0; i < list.length; i++) {
          const item = itemAt(i);
          if (!(item.leaf && passes(item, item.leaf, list[i]))) item.check(list[i], `${path}/${i}`, errors);
        }
        const duplicate = unique ? duplicateItems(list) : undefined;
        if (duplicate) fail(errors, path, "uniqueItems", duplicate[0], duplicate[1]);
      },
    };
  }

  /** Object keywords, typed as `string` is. */
  private object(s: Schema, type?: string): Node | undefined {
    const properties = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>);
    const names = properties.map(([name]) => name);
    const checks = properties.map(([, sub]) => this.node(sub));
    const kinds = checks.map((node) => node.leaf ?? 0);
    const requiredNames = (s.required as string[] | undefined) ?? [];
    const required = names.map((name) => requiredNames.includes(name));
    const requiredElsewhere = requiredNames.filter((name) => !names.includes(name));
    const minProperties = typeof s.minProperties === "number" ? s.minProperties : undefined;
    const maxProperties = typeof s.maxProperties === "number" ? s.maxProperties : undefined;
    const keyed = this.keyed(s, names);
    if (names.length === 0 && requiredNames.length === 0 && minProperties === undefined && maxProperties === undefined && !keyed) return undefined;
    const n = names.length;
    const segments = names.map((name) => `/${pointerSegment(name)}`);
    const inherited = names.map(isInherited);
    const requiredInherited = requiredNames.map(isInherited);
    const valueAt = (object: Record<string, unknown>, i: number) => (inherited[i] ? readOwn(object, names[i]!) : object[names[i]!]);
    // No key is checked but for being known.
    const closed = s.additionalProperties === false && s.propertyNames === undefined && s.patternProperties === undefined;
    /**
     * The usual object — plain, its keys checked only for being known — is walked by its own
     * keys: `for…in` reads a plain object's values from V8's enum cache, where reading the
     * schema's names one by one is a dictionary lookup each. (`for…in` would also visit
     * enumerable keys of Object.prototype, which has none unless it has been polluted.)
     */
    const requiredCount = required.filter(Boolean).length;
    const byKeys = (closed || !keyed) && minProperties === undefined && maxProperties === undefined && requiredElsewhere.length === 0;
    const node: Node = {
      ok: (data) => {
        // Any other object (a class instance, keywords beyond the usual) gets the error walk's verdict.
        if (!byKeys || !isPlain(data)) return isObject(data) ? verdict(node.check, data) : type === undefined;
        const object = data as Record<string, unknown>;
        let requiredSeen = 0;
        let next = 0;
        for (const key in object) {
          // Keys mostly come in the schema's order (JSON from a model, an object literal): try the next name first.
          const i = names[next] === key ? next : names.indexOf(key);
          if (i < 0) {
            // A key set to `undefined` is absent, as JSON has it (and as the tool's copy leaves it out).
            if (closed && object[key] !== undefined) return false;
            continue;
          }
          next = i + 1;
          const value = object[key];
          if (value === undefined) continue;
          if (required[i]) requiredSeen++;
          // `passes`, inline: this loop is where most of a validation's time goes.
          switch (kinds[i]) {
            case STRING:
              if (typeof value !== "string") return false;
              break;
            case NUMBER:
              if (!Number.isFinite(value)) return false;
              break;
            case INTEGER:
              if (!Number.isInteger(value)) return false;
              break;
            case BOOLEAN:
              if (typeof value !== "boolean") return false;
              break;
            default:
              if (!checks[i]!.ok(value)) return false;
          }
        }
        return requiredSeen === requiredCount;
      },
      check: (data, path, errors) => {
        if (!isObject(data)) return type === undefined ? undefined : fail(errors, path, "type", type);
        const object = data as Record<string, unknown>;
        for (let i = 0; i < requiredNames.length; i++) {
          const name = requiredNames[i]!;
          if ((requiredInherited[i] ? readOwn(object, name) : object[name]) === undefined) fail(errors, path, "required", name);
        }
        if (minProperties !== undefined || maxProperties !== undefined) {
          const count = Object.keys(object).length;
          if (minProperties !== undefined && count < minProperties) fail(errors, path, "minProperties", minProperties);
          // Cheap checks first: an object over its `maxProperties` is not walked.
          if (maxProperties !== undefined && count > maxProperties) return fail(errors, path, "maxProperties", maxProperties);
        }
        for (let i = 0; i < n; i++) {
          const value = valueAt(object, i);
          if (value === undefined || (kinds[i] && passes(checks[i]!, kinds[i]!, value))) continue;
          checks[i]!.check(value, path + segments[i], errors);
        }
        keyed?.check(object, path, errors);
      },
    };
    return node;
  }

  /** What is checked key by key: `propertyNames`, `patternProperties` and `additionalProperties` (an object's own keys, in order). */
  private keyed(s: Schema, known: readonly string[]): Pick<Node, "check"> | undefined {
    const names = s.propertyNames === undefined ? undefined : this.node(s.propertyNames as JsonSchema);
    const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, JsonSchema>).map(([source, sub]) => [compilePattern(source), this.node(sub)] as const);
    const additional = s.additionalProperties === undefined || s.additionalProperties === true ? undefined : this.node(s.additionalProperties as JsonSchema);
    if (!names && patterns.length === 0 && !additional) return undefined;
    const isKnown = (key: string) => known.includes(key);
    // Named in the error of a key none matches: the model learns which keys are taken.
    const sources = patterns.length > 0 ? Object.keys(s.patternProperties as object) : undefined;
    return {
      check: (data, path, errors) => {
        const object = data as Record<string, unknown>;
        const keyPath = (key: string) => `${path}/${pointerSegment(key)}`;
        for (const key of Object.keys(object)) {
          if (object[key] === undefined) continue;
          if (names) checkName(names, key, path, errors);
          let matched = false;
          for (let i = 0; i < patterns.length; i++) {
            const [pattern, sub] = patterns[i]!;
            if (!pattern.test(key)) continue;
            matched = true;
            sub.check(object[key], keyPath(key), errors);
          }
          if (!additional || matched || isKnown(key)) continue;
          if (additional === NOTHING) fail(errors, path, "additionalProperties", key, sources);
          else additional.check(object[key], keyPath(key), errors);
        }
      },
    };
  }

  private combinators(s: Schema): Node[] {
    const nodes: Node[] = [];
    if (Array.isArray(s.allOf)) nodes.push(...(s.allOf as JsonSchema[]).map((sub) => this.node(sub)));
    if (Array.isArray(s.anyOf)) nodes.push(this.anyOf(s.anyOf as JsonSchema[]));
    if (Array.isArray(s.oneOf)) {
      const members = (s.oneOf as JsonSchema[]).map((sub) => this.node(sub));
      const passing = (data: unknown) => members.reduce((count, m) => (m.ok(data) ? count + 1 : count), 0);
      const ok = (data: unknown) => passing(data) === 1;
      // A value no member takes is told as anyOf tells it: the member its tag names, or the closest.
      const none = this.anyOf(s.oneOf as JsonSchema[], members);
      nodes.push({
        ok: overlapping((s.oneOf as JsonSchema[]).map((m) => kindsOf(this.root, m))) ? remembered(ok) : ok,
        check: (data, path, errors) => {
          const count = passing(data);
          if (count === 0) none.check(data, path, errors);
          else if (count > 1) fail(errors, path, "oneOf", count);
        },
      });
    }
    if (s.not !== undefined) {
      const not = this.node(s.not as JsonSchema);
      nodes.push(keyword((data) => !not.ok(data), "not"));
    }
    return nodes;
  }

  /**
   * `anyOf` passes when a member does. When only one member admits the value's JSON type
   * (the object of `Address | null`), its own errors are reported, at their paths inside it.
   * When several do (`ByEmail | ById`), the errors of the member the value comes closest to
   * (see `closest`); where members come equally close, one error stands for them, holding
   * their errors (`params.members`) for the message. A discriminated union (every member that
   * can take an object is one whose required tag property has its own `const`; `null` may be
   * another) sends an object straight to the member its tag names — the others would fail on
   * the tag — and reports that member's errors; a missing or unknown tag is the error.
   */
  /** `members`: the schemas' nodes, when compiled already (a `oneOf`'s). */
  private anyOf(schemas: readonly JsonSchema[], members = schemas.map((sub) => this.node(sub))): Node {
    const kinds = schemas.map((m) => kindsOf(this.root, m));
    const some = (data: unknown) => members.some((member) => member.ok(data));
    const ok = overlapping(kinds) ? remembered(some) : some;
    const untagged: Node = {
      ok,
      check: (data, path, errors) => {
        const kind = jsonKind(data);
        const admitting = members.filter((_, i) => !kinds[i] || kinds[i]!.includes(kind));
        if (admitting.length === 1) admitting[0]!.check(data, path, errors);
        else if (ok(data)) return;
        else if (admitting.length === 0 || isVerdictList(errors)) fail(errors, path, "anyOf");
        else closest(admitting, data, path, errors);
      },
    };
    // The members that can take an object: tagged, they are told apart by their tag (the
    // others, `null` of `Circle | Rect | null`, take no object).
    const objects = schemas.flatMap((m, i) => (!kinds[i] || kinds[i]!.includes("object") ? [i] : []));
    const resolved = objects.map((i) => followed(this.root, schemas[i]!));
    const found = resolved.every((m) => m !== undefined) ? discriminator(resolved as Schema[]) : undefined;
    if (found === undefined) return untagged;
    const { tag, values } = found;
    const byTag = new Map(values.map((value, j) => [value, members[objects[j]!]!]));
    const own = isInherited(tag);
    const tagOf = (data: Record<string, unknown>) => (own ? readOwn(data, tag) : data[tag]);
    return {
      ok: (data) => (isObject(data) ? byTag.get(tagOf(data))?.ok(data) === true : untagged.ok(data)),
      check: (data, path, errors) => {
        if (!isObject(data)) return untagged.check(data, path, errors);
        const member = byTag.get(tagOf(data));
        if (member) member.check(data, path, errors);
        else if (tagOf(data) === undefined) fail(errors, path, "required", tag);
        else fail(errors, `${path}/${pointerSegment(tag)}`, "enum", [...byTag.keys()]);
      },
    };
  }
}

/** Whether two union members, by the JSON types they admit (`kindsOf`), can both take one object or one array (and so both walk it). */
function overlapping(kinds: ReadonlyArray<string[] | undefined>): boolean {
  return ["object", "array"].some((kind) => kinds.filter((k) => !k || k.includes(kind)).length > 1);
}

/**
 * The union members' errors for a value none of them accepts: those of the member with the
 * fewest at the value's own place (a missing or unknown property, a wrong format: the shape
 * is not this member's), then the fewest in all — `{ email: "x" }` is `ByEmail`'s with a
 * wrong format, not `ById`'s lacking `id`. A tie is one `anyOf` error holding the tied
 * members' errors.
 */
function closest(members: readonly Node[], data: unknown, path: string, errors: ValidatorError[]): void {
  // Once per path into the value: trying the members of the unions inside too would try
  // theirs again for each, as many times over as unions are nested.
  if (choosing) return fail(errors, path, "anyOf");
  let best: ValidatorError[][] = [];
  let least = Infinity;
  choosing = true;
  try {
    for (const member of members) {
      const own: ValidatorError[] = [];
      try {
        member.check(data, path, own);
      } catch (thrown) {
        stopped(thrown);
      }
      const misfit = own.filter((e) => e.instancePath === path).length * MAX_ERRORS + own.length;
      if (misfit < least) [least, best] = [misfit, [own]];
      else if (misfit === least) best.push(own);
    }
  } finally {
    choosing = false;
  }
  if (best.length > 1) fail(errors, path, "anyOf", best);
  else for (const error of best[0]!) record(errors, error);
}

/**
 * A union's verdict on an object or array, kept for the rest of the validation: the members
 * of a union whose members can take the same value each walk it, and nested (a recursive
 * type) that is twice the walks per level — 2^40 for 40 levels — where kept verdicts make it
 * one walk per union and value.
 */
function remembered(ok: Ok): Ok {
  let verdicts = new WeakMap<object, boolean>();
  let of = 0;
  return (data) => {
    if (typeof data !== "object" || data === null) return ok(data);
    if (of !== validation) [verdicts, of] = [new WeakMap(), validation];
    let verdict = verdicts.get(data);
    if (verdict === undefined) verdicts.set(data, (verdict = ok(data)));
    return verdict;
  };
}

/** `propertyNames` on one key: its errors are at the object, naming the key in `params.propertyName` (as ajv's name it beside them). */
function checkName(names: Node, key: string, path: string, errors: ValidatorError[]): void {
  const before = errors.length;
  names.check(key, path, errors);
  if (isVerdictList(errors)) return;
  for (let i = before; i < errors.length; i++) errors[i] = { ...errors[i]!, params: { ...errors[i]!.params, propertyName: key } };
}

/** Leaf kinds: a schema that is one primitive type and nothing else, tested in place by the node that holds it (`passes`). */
const STRING = 1;
const NUMBER = 2;
const INTEGER = 3;
const BOOLEAN = 4;
const LEAVES: Record<string, number> = { string: STRING, number: NUMBER, integer: INTEGER, boolean: BOOLEAN };
const leaves = new Map<string, Node>();

/** The node of a schema that is `type` and nothing else. */
function leaf(type: string): Node {
  let node = leaves.get(type);
  if (!node) {
    const test = testOf(type);
    node = { ok: test, check: (data, path, errors) => (test(data) ? undefined : fail(errors, path, "type", type)), leaf: LEAVES[type] };
    leaves.set(type, node);
  }
  return node;
}

/** `node.ok(value)`, with a leaf's test inline: most properties and items are one primitive type, and a call each is most of their cost. */
function passes(node: Node, kind: number, value: unknown): boolean {
  switch (kind) {
    case STRING:
      return typeof value === "string";
    case NUMBER:
      return Number.isFinite(value);
    case INTEGER:
      return Number.isInteger(value);
    case BOOLEAN:
      return typeof value === "boolean";
    default:
      return node.ok(value);
  }
}

/** The node of `{ type, enum }` whose values are all of that type: a value in the list has the type. */
function literals(values: readonly unknown[], type: string): Node {
  return {
    ok: (data) => values.includes(data),
    check: (data, path, errors) => {
      if (!testOf(type)(data)) fail(errors, path, "type", type);
      else if (!values.includes(data)) fail(errors, path, "enum", values);
    },
  };
}

/** Whether `check` finds nothing wrong: the verdict of shapes too rare to be worth a fast walk of their own. */
function verdict(check: Check, data: unknown): boolean {
  const errors = verdictList();
  try {
    check(data, "", errors);
  } catch (thrown) {
    stopped(thrown);
  }
  return errors.length === 0;
}

/** A node failing one keyword, with `a` as its detail. */
function keyword(ok: Ok, name: string, a?: unknown): Node {
  return { ok, check: (data, path, errors) => (ok(data) ? undefined : fail(errors, path, name, a)) };
}

/** Every node's checks, in order. */
function all(nodes: readonly Node[]): Node {
  const real = nodes.filter((n) => n !== ANY);
  if (real.length === 0) return ANY;
  if (real.length === 1) return real[0]!;
  if (real.length === 2) {
    const [a, b] = real as [Node, Node];
    return { ok: (data) => a.ok(data) && b.ok(data), check: (data, path, errors) => (a.check(data, path, errors), b.check(data, path, errors)) };
  }
  return {
    ok: (data) => {
      for (const n of real) if (!n.ok(data)) return false;
      return true;
    },
    check: (data, path, errors) => {
      for (const n of real) n.check(data, path, errors);
    },
  };
}

/** A node for values passing `test` only; other values pass (their type is another keyword's business). */
function guarded(test: Ok | undefined, node: Node | undefined): Node[] {
  if (!node) return [];
  if (!test) return [node];
  return [{ ok: (data) => !test(data) || node.ok(data), check: (data, path, errors) => (test(data) ? node.check(data, path, errors) : undefined) }];
}

/** Number keywords, typed as `string` is (`number` or `integer`). */
function number(s: Schema, type?: string): Node | undefined {
  const minimum = typeof s.minimum === "number" ? s.minimum : undefined;
  const maximum = typeof s.maximum === "number" ? s.maximum : undefined;
  const exclusiveMinimum = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : undefined;
  const exclusiveMaximum = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : undefined;
  const multipleOf = typeof s.multipleOf === "number" ? s.multipleOf : undefined;
  const format = typeof s.format === "string" && Object.hasOwn(NUMBER_FORMAT_CHECKS, s.format) ? NUMBER_FORMAT_CHECKS[s.format]!.test : undefined;
  if (minimum === undefined && maximum === undefined && exclusiveMinimum === undefined && exclusiveMaximum === undefined && multipleOf === undefined && !format) return undefined;
  const test = type === undefined ? isNumber : testOf(type);
  // `!(x >= limit)` rather than `x < limit`: NaN fails every bound, as in ajv.
  const low = (x: number) => minimum !== undefined && !(x >= minimum);
  const high = (x: number) => maximum !== undefined && !(x <= maximum);
  const lowExclusive = (x: number) => exclusiveMinimum !== undefined && !(x > exclusiveMinimum);
  const highExclusive = (x: number) => exclusiveMaximum !== undefined && !(x < exclusiveMaximum);
  const notMultiple = (x: number) => multipleOf !== undefined && !isMultipleOf(x, multipleOf);
  return {
    ok: (data) => {
      if (!test(data)) return type === undefined;
      const x = data as number;
      return (
        (minimum === undefined || x >= minimum) &&
        (maximum === undefined || x <= maximum) &&
        (exclusiveMinimum === undefined || x > exclusiveMinimum) &&
        (exclusiveMaximum === undefined || x < exclusiveMaximum) &&
        (multipleOf === undefined || isMultipleOf(x, multipleOf)) &&
        (format === undefined || format(x))
      );
    },
    check: (data, path, errors) => {
      if (!test(data)) return type === undefined ? undefined : fail(errors, path, "type", type);
      const x = data as number;
      if (low(x)) fail(errors, path, "minimum", minimum);
      if (high(x)) fail(errors, path, "maximum", maximum);
      if (lowExclusive(x)) fail(errors, path, "exclusiveMinimum", exclusiveMinimum);
      if (highExclusive(x)) fail(errors, path, "exclusiveMaximum", exclusiveMaximum);
      if (notMultiple(x)) fail(errors, path, "multipleOf", multipleOf);
      if (format && !format(x)) fail(errors, path, "format", s.format);
    },
  };
}

const isString: Ok = (data) => typeof data === "string";
const isNumber: Ok = (data) => typeof data === "number";

function typeTest(types: readonly string[]): Ok {
  const tests = types.map(testOf);
  if (tests.length === 1) return tests[0]!;
  if (tests.length === 2) {
    const [a, b] = tests as [Ok, Ok];
    return (data) => a(data) || b(data);
  }
  return (data) => tests.some((t) => t(data));
}

function testOf(type: string): Ok {
  switch (type) {
    case "null":
      return (data) => data === null;
    case "array":
      return Array.isArray;
    case "object":
      return isObject;
    case "integer":
      return Number.isInteger as Ok;
    case "number":
      return Number.isFinite as Ok;
    case "string":
      return isString;
    default:
      return (data) => typeof data === type;
  }
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== "object";
}

/** Names objects inherit from Object.prototype (`constructor`, `toString`) count only as own properties. */
function isInherited(name: string): boolean {
  return name in Object.prototype;
}

function readOwn(object: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/** An object whose prototype is Object.prototype or null: not an array, not a class instance. */
function isPlain(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const prototype = Object.getPrototypeOf(data);
  return prototype === Object.prototype || prototype === null;
}

/** The JSON types a schema admits (`integer` is `number`), `$ref`s followed; undefined when it does not say. */
function kindsOf(root: JsonSchema, schema: JsonSchema, depth = 0): string[] | undefined {
  if (typeof schema !== "object" || schema === null || depth > 9) return undefined;
  const s = schema as Schema;
  if (typeof s.$ref === "string") return kindsOf(root, resolveLocalRef(root, s.$ref), depth + 1);
  if (s.type !== undefined) return (Array.isArray(s.type) ? s.type : [s.type]).map((t) => (t === "integer" ? "number" : String(t)));
  if (Object.hasOwn(s, "const")) return [jsonKind(s.const)];
  return Array.isArray(s.enum) ? s.enum.map(jsonKind) : undefined;
}

function jsonKind(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** The members' tag (a required property each gives its own constant: `const`, or an `enum` of one) and the constant of each; undefined when there is none. */
function discriminator(members: readonly Schema[]): { tag: string; values: unknown[] } | undefined {
  const first = members[0];
  if (members.length < 2 || typeof first?.properties !== "object" || first.properties === null) return undefined;
  for (const tag of Object.keys(first.properties)) {
    const values = members.map((o) => {
      if (o.type !== "object" || !Array.isArray(o.required) || !o.required.includes(tag)) return undefined;
      const property = (o.properties as Record<string, Schema> | undefined)?.[tag];
      const value = property && (Object.hasOwn(property, "const") ? property.const : Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined);
      return isPrimitive(value) ? value : undefined;
    });
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length) return { tag, values };
  }
  return undefined;
}

/** A schema with its `$ref`s followed (a recursive type's members are references), or undefined when it is no object. */
function followed(root: JsonSchema, schema: JsonSchema, depth = 0): Schema | undefined {
  if (typeof schema !== "object" || schema === null || depth > 9) return undefined;
  const s = schema as Schema;
  return typeof s.$ref === "string" ? followed(root, resolveLocalRef(root, s.$ref), depth + 1) : s;
}

const patterns = new Map<string, RegExp>();
/** A schema's `pattern` as a regular expression, compiled once (`u`: JSON Schema's patterns are Unicode). */
export function compilePattern(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    try {
      pattern = new RegExp(source, "u");
    } catch (error) {
      throw new Error(`the pattern ${JSON.stringify(source)} is not a valid regular expression (${(error as Error).message})`);
    }
    patterns.set(source, pattern);
  }
  return pattern;
}

/**
 * Refuses a `$ref` met again on the same value, before any property or item is entered
 * (`A: { anyOf: [{ $ref: A }, …] }`, or references to nothing but references): checking a value
 * would go round forever. `path` holds the references followed so far; `done`, those whose
 * every way on was followed without coming back.
 */
function refCycle(root: JsonSchema, schema: unknown, path: string[], done: Set<string>): void {
  if (!isObject(schema)) return;
  const ref = schema.$ref;
  if (typeof ref === "string" && !done.has(ref)) {
    if (path.includes(ref)) throw new Error(`the reference '${ref}' refers to itself before any property or item: a value's check would never end`);
    refCycle(root, resolveLocalRef(root, ref), [...path, ref], done);
    done.add(ref);
  }
  // The lists are lists: `assertSupportedSchema` refused any other.
  for (const sub of [schema.not, schema.allOf, schema.anyOf, schema.oneOf].flat()) refCycle(root, sub, path, done);
}
