import { formatLookup, compileSchema, type JsonSchema } from "@toolgen/runtime";
import { ALL_FORMATS } from "@toolgen/runtime/formats";
import { isMultipleOf, jsonEqual } from "@toolgen/runtime/validation";
import { escapePointer } from "../model/collect-conversions.js";
import type { Effect, SchemaChange } from "./change.js";

type Node = Record<string, unknown>;
type Schema = Node | boolean;

/** A schema and the root whose `$defs` its `$ref`s name. */
interface Side {
  schema: Schema;
  root: Node;
}

/** Keywords that describe and never decide: a change is cosmetic. */
const COSMETIC = new Set(["description", "title", "examples", "deprecated", "$comment", "readOnly", "writeOnly"]);
/** Keywords this comparison understands (everything else is compared as JSON: any difference is `changes`). */
const HANDLED = new Set([
  ...COSMETIC, "default", "$ref", "$defs", "$schema", "type", "enum", "const", "anyOf", "oneOf",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format",
  "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "properties", "required", "additionalProperties", "minProperties", "maxProperties",
]);

/**
 * Every difference between two schemas (draft 2020-12, as toolgen writes them) that changes the
 * values they accept, each with its effect: `narrows` when some value the old schema accepted
 * is rejected by the new one, `widens` for the reverse. Where the comparison cannot tell (a
 * changed pattern, a keyword it does not model) the effect is `changes`, never a guess.
 * `$ref`s are followed into each side's own `$defs`, so a definition's name is no part of the
 * contract; recursion is compared once per pair of definitions. Paths are JSON Pointers into the
 * value, under `base`: `*` stands for any array item or any other key.
 */
export function compareSchemas(oldSchema: JsonSchema, newSchema: JsonSchema, base: string): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const asRoot = (s: JsonSchema): Node => (typeof s === "object" && s !== null ? (s as Node) : {});
  compare({ schema: oldSchema as Schema, root: asRoot(oldSchema) }, { schema: newSchema as Schema, root: asRoot(newSchema) }, base, changes, new Set());
  return changes;
}

function compare(a: Side, b: Side, path: string, out: SchemaChange[], seen: Set<string>): void {
  const refKey = refPair(a.schema, b.schema);
  if (refKey !== undefined) {
    // Recursive definitions: a pair already under comparison is assumed equal (coinduction).
    if (seen.has(refKey)) return;
    seen = new Set(seen).add(refKey);
  }
  // `true` is `{}`: against a schema of keywords, it is compared as one that has none.
  const [resolvedOld, resolvedNew] = [resolve(a), resolve(b)];
  const old = anyAsEmpty(resolvedOld, resolvedNew);
  const now = anyAsEmpty(resolvedNew, resolvedOld);
  if (old === true && now === true) return;
  if (typeof old === "boolean" || typeof now === "boolean") {
    if (old === now) return;
    // `false` against `{ not: {} }`: whether that schema accepts any value is for keywords this comparison does not model.
    const schema = typeof old === "object" ? old : now;
    const unmodelled = typeof schema === "object" ? Object.keys(schema).filter((key) => !HANDLED.has(key)) : [];
    if (unmodelled.length > 0) {
      const described = `a schema with ${unmodelled.map((key) => `'${key}'`).join(", ")}`;
      return push(out, path, "changes", "schema-changed", `${old === false ? `false → ${described}` : `${described} → false`}; toolgen cannot prove this compatible`);
    }
    const narrows = old === true || now === false;
    push(out, path, narrows ? "narrows" : "widens", narrows ? "type-narrowed" : "type-widened", narrows ? (now === false ? "accepts no value now" : "no longer accepts any value") : old === false ? "accepts a value now, where it accepted none" : "accepts any value now");
    return;
  }
  const sideA = { schema: old, root: a.root };
  const sideB = { schema: now, root: b.root };
  if (isUnion(old) || isUnion(now)) return compareUnions(sideA, sideB, path, out, seen);
  compareNodes(sideA as Side & { schema: Node }, sideB as Side & { schema: Node }, path, out, seen);
}

function compareNodes(sideA: Side & { schema: Node }, sideB: Side & { schema: Node }, path: string, out: SchemaChange[], seen: Set<string>): void {
  const a = { ...sideA, schema: canonical(sideA.schema) };
  const b = { ...sideB, schema: canonical(sideB.schema) };
  const old = a.schema;
  const now = b.schema;
  for (const key of ["description", "title", "examples", "deprecated"]) {
    if (!jsonEqual(old[key], now[key])) push(out, path, "cosmetic", `${key}-changed`, `${key} ${describeChange(old[key], now[key])}`);
  }
  if (!jsonEqual(old.default, now.default)) push(out, path, "default", "default-changed", `default ${describeChange(old.default, now.default)}`);
  const unmodelled = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((key) => !HANDLED.has(key) && !jsonEqual(old[key], now[key]));
  for (const key of unmodelled) push(out, path, "changes", "schema-changed", `${key === BESIDE_REF ? key : `'${key}'`} ${describeChange(old[key], now[key])}; toolgen cannot prove this compatible`);
  // What the other keywords say is read without that keyword (an `allOf`'s members, say): each finding from it could be wrong.
  if (unmodelled.length > 0) return;
  if (compareValues(a, b, path, out)) return;
  const oldTypes = typesOf(old);
  const newTypes = typesOf(now);
  for (const t of oldTypes) if (!admitsType(newTypes, t)) push(out, path, "narrows", "type-narrowed", t === "number" && newTypes.has("integer") ? "accepts whole numbers only now" : `no longer accepts ${article(t)}`);
  for (const t of newTypes) if (!admitsType(oldTypes, t)) push(out, path, "widens", "type-widened", `now also accepts ${article(t)}`);
  const common = [...oldTypes].filter((t) => admitsType(newTypes, t));
  const numeric = (types: Set<string>) => types.has("number") || types.has("integer");
  // An integer is a number: their bounds meet whichever side says integer.
  if (numeric(oldTypes) && numeric(newTypes)) compareNumbers(old, now, path, out);
  if (common.includes("string")) compareStrings(old, now, path, out);
  else if (numeric(oldTypes) && numeric(newTypes)) compareNumberFormats(out, path, old.format, now.format);
  if (common.includes("array")) compareArrays(a, b, path, out, seen);
  if (common.includes("object")) compareObjects(a, b, path, out, seen);
}

/**
 * One spelling of what several spellings accept alike, so that values are compared, not
 * spellings: a `number` that is a multiple of a whole number is an `integer` (and `multipleOf
 * 1` says no more than that); an array of at most 0 items is `items: false`.
 */
function canonical(node: Node): Node {
  const out = { ...node };
  const step = node.multipleOf;
  const types = [node.type].flat();
  if ((types.includes("number") || types.includes("integer")) && typeof step === "number" && Number.isInteger(step) && step >= 1) {
    out.type = Array.isArray(node.type) ? [...new Set(types.map((t) => (t === "number" ? "integer" : t)))] : "integer";
    if (step === 1) delete out.multipleOf;
  }
  // At most 0 items: the empty array only, as `items: false` says it; at most the tuple's items: none after them.
  if (types.includes("array") && node.maxItems === 0) {
    out.items = false;
    for (const key of ["maxItems", "minItems", "prefixItems", "uniqueItems"]) delete out[key];
  } else if (types.includes("array") && Array.isArray(node.prefixItems) && node.maxItems === node.prefixItems.length) {
    out.items = false;
    delete out.maxItems;
  }
  return out;
}

/**
 * `enum` and `const`: compared as the sets of values each side really accepts (a listed value
 * its other keywords reject is not one). True when they decided the comparison.
 */
function compareValues(a: Side & { schema: Node }, b: Side & { schema: Node }, path: string, out: SchemaChange[]): boolean {
  const now = b.schema;
  const accepted = (side: Side & { schema: Node }) => valuesOf(side.schema)?.filter((v) => accepts(side, v) !== false);
  const listedOld = accepted(a);
  const listedNew = accepted(b);
  if (!listedOld && !listedNew) return false;
  // `{ type: "null" }` is `{ const: null }`, and a boolean is `true` or `false`.
  const oldValues = listedOld ?? impliedValues(a.schema);
  const newValues = listedNew ?? impliedValues(b.schema);
  if (oldValues && newValues) {
    for (const v of oldValues) if (!newValues.some((w) => jsonEqual(v, w))) push(out, path, "narrows", "enum-value-removed", `no longer accepts ${JSON.stringify(v)}`);
    for (const v of newValues) if (!oldValues.some((w) => jsonEqual(v, w))) push(out, path, "widens", "enum-value-added", `now also accepts ${JSON.stringify(v)}`);
    return true;
  }
  if (newValues) {
    push(out, path, "narrows", "enum-added", newValues.length ? `accepts only ${newValues.map((v) => JSON.stringify(v)).join(", ")} now` : "accepts no value now");
    return true;
  }
  // Each old value must still be accepted, by the whole new schema.
  // Its bounds said: an enum that became `integer, minimum 1, maximum 3` does not take any integer.
  const bounds = BOUNDS.filter((key) => now[key] !== undefined).map((key) => `${key} ${JSON.stringify(now[key])}`);
  push(out, path, "widens", "enum-removed", `accepts any ${[...typesOf(now)].join(" or ")}${bounds.length > 0 ? ` (${bounds.join(", ")})` : ""} now, where it took only ${oldValues!.map((v) => JSON.stringify(v)).join(", ")}`);
  for (const v of oldValues!) {
    const verdict = accepts(b, v);
    if (verdict === false) push(out, path, "narrows", "enum-value-removed", `no longer accepts ${JSON.stringify(v)}`);
    else if (verdict === undefined) push(out, path, "changes", "schema-changed", `toolgen cannot check ${JSON.stringify(v)} against the new schema`);
  }
  return true;
}

function compareNumbers(old: Node, now: Node, path: string, out: SchemaChange[]): void {
  const integers = [wholeOnly(old), wholeOnly(now)] as const;
  compareBound(out, path, "minimum", lower(old), lower(now), undefined, integers);
  compareBound(out, path, "maximum", upper(old), upper(now), undefined, integers);
  // Integers are multiples of 1: against a step on the other side, that is their step.
  const step = (node: Node, other: Node) => (node.multipleOf as number | undefined) ?? (other.multipleOf !== undefined && wholeOnly(node) ? 1 : undefined);
  const [m1, m2] = [step(old, now), step(now, old)];
  if (m1 !== m2) {
    // Every multiple of m1 is one of m2 when m1 is a multiple of m2.
    const effect: Effect = m2 === undefined || (m1 !== undefined && isMultipleOf(m1, m2)) ? "widens" : m1 === undefined || isMultipleOf(m2, m1) ? "narrows" : "changes";
    push(out, path, effect, effect === "widens" ? "constraint-relaxed" : effect === "narrows" ? "constraint-tightened" : "constraint-changed", `multipleOf ${describeChange(m1, m2)}`);
  }
}

/** Whether the numbers a node accepts are integers only (`["integer", "null"]` too: null has no bound). */
function wholeOnly(node: Node): boolean {
  const numeric = [...typesOf(node)].filter((t) => t === "number" || t === "integer");
  return numeric.length > 0 && numeric.every((t) => t === "integer");
}

/**
 * The bits of OpenAPI's integer formats: `int32` takes fewer integers than `int64`, which takes
 * fewer than no format; `float` and `double` take any number (as ajv-formats and the runtime check them).
 */
const NUMBER_FORMAT_BITS: Record<string, number> = { int32: 32, int64: 64, float: Infinity, double: Infinity };

/** A number's format: integer formats compared by their ranges, any other as a string's format is. */
function compareNumberFormats(out: SchemaChange[], path: string, old: unknown, now: unknown): void {
  if (old === now) return;
  const bits = (format: unknown) => (format === undefined ? Infinity : NUMBER_FORMAT_BITS[format as string]);
  const [x, y] = [bits(old), bits(now)];
  if (x === undefined || y === undefined) return compareRule(out, path, "format", old, now);
  if (x === y) return;
  const code = old === undefined || x === Infinity ? "format-added" : now === undefined || y === Infinity ? "format-removed" : "format-changed";
  const message = y < x ? `must be an ${now} integer now${x === Infinity ? "" : `, where any ${old} integer was accepted`}` : y === Infinity ? `no longer needs to be an ${old} integer` : `may be any ${now} integer now, not only an ${old} one`;
  push(out, path, y < x ? "narrows" : "widens", code, message);
}

function compareStrings(old: Node, now: Node, path: string, out: SchemaChange[]): void {
  compareBound(out, path, "minLength", { value: old.minLength as number | undefined }, { value: now.minLength as number | undefined }, 0);
  compareBound(out, path, "maxLength", { value: old.maxLength as number | undefined, upper: true }, { value: now.maxLength as number | undefined, upper: true });
  compareRule(out, path, "pattern", old.pattern, now.pattern);
  compareRule(out, path, "format", old.format, now.format);
}

/** A pattern or a format: added narrows, removed widens, changed is unknown. */
function compareRule(out: SchemaChange[], path: string, keyword: string, old: unknown, now: unknown): void {
  if (old === now) return;
  if (old === undefined) push(out, path, "narrows", `${keyword}-added`, `must match ${keyword} ${JSON.stringify(now)} now`);
  else if (now === undefined) push(out, path, "widens", `${keyword}-removed`, `no longer needs to match ${keyword} ${JSON.stringify(old)}`);
  else push(out, path, "changes", `${keyword}-changed`, `${keyword} ${describeChange(old, now)}; two ${keyword}s cannot be proven to accept the same values`);
}

function compareArrays(a: Side & { schema: Node }, b: Side & { schema: Node }, path: string, out: SchemaChange[], seen: Set<string>): void {
  const [old, now] = [a.schema, b.schema];
  compareBound(out, path, "minItems", { value: old.minItems as number | undefined }, { value: now.minItems as number | undefined }, 0);
  // `items: false` allows no item past the tuple's: against a maxItems on the other side, that is its bound.
  const most = (n: Node, other: Node) => (n.maxItems as number | undefined) ?? (n.items === false && other.maxItems !== undefined ? ((n.prefixItems as unknown[] | undefined)?.length ?? 0) : undefined);
  const before = out.length;
  compareBound(out, path, "maxItems", { value: most(old, now), upper: true }, { value: most(now, old), upper: true });
  const boundSaid = out.length > before;
  if (Boolean(old.uniqueItems) !== Boolean(now.uniqueItems)) push(out, path, now.uniqueItems ? "narrows" : "widens", now.uniqueItems ? "constraint-tightened" : "constraint-relaxed", now.uniqueItems ? "items must be unique now" : "items no longer need to be unique");
  const oldPrefix = (old.prefixItems as Schema[] | undefined) ?? [];
  const newPrefix = (now.prefixItems as Schema[] | undefined) ?? [];
  const rest = (n: Node): Schema => (n.items as Schema | undefined) ?? true;
  for (let i = 0; i < Math.max(oldPrefix.length, newPrefix.length); i++) {
    compare({ schema: oldPrefix[i] ?? rest(old), root: a.root }, { schema: newPrefix[i] ?? rest(now), root: b.root }, `${path}/${i}`, out, seen);
  }
  // No item past the tuple's on one side is what its maxItems said, if it said anything.
  if (!(boundSaid && (rest(old) === false || rest(now) === false))) compare({ schema: rest(old), root: a.root }, { schema: rest(now), root: b.root }, `${path}/*`, out, seen);
}

function compareObjects(a: Side & { schema: Node }, b: Side & { schema: Node }, path: string, out: SchemaChange[], seen: Set<string>): void {
  const [old, now] = [a.schema, b.schema];
  const oldProps = (old.properties as Record<string, Schema> | undefined) ?? {};
  const newProps = (now.properties as Record<string, Schema> | undefined) ?? {};
  const oldRest = (old.additionalProperties as Schema | undefined) ?? true;
  const newRest = (now.additionalProperties as Schema | undefined) ?? true;
  const oldRequired = new Set((old.required as string[] | undefined) ?? []);
  const newRequired = new Set((now.required as string[] | undefined) ?? []);
  const at = (key: string) => `${path}/${escapePointer(key)}`;
  for (const key of Object.keys(oldProps)) {
    if (Object.hasOwn(newProps, key)) compare({ schema: oldProps[key]!, root: a.root }, { schema: newProps[key]!, root: b.root }, at(key), out, seen);
    // Its pattern's schema held the key before beside its own, and alone now: only what the pattern takes beyond its own is new.
    else if (patternOf(now, key) !== undefined) compareBeside(oldProps[key]!, patternOf(now, key)!, [a.root, b.root], at(key), out, seen, "widens");
    else if (newRest === false) push(out, at(key), "narrows", "property-removed", `'${key}' was removed: a value that has it is rejected now`);
    // Into an object open to anything: one change, not one per JSON type it now also takes.
    else if (isAnything(newRest)) push(out, at(key), "widens", "property-undeclared", `'${key}' is no longer declared: any value is accepted there now`);
    else compare({ schema: oldProps[key]!, root: a.root }, { schema: newRest, root: b.root }, at(key), out, seen);
  }
  for (const key of Object.keys(newProps)) {
    if (Object.hasOwn(oldProps, key)) continue;
    // Held by a pattern's schema before, by both now: only what its own schema refuses of the pattern's is lost.
    if (patternOf(old, key) !== undefined) compareBeside(patternOf(old, key)!, newProps[key]!, [a.root, b.root], at(key), out, seen, "narrows");
    else if (oldRest === false) push(out, at(key), "widens", "property-added", `'${key}' was added${newRequired.has(key) ? "" : " (optional)"}`);
    else if (isAnything(oldRest) && !isAnything(newProps[key]!)) push(out, at(key), "narrows", "property-declared", `'${key}' is declared now: where any value was accepted, only what its schema allows is`);
    else compare({ schema: oldRest, root: a.root }, { schema: newProps[key]!, root: b.root }, at(key), out, seen);
  }
  for (const key of newRequired) if (!oldRequired.has(key)) push(out, at(key), "narrows", "required-added", `'${key}' is required now${Object.hasOwn(oldProps, key) ? "" : " (a new property)"}: a value without it is rejected`);
  for (const key of oldRequired) if (!newRequired.has(key)) push(out, at(key), "widens", "required-removed", Object.hasOwn(newProps, key) ? `'${key}' is optional now` : `'${key}' was removed, and is required no more`);
  if (oldRest === false && newRest !== false) push(out, `${path}/*`, "widens", "additional-properties-allowed", "accepts properties it does not declare now");
  else if (oldRest !== false && newRest === false) push(out, `${path}/*`, "narrows", "additional-properties-refused", "rejects properties it does not declare now");
  else if (oldRest !== false && newRest !== false) compare({ schema: oldRest, root: a.root }, { schema: newRest, root: b.root }, `${path}/*`, out, seen);
  compareBound(out, path, "minProperties", { value: old.minProperties as number | undefined }, { value: now.minProperties as number | undefined }, 0);
  compareBound(out, path, "maxProperties", { value: old.maxProperties as number | undefined, upper: true }, { value: now.maxProperties as number | undefined, upper: true });
}

/**
 * The schema a `patternProperties` entry holds a key to, beside or instead of a property of its
 * own; `"several"` when several patterns, or one that does not compile, may hold it. The
 * node's patterns are the same on both sides here (where they differ, the comparison stopped
 * at them as a keyword it does not model).
 */
function patternOf(node: Node, key: string): Schema | "several" | undefined {
  const patterns = Object.entries((node.patternProperties as Record<string, Schema> | undefined) ?? {});
  const holding = patterns.filter(([pattern]) => {
    try {
      return new RegExp(pattern, "u").test(key);
    } catch {
      return true;
    }
  });
  if (holding.length === 0) return undefined;
  return holding.length === 1 ? holding[0]![1] : "several";
}

/**
 * A property's schema against a pattern's, where the pattern holds the key on both sides and the
 * property on one: the key's values are those both allow, so only findings of one effect are
 * true (a property added beside a pattern can only narrow what the key takes, one removed only widen).
 */
function compareBeside(a: Schema | "several", b: Schema | "several", roots: readonly [Node, Node], path: string, out: SchemaChange[], seen: Set<string>, effect: "narrows" | "widens"): void {
  if (a === "several" || b === "several") return push(out, path, "changes", "schema-changed", "a property of a key several patterns hold was added or removed; toolgen cannot prove this compatible");
  const found: SchemaChange[] = [];
  compare({ schema: a, root: roots[0] }, { schema: b, root: roots[1] }, path, found, seen);
  out.push(...found.filter((c) => c.effect === effect || c.effect === "changes"));
}

/**
 * Unions (`anyOf`, `oneOf`): each old member must be covered by a new member, and each new one
 * by an old one, for the union not to narrow or widen. A member is matched with the member of
 * the other side that differs least; what differs is reported (so a member that lost a
 * property says so), and a member with no counterpart of its type is removed or added.
 */
function compareUnions(a: Side, b: Side, path: string, out: SchemaChange[], seen: Set<string>): void {
  const oldNode = a.schema as Node;
  const newNode = b.schema as Node;
  const kind = (n: Node) => (Array.isArray(n.oneOf) ? "oneOf" : Array.isArray(n.anyOf) ? "anyOf" : undefined);
  if (kind(oldNode) && kind(newNode) && kind(oldNode) !== kind(newNode)) push(out, path, "changes", "schema-changed", `${kind(oldNode)} became ${kind(newNode)}; toolgen cannot prove this compatible`);
  for (const key of ["description", "title", "examples", "deprecated"]) if (!jsonEqual(oldNode[key], newNode[key])) push(out, path, "cosmetic", `${key}-changed`, `${key} ${describeChange(oldNode[key], newNode[key])}`);
  if (!jsonEqual(oldNode.default, newNode.default)) push(out, path, "default", "default-changed", `default ${describeChange(oldNode.default, newNode.default)}`);
  // Keywords beside the members apply to every value; toolgen writes none, so any difference
  // there is one this comparison does not model.
  const siblings = (n: Node) => (isUnion(n) ? Object.fromEntries(Object.entries(n).filter(([k]) => !UNION_OWN.has(k))) : {});
  if (!jsonEqual(siblings(oldNode), siblings(newNode))) push(out, path, "changes", "schema-changed", "the keywords beside the union's members changed; toolgen cannot prove this compatible");
  // A value of a `oneOf` matches exactly one member: where two may both match, a member added,
  // removed or changed can refuse a value no member refuses (toolgen writes `anyOf`).
  if ((kind(oldNode) === "oneOf" || kind(newNode) === "oneOf") && !(exclusive(membersOf(a)) && exclusive(membersOf(b)))) return compareOverlapping(a, b, path, out, seen);
  // One union has several spellings (`{ type: ["string", "null"] }` or two members; an `enum`
  // or a `const` per value): members are compared one type, and where the other side lists
  // values one value, at a time.
  let oldMembers = membersOf(a).flatMap(byType);
  let newMembers = membersOf(b).flatMap(byType);
  const listsValues = (members: Side[]) => members.some((m) => typeof m.schema === "object" && valuesOf(m.schema) !== undefined);
  [oldMembers, newMembers] = [listsValues(newMembers) ? oldMembers.flatMap(byValue) : oldMembers, listsValues(oldMembers) ? newMembers.flatMap(byValue) : newMembers];
  const tags = (members: Side[]) => new Set(members.length > 1 ? members.flatMap((m) => [...valuesByProperty(m).keys()]) : []);
  [oldMembers, newMembers] = [oldMembers.flatMap((m) => byTag(m, tags(newMembers))), newMembers.flatMap((m) => byTag(m, tags(oldMembers)))];
  // A counterpart of another type is the last resort: of an object member, the object member is the one that changed, however few findings a string gives.
  // Between counterparts as close, the one whose tag (a direct property's listed value) is the same: a member of another tag is another member.
  const cost = (changes: SchemaChange[]) =>
    changes.length + (changes.some((c) => c.path === path && (c.code === "type-narrowed" || c.code === "type-widened")) ? 1e6 : 0) + (changes.some((c) => c.code.startsWith("enum-value-") && isDiscriminator(c, path)) ? 0.5 : 0);
  const matched = (from: Side[], to: Side[], keep: (e: Effect) => boolean, flip: boolean) =>
    from.map((member) => {
      let best: SchemaChange[] | undefined;
      let all: SchemaChange[] = [];
      for (const other of to) {
        const found: SchemaChange[] = [];
        if (flip) compare(other, member, path, found, seen);
        else compare(member, other, path, found, seen);
        const relevant = found.filter((c) => keep(c.effect));
        // As close by what matters here, the one that differs least in all: `minLength 5` is matched with `minLength 6`, not with `maxLength 3`.
        if (!best || cost(relevant) < cost(best) || (cost(relevant) === cost(best) && found.length < all.length)) [best, all] = [relevant, found];
        if (relevant.length === 0) break;
      }
      return { member, changes: best ?? [], all };
    });
  // Old members against new: what no longer fits narrows (or is unknown).
  // A member whose closest counterpart differs in its type, or in a discriminator's value, is
  // another member: it was removed (or added), rather than changed.
  const another = (changes: SchemaChange[], code: string) => changes.some((c) => (c.path === path && c.code === code) || (c.path !== path && c.code.startsWith("enum-value-") && isDiscriminator(c, path)));
  for (const { member, changes, all } of matched(oldMembers, newMembers, (e) => e === "narrows" || e === "changes", false)) {
    // A member that still fits: what changed in its description or default is said (once, from this side).
    if (changes.length === 0) {
      out.push(...all.filter((c) => c.effect === "cosmetic" || c.effect === "default"));
      continue;
    }
    if (acceptsAnything(member)) push(out, path, "narrows", "union-member-removed", `no longer accepts any value, only ${newMembers.map(describeMember).join(" or ")}`);
    else if (another(changes, "type-narrowed") || newMembers.every((m) => !overlaps(member, m))) push(out, path, "narrows", "union-member-removed", `no longer accepts ${describeMember(member)}`);
    else out.push(...amongSeveral(changes, member, newMembers, "now"));
  }
  // New members against old: what did not fit before widens. A change it cannot prove was said
  // above; it is no match here (a member of another type differs in a keyword it does not model too).
  for (const { member, changes } of matched(newMembers, oldMembers, (e) => e === "widens" || e === "changes", true)) {
    if (changes.length === 0) continue;
    if (another(changes, "type-widened") || oldMembers.every((m) => !overlaps(m, member))) push(out, path, "widens", "union-member-added", `now also accepts ${describeMember(member)}`);
    else out.push(...amongSeveral(changes.filter((c) => c.effect === "widens"), member, oldMembers, "before"));
  }
}

/** Members of a `oneOf` that may overlap: alike, member by member, but for what describes them, or a change toolgen cannot prove compatible. */
function compareOverlapping(a: Side, b: Side, path: string, out: SchemaChange[], seen: Set<string>): void {
  const [olds, news] = [membersOf(a), membersOf(b)];
  const found: SchemaChange[] = [];
  if (olds.length === news.length) olds.forEach((member, i) => compare(member, news[i]!, path, found, seen));
  if (olds.length === news.length && found.every((c) => c.effect === "cosmetic" || c.effect === "default")) out.push(...found);
  else push(out, path, "changes", "schema-changed", "the members of a oneOf that a value can match two of changed (it must match exactly one); toolgen cannot prove this compatible");
}

/** Whether no value matches two of the members: of other types, or told apart by their values or a required tag's. */
function exclusive(members: readonly Side[]): boolean {
  return members.every((m, i) => members.slice(i + 1).every((n) => !overlaps(m, n) || toldApart(m, n)));
}

function toldApart(a: Side, b: Side): boolean {
  const [x, y] = [resolve(a), resolve(b)];
  if (typeof x === "boolean" || typeof y === "boolean") return x === false || y === false;
  const disjoint = (v: unknown[] | undefined, w: unknown[] | undefined) => v !== undefined && w !== undefined && !v.some((value) => w.some((other) => jsonEqual(value, other)));
  if (disjoint(valuesOf(x), valuesOf(y))) return true;
  const required = (n: Node) => new Set((n.required as string[] | undefined) ?? []);
  const [tagsA, tagsB] = [valuesByProperty(a), valuesByProperty(b)];
  return [...tagsA].some(([key, values]) => required(x).has(key) && required(y).has(key) && disjoint(values, tagsB.get(key)));
}

/**
 * A member's changes against the closest of several members of the other side that take its
 * type: said so, for the bound it names is one member's (`string` against `maxLength 3` or
 * `minLength 10`: lengths 4 to 9 go, not every length over 3).
 */
function amongSeveral(changes: SchemaChange[], member: Side, others: readonly Side[], when: "now" | "before"): SchemaChange[] {
  // A value added or removed is that value, whichever member is the closest: no bound of one member is meant.
  const node = resolve(member);
  if (typeof node === "object" && valuesOf(node) !== undefined) return changes;
  const own = valuesByProperty(member);
  // Members a tag tells apart (`{ kind: "wire" }`, `{ kind: "cash" | "check" }`) are not candidates for one another.
  const taking = others.filter((other) => overlaps(member, other) && [...valuesByProperty(other)].every(([key, values]) => !own.has(key) || values.some((v) => own.get(key)!.some((w) => jsonEqual(v, w))))).length;
  if (taking < 2) return changes;
  return changes.map((c) => ({ ...c, message: `${c.message} (against the closest of the ${taking} members that ${when === "now" ? "take" : "took"} ${describeMember(member)} ${when})` }));
}

/** The keywords that bound a string or a number. */
const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format"];

/** Whether the schema accepts a value, by toolgen's own validator; undefined when it cannot say. */
function accepts(side: Side & { schema: Node }, value: unknown): boolean | undefined {
  try {
    const own = side.schema as Node;
    const schema: Node = side.root.$defs ? { ...own, $defs: side.root.$defs } : own;
    return compileSchema(schema as JsonSchema, EVERY_FORMAT)(value);
  } catch {
    return undefined;
  }
}

const EVERY_FORMAT = formatLookup(ALL_FORMATS);

/** What a union node holds besides assertions on all its values. */
const UNION_OWN = new Set(["anyOf", "oneOf", "default", "$defs", "$schema", ...COSMETIC]);

function membersOf(side: Side): Side[] {
  const node = side.schema as Node;
  const list = (node.anyOf ?? node.oneOf) as Schema[] | undefined;
  if (list) return list.map((schema) => ({ schema, root: side.root }));
  if (typeof node !== "object" || node === null) return [side];
  // The other side's union: this side's description and default were compared as the union's.
  return [{ schema: Object.fromEntries(Object.entries(node).filter(([key]) => key !== "default" && !COSMETIC.has(key))), root: side.root }];
}

/**
 * An object member whose tag (a property the other side's members tell apart by value) lists
 * several values, as one member per value: `{ kind: "a" | "b" }` is `{ kind: "a" } | { kind: "b" }`.
 */
function byTag(member: Side, tags: ReadonlySet<string>): Side[] {
  const node = resolve(member);
  const properties = typeof node === "object" ? (node.properties as Record<string, Schema> | undefined) : undefined;
  const tag = Object.keys(properties ?? {}).find((key) => {
    const property = properties![key]!;
    return tags.has(key) && typeof property === "object" && (valuesOf(property)?.length ?? 0) > 1;
  });
  if (tag === undefined) return [member];
  const { enum: _enum, const: _const, ...rest } = properties![tag] as Node;
  return valuesOf(properties![tag] as Node)!.map((value) => ({ schema: { ...(node as Node), properties: { ...properties, [tag]: { ...rest, const: value } } }, root: member.root }));
}

/** A member of several types as one member per type (its other keywords apply to each). */
function byType(member: Side): Side[] {
  const node = member.schema;
  if (typeof node !== "object" || !Array.isArray(node.type) || node.type.length < 2) return [member];
  return (node.type as string[]).map((type) => ({ schema: { ...node, type }, root: member.root }));
}

/** A member listing several values as one member per value. */
function byValue(member: Side): Side[] {
  const node = member.schema;
  const values = typeof node === "object" ? valuesOf(node) : undefined;
  if (!values || values.length < 2) return [member];
  const { enum: _enum, const: _const, ...rest } = node as Node;
  return values.map((value) => ({ schema: { ...rest, const: value }, root: member.root }));
}

function overlaps(a: Side, b: Side): boolean {
  const [x, y] = [resolve(a), resolve(b)];
  if (typeof x === "boolean" || typeof y === "boolean") return true;
  const ty = typesOf(y);
  return [...typesOf(x)].some((t) => admitsType(ty, t) || (t === "number" && ty.has("integer")));
}

/** A value change one property below the union: the property that tells its members apart. */
function isDiscriminator(change: SchemaChange, unionPath: string): boolean {
  return change.path.startsWith(`${unionPath}/`) && !change.path.slice(unionPath.length + 1).includes("/");
}

/** An object member's properties that list their values (a discriminated union's tag), by name. */
function valuesByProperty(side: Side): Map<string, unknown[]> {
  const node = resolve(side);
  const properties = typeof node === "object" ? ((node.properties as Record<string, Schema> | undefined) ?? {}) : {};
  return new Map(Object.entries(properties).flatMap(([key, property]) => {
    const values = typeof property === "object" ? valuesOf(property) : undefined;
    return values ? [[key, values] as const] : [];
  }));
}

/** `true`, or a schema of annotations alone (`{}`): every value. */
function acceptsAnything(side: Side): boolean {
  const node = resolve(side);
  return node === true || (typeof node === "object" && Object.keys(node).every((key) => COSMETIC.has(key) || key === "default"));
}

function describeMember(side: Side): string {
  const node = resolve(side);
  if (typeof node === "boolean") return node ? "any value" : "no value";
  const values = valuesOf(node);
  if (values) return values.map((v) => JSON.stringify(v)).join(" or ");
  // An object told apart by constant properties: `{ kind: "line" }`.
  const constants = [...valuesByProperty(side)].filter(([, values]) => values.length === 1).map(([key, [value]]) => `${key}: ${JSON.stringify(value)}`);
  if (constants.length > 0) return `{ ${constants.join(", ")} }`;
  return [...typesOf(node)].map(article).join(" or ");
}

/**
 * The schema a `$ref` names (followed until a schema that is not a reference), in its own
 * root's `$defs`, with the keywords written beside the reference: annotations over the
 * definition's (toolgen writes a parameter's description and default there: `{ "$ref": …,
 * "description": … }`), assertions with them, as both apply (`besideDefinition`).
 */
function resolve(side: Side): Schema {
  let schema = side.schema;
  let beside: Node = {};
  for (let hops = 0; typeof schema === "object" && typeof schema.$ref === "string" && hops < 64; hops++) {
    const match = /^#\/\$defs\/(.+)$/.exec(schema.$ref);
    const defs = side.root.$defs as Record<string, Schema> | undefined;
    const target = match && defs ? defs[decodePointer(match[1]!)] : undefined;
    if (target === undefined) return schema;
    beside = { ...besideRef(schema), ...beside };
    schema = target;
  }
  return Object.keys(beside).length > 0 && typeof schema === "object" ? besideDefinition(schema, beside) : schema;
}

/** Keywords whose meaning depends on others of their schema object (`additionalProperties` on its `properties`, `items` on its `prefixItems`). */
const APPLICATORS = new Set(["properties", "patternProperties", "additionalProperties", "prefixItems", "items", "anyOf", "oneOf", "allOf", "not"]);

/**
 * A definition with the keywords written beside a reference to it. An annotation beside replaces
 * the definition's; an assertion the definition does not make is added, a bound it makes too
 * is the tighter of the two; any other it makes otherwise (or an applicator beside the
 * definition's) must hold as well, which one object cannot say: it is kept under a keyword the
 * comparison does not model, so a change there is one it cannot prove compatible, never a guess.
 */
function besideDefinition(definition: Node, beside: Node): Node {
  const merged: Node = { ...definition };
  const both: Node = {};
  for (const [key, value] of Object.entries(beside)) {
    const tighter = TIGHTER[key];
    if (COSMETIC.has(key) || key === "default" || (!(key in definition) && !APPLICATORS.has(key))) merged[key] = value;
    // Two bounds of one kind: the tighter is what both say.
    else if (tighter && typeof value === "number" && typeof definition[key] === "number") merged[key] = tighter(value, definition[key]);
    else if (!jsonEqual(definition[key], value)) both[key] = value;
  }
  return Object.keys(both).length > 0 ? { ...merged, [BESIDE_REF]: both } : merged;
}

/** Of two bounds of one keyword, the one both allow. */
const TIGHTER: Record<string, (a: number, b: number) => number> = Object.fromEntries([
  ...["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"].map((key) => [key, Math.max]),
  ...["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"].map((key) => [key, Math.min]),
]);

/** Where assertions beside a `$ref` that its definition makes otherwise are kept: a keyword this comparison does not model, named so in its findings. */
const BESIDE_REF = "assertions beside a $ref that its definition makes otherwise";

/** `true` or `{}`: any value. */
function isAnything(schema: Schema): boolean {
  return schema === true || (typeof schema === "object" && Object.keys(schema).length === 0);
}

/** `true` as `{}` where the other side is a schema of keywords, so that the two spellings of "any value" compare equal. */
function anyAsEmpty(schema: Schema, other: Schema): Schema {
  return schema === true && typeof other === "object" ? {} : schema;
}

/** What a reference says beside itself: keywords about the value, not a root's `$defs` or `$schema`. */
function besideRef(schema: Node): Node {
  const { $ref: _ref, $defs: _defs, $schema: _schema, $id: _id, $comment: _comment, ...keywords } = schema;
  return keywords;
}

/** The pair of references being compared, with what is written beside each, for recursion to stop at a pair met before. */
function refPair(a: Schema, b: Schema): string | undefined {
  const ref = (s: Schema) => (typeof s === "object" && typeof s.$ref === "string" ? JSON.stringify([s.$ref, besideRef(s)]) : undefined);
  const [x, y] = [ref(a), ref(b)];
  return x !== undefined || y !== undefined ? `${x ?? "-"}|${y ?? "-"}` : undefined;
}

function isUnion(schema: Schema): boolean {
  return typeof schema === "object" && (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf));
}

const ALL_TYPES = ["null", "boolean", "number", "string", "array", "object"];

/** The JSON types a node accepts (`integer` kept apart from `number`). */
function typesOf(node: Node): Set<string> {
  if (typeof node.type === "string") return new Set([node.type]);
  if (Array.isArray(node.type)) return new Set(node.type as string[]);
  const values = valuesOf(node);
  if (values) return new Set(values.map(jsonType));
  return new Set(ALL_TYPES);
}

function admitsType(types: Set<string>, type: string): boolean {
  return types.has(type) || (type === "integer" && types.has("number"));
}

function valuesOf(node: Node): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if ("const" in node) return [node.const];
  return undefined;
}

/** The values a node whose types are all null or boolean accepts. */
function impliedValues(node: Node): unknown[] | undefined {
  const types = [...typesOf(node)];
  if (!types.every((t) => t === "null" || t === "boolean")) return undefined;
  return types.flatMap((t) => (t === "null" ? [null] : [false, true]));
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

interface Bound {
  value: number | undefined;
  exclusive?: boolean;
  upper?: boolean;
}

const lower = (n: Node): Bound => (typeof n.exclusiveMinimum === "number" && (typeof n.minimum !== "number" || n.exclusiveMinimum >= n.minimum) ? { value: n.exclusiveMinimum, exclusive: true } : { value: n.minimum as number | undefined });
const upper = (n: Node): Bound => (typeof n.exclusiveMaximum === "number" && (typeof n.maximum !== "number" || n.exclusiveMaximum <= n.maximum) ? { value: n.exclusiveMaximum, exclusive: true, upper: true } : { value: n.maximum as number | undefined, upper: true });

/**
 * A bound moved inward narrows, outward widens; `none` is what an absent lower bound means (0
 * for lengths). On a side of `integers` only, a bound is the integer it lets through first (`> 0`
 * is `≥ 1`): two spellings of one bound are no change.
 */
function compareBound(out: SchemaChange[], path: string, keyword: string, old: Bound, now: Bound, none?: number, integers: readonly [boolean, boolean] = [false, false]): void {
  const upperBound = old.upper ?? now.upper ?? keyword.startsWith("max");
  const value = (b: Bound) => b.value ?? none ?? (upperBound ? Infinity : -Infinity);
  const exclusive = (b: Bound, whole: boolean) => Boolean(b.exclusive) && !(whole && b.value !== undefined);
  const first = (b: Bound, whole: boolean) => {
    const v = value(b);
    if (!whole || !Number.isFinite(v)) return v;
    if (upperBound) return b.exclusive ? Math.ceil(v) - 1 : Math.floor(v);
    return b.exclusive ? Math.floor(v) + 1 : Math.ceil(v);
  };
  const [x, y] = [first(old, integers[0]), first(now, integers[1])];
  const [oldExclusive, newExclusive] = [exclusive(old, integers[0]), exclusive(now, integers[1])];
  if (x === y && oldExclusive === newExclusive) return;
  const tighter = upperBound ? y < x || (y === x && newExclusive) : y > x || (y === x && newExclusive);
  const shown = (b: Bound) => (b.value === undefined ? "none" : `${b.exclusive ? (upperBound ? "< " : "> ") : ""}${b.value}`);
  push(out, path, tighter ? "narrows" : "widens", tighter ? "constraint-tightened" : "constraint-relaxed", `${keyword} ${shown(old)} → ${shown(now)}`);
}

function push(out: SchemaChange[], path: string, effect: Effect, code: string, message: string): void {
  out.push({ path, code, effect, message });
}

function describeChange(old: unknown, now: unknown): string {
  if (old === undefined) return `added: ${JSON.stringify(now)}`;
  if (now === undefined) return `removed (was ${JSON.stringify(old)})`;
  return `${JSON.stringify(old)} → ${JSON.stringify(now)}`;
}

function article(type: string): string {
  return type === "integer" || type === "object" || type === "array" ? `an ${type}` : type === "null" ? "null" : `a ${type}`;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
