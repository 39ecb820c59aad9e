import { performance } from "node:perf_hooks";

// Adversarial arguments for every keyword the validators implement, each as large as the
// HTTP body limit allows: what an attacker can make validation cost. Shared by the worst-case
// suite (tests/reliability/worst-case-validation.test.ts) and `npm run bench`.
//
// Each case is one tool input schema `{ v: <schema> }` and a function building the argument
// `{ v: … }` whose JSON takes about `bytes` bytes. Invalid arguments are the expensive ones
// (every error is collected, then repairs are tried): most cases are invalid on purpose.

/** The default body limit of `toolgen serve --http` and `createMcpHandler` (4 MiB). */
export const BODY_LIMIT = 4 * 1024 * 1024;

/** Room for the JSON-RPC envelope around the arguments. */
export const ARGUMENT_BYTES = BODY_LIMIT - 4096;

const FORMATS = "date time date-time iso-time iso-date-time duration uri uri-reference uri-template url email hostname ipv4 ipv6 regex uuid json-pointer json-pointer-uri-fragment relative-json-pointer byte".split(" ");

/**
 * Runs of the characters the formats' repeated parts accept (digits, labels, path segments,
 * user info, escapes, base64…), each ended by a character that makes the whole fail: the
 * shape of the inputs that make a backtracking expression retry.
 */
const RUNS = ["1", "a", "a-", "a.", "/a", "1:", "a@", "%20", "{a", "1Y", "AAAA", "12:00:00.1", "ftp://1.1.1.1", "4.1.6.7:155"];

/** `unit` repeated until the string's JSON takes about `bytes`. */
function fill(unit, bytes, tail = "\u0000") {
  return unit.repeat(Math.max(1, Math.floor((bytes - 8) / JSON.stringify(unit).slice(1, -1).length))) + tail;
}

/** Starts that take a string past a format's first checks (scheme, fragment, duration, date). */
const PREFIXES = ["", "http://", "ftp://1.1.1.1", "#", "P", "2026-01-01T"];

/** One long string per prefix and run, sharing `bytes` between them. */
function runs(bytes, tail) {
  const share = bytes / (PREFIXES.length * RUNS.length);
  return PREFIXES.flatMap((prefix) => RUNS.map((unit) => prefix + fill(unit, share, tail)));
}

/** `count` items of `make(i)` where one item's JSON takes about `itemBytes`. */
function items(bytes, itemBytes, make) {
  return Array.from({ length: Math.max(1, Math.floor(bytes / (itemBytes + 1))) }, (_, i) => make(i));
}

const digitsOf = (i) => String(i).length;

/** A tree `{ n, c: [...] }` of the given depth whose JSON takes about `bytes`. */
function tree(bytes, depth) {
  // A chain `depth` deep, repeated side by side under the root until the budget is spent.
  const chain = () => {
    let node = { n: 1 };
    for (let d = 1; d < depth; d++) node = { n: d, c: [node] };
    return node;
  };
  const one = JSON.stringify(chain()).length;
  return { n: 0, c: Array.from({ length: Math.max(1, Math.floor(bytes / (one + 1))) }, chain) };
}

const NUMERIC_KEY = "^-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:e[+-]\\d+)?$";
const SLUG = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
/** Quadratic: accepted only under `@maxLength 256` (TG2008). */
const BOUNDED_QUADRATIC = "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$";

/** `make(budget)` with the budget scaled until its JSON takes at most `bytes` (and not much less). */
export function sized(make, bytes) {
  let budget = bytes;
  for (;;) {
    const value = make(budget);
    const length = JSON.stringify(value).length;
    if (length <= bytes) return value;
    budget = Math.floor(budget * (bytes / length) * 0.99);
  }
}

/** @returns {Array<{ name: string, schema: object, argument: (bytes: number) => object }>} */
export function worstCases() {
  const cases = [];
  const add = (name, schema, value, $defs) =>
    cases.push({ name, schema: { type: "object", properties: { v: schema }, required: ["v"], additionalProperties: false, ...($defs ? { $defs } : {}) }, argument: (bytes) => sized((b) => ({ v: value(b) }), bytes) });

  for (const format of FORMATS) add(`format ${format}`, { type: "array", items: { type: "string", format } }, (b) => runs(b, "\u0000"));
  add("pattern (linear)", { type: "array", items: { type: "string", pattern: SLUG } }, (b) => runs(b, "!"));
  add("pattern (quadratic under maxLength 256)", { type: "array", items: { type: "string", maxLength: 256, pattern: BOUNDED_QUADRATIC } }, (b) =>
    items(b, 260, () => ("\u0000@\u0000" + ".\u0000".repeat(126)).slice(0, 253) + ".@."));
  add("maxLength before pattern", { type: "string", maxLength: 256, pattern: BOUNDED_QUADRATIC }, (b) => "\u0000@\u0000" + fill(".\u0000", b, ".@..\u0000"));
  add("minLength/maxLength (code points)", { type: "string", minLength: 1, maxLength: 10 }, (b) => fill("😀", b));
  add("enum", { type: "array", items: { enum: ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"] } }, (b) => items(b, 8, () => "omega"));
  add("const (object)", { type: "array", items: { const: { a: [1, 2, 3], b: { c: "d" } } } }, (b) => items(b, 30, () => ({ a: [1, 2, 3], b: { c: "e" } })));
  add("type", { type: "array", items: { type: "number" } }, (b) => items(b, 3, () => "x"));
  add("minimum/maximum/multipleOf", { type: "array", items: { type: "number", minimum: 1, maximum: 2, multipleOf: 0.01 } }, (b) => items(b, 6, () => 0.0001));
  add("integer", { type: "array", items: { type: "integer" } }, (b) => items(b, 4, () => 1.5));
  add("uniqueItems (numbers)", { type: "array", uniqueItems: true, items: { type: "number" } }, (b) => items(b, 7, (i) => i));
  add("uniqueItems (strings)", { type: "array", uniqueItems: true, items: { type: "string" } }, (b) => items(b, 9, (i) => `s${i}`));
  add("uniqueItems (objects, keys in any order)", { type: "array", uniqueItems: true }, (b) => items(b, 24, (i) => (i % 2 ? { a: i, b: [i] } : { b: [i], a: -i })));
  add("uniqueItems (arrays)", { type: "array", uniqueItems: true }, (b) => items(b, 16, (i) => [i, [i]]));
  add("maxItems before items and uniqueItems", { type: "array", maxItems: 10, uniqueItems: true, items: { type: "string", pattern: SLUG } }, (b) => items(b, 2, () => 1));
  add("prefixItems/items false", { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false }, (b) => items(b, 2, () => 1));
  add("additionalProperties false", { type: "object", properties: { a: { type: "number" } }, additionalProperties: false }, (b) =>
    Object.fromEntries(items(b, 12, (i) => [`k${i}`, 1])));
  add("additionalProperties (schema)", { type: "object", additionalProperties: { type: "number" } }, (b) => Object.fromEntries(items(b, 14, (i) => [`k${i}`, "x"])));
  add("patternProperties", { type: "object", patternProperties: { [NUMERIC_KEY]: { type: "number" }, "^data-([\\s\\S]*)$": { type: "string" } }, additionalProperties: false }, (b) =>
    Object.fromEntries([...items(b / 2, 14, (i) => [`${i}.5e+1`, "x"]), ["9".repeat(b / 4) + "x", 1], [`data-${"-".repeat(b / 4)}`, 1]]));
  add("propertyNames", { type: "object", propertyNames: { maxLength: 8, pattern: SLUG } }, (b) => Object.fromEntries([...items(b / 2, 14, (i) => [`K${i}`, 1]), ["a-".repeat(b / 8), 1]]));
  add("maxProperties before properties", { type: "object", maxProperties: 4, additionalProperties: { type: "string", pattern: SLUG } }, (b) => Object.fromEntries(items(b, 14, (i) => [`k${i}`, "a-".repeat(3)])));
  add("required", { type: "array", items: { type: "object", required: ["a", "b", "c"] } }, (b) => items(b, 3, () => ({})));
  const shape = (i) => ({ type: "object", properties: { [`p${i}`]: { type: "number" } }, required: [`p${i}`], additionalProperties: false });
  add("anyOf (50 shapes)", { type: "array", items: { anyOf: Array.from({ length: 50 }, (_, i) => shape(i)) } }, (b) => items(b, 10, () => ({ q: 1 })));
  add("anyOf (discriminated, 50 members)", { type: "array", items: { anyOf: Array.from({ length: 50 }, (_, i) => ({ type: "object", properties: { kind: { const: `k${i}` }, x: { type: "number" } }, required: ["kind", "x"] })) } }, (b) =>
    items(b, 22, (i) => ({ kind: `k${i % 50}`, x: "y" })));
  add("oneOf/allOf/not", { type: "array", items: { allOf: [{ type: "number" }, { not: { const: 3 } }], oneOf: [{ minimum: 0 }, { maximum: 10 }] } }, (b) => items(b, 1, () => 5));
  const node = { type: "object", properties: { n: { type: "number" }, c: { type: "array", items: { $ref: "#/$defs/Node" } } }, required: ["n", "x"] };
  // Each level is an object and an array: 60 levels nest 120 deep, inside the 128 the depth guard allows.
  add("$ref recursion (60 levels)", { $ref: "#/$defs/Node" }, (b) => tree(b, 60), { Node: node });
  // Members that both take the object (`a` is optional) and walk on into it: without kept
  // verdicts, twice the walks per level (2^60 at 60 levels; the chain's last link is no member's).
  const link = (a, combinator) => ({ type: "object", properties: { a: { const: a }, next: { $ref: `#/$defs/${combinator}` } }, additionalProperties: false });
  const links = (b) => items(b, 60 * 9, () => {
    let node = { a: 3 };
    for (let d = 0; d < 60; d++) node = { next: node };
    return node;
  });
  add("anyOf (members walking the same value, 60 levels)", { type: "array", items: { $ref: "#/$defs/Any" } }, links, { Any: { anyOf: [link(1, "Any"), link(2, "Any")] } });
  add("oneOf (members walking the same value, 60 levels)", { type: "array", items: { $ref: "#/$defs/One" } }, links, { One: { oneOf: [link(1, "One"), link(2, "One")] } });
  add("nesting at the depth guard", { type: "array", items: { type: "array" } }, (b) => {
    let deep = [];
    for (let d = 0; d < 125; d++) deep = [deep];
    // Each item its own arrays, as a parsed body has them (one array shared by every item
    // would be cheaper to copy than any request can make it).
    const text = JSON.stringify(deep);
    return items(b, text.length, () => JSON.parse(text));
  });
  add("lenient: numeric strings", { type: "array", items: { type: "number" } }, (b) => [...items(b / 2, 12, (i) => ` ${i}.5e+1 `), fill("1", b / 4, ""), fill(" ", b / 4, "1x")]);
  add("lenient: JSON text for an array", { type: "array", items: { type: "string" } }, (b) => "[" + items(b, digitsOf(1e5) + 1, (i) => i).join(",") + "]");
  // Valid, or valid once repaired: a million small values, each copied for the tool.
  const grid = { type: "array", items: { type: "array", items: { type: "number" } } };
  add("valid: a million small arrays", grid, (b) => items(b, 3, () => [1]));
  add("lenient: numeric strings in small arrays", grid, (b) => items(b, 5, () => ["1"]));
  add("lenient: JSON text of small arrays", grid, (b) => "[" + items(b, 3, () => "[1]").join(",") + "]");
  return cases;
}

/** The fastest of `runs` calls of `work`, in milliseconds (the minimum is the least noisy estimate of the cost). */
export async function fastest(work, runs = 3) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
