import { compilePattern } from "../validation/compile-schema.js";
import { resolveLocalRef } from "../validation/supported-schema.js";
import { ENTRY_NAME, NAME_RULE } from "./entry-name.js";
import { describeJson, type ManifestProblem } from "./manifest-error.js";

/**
 * Structural checks of a format-2 manifest, reporting every problem with its JSON path.
 * Unknown keys are allowed (later builds may add optional fields); known keys must have
 * the documented shape, so nothing downstream meets a value of the wrong type.
 */
export function checkManifest(value: Record<string, unknown>): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const check = new Checker(problems);
  const pkg = check.object(value, "$.package");
  if (pkg) {
    check.string(pkg, "$.package.name");
    check.optionalString(pkg, "$.package.version");
  }
  if (value.registryModule !== undefined) check.modulePath(value, "$.registryModule");
  const entries = check.array(value, "$.entries");
  const seen = new Map<string, number>();
  entries?.forEach((entry, i) => {
    const at = `$.entries[${i}]`;
    if (!isRecord(entry)) return problems.push({ path: at, expected: "an object", received: describeJson(entry) });
    checkEntry(check, entry, at);
    if (typeof entry.name === "string") {
      const first = seen.get(entry.name);
      if (first !== undefined) problems.push({ path: `${at}.name`, expected: `a name not used before (entries[${first}] is also '${entry.name}')`, received: describeJson(entry.name) });
      else seen.set(entry.name, i);
    }
  });
  return problems;
}

function checkEntry(check: Checker, entry: Record<string, unknown>, at: string): void {
  check.oneOf(entry, `${at}.kind`, ["tool", "prompt", "resource"]);
  // Held to a build's rule: a hand-written name reaches MCP clients and terminals as it is.
  check.name(entry, `${at}.name`);
  check.optionalString(entry, `${at}.title`);
  check.string(entry, `${at}.description`, true);
  const impl = check.object(entry, `${at}.implementation`);
  if (impl) {
    check.modulePath(impl, `${at}.implementation.module`);
    check.string(impl, `${at}.implementation.export`);
    check.optionalString(impl, `${at}.implementation.method`);
  }
  if (entry.toolset !== undefined) check.name(entry, `${at}.toolset`);
  const args = check.object(entry, `${at}.arguments`);
  if (args) {
    check.oneOf(args, `${at}.arguments.mode`, ["positional", "request"]);
    check.array(args, `${at}.arguments.parameters`)?.forEach((slot, j) => {
      const slotAt = `${at}.arguments.parameters[${j}]`;
      if (!isRecord(slot)) return check.problem(slotAt, "an object", slot);
      check.oneOf(slot, `${slotAt}.kind`, ["argument", "request", "context"]);
      if (slot.kind === "argument") check.string(slot, `${slotAt}.name`);
    });
  }
  check.schema(entry, `${at}.inputSchema`, true);
  check.schema(entry, `${at}.outputSchema`, false);
  check.optionalString(entry, `${at}.returns`);
  if (entry.defaults !== undefined) check.object(entry, `${at}.defaults`);
  const defs = entry.conversionDefs === undefined ? {} : (check.object(entry, `${at}.conversionDefs`) ?? {});
  const checkConversions = (list: unknown, listAt: string) => {
    if (!Array.isArray(list)) return check.problem(listAt, "an array", list);
    list.forEach((c: unknown, j) => {
      const cAt = `${listAt}[${j}]`;
      if (!isRecord(c)) return check.problem(cAt, "an object", c);
      check.oneOf(c, `${cAt}.op`, ["date", "rename", "ref"]);
      check.string(c, `${cAt}.at`, true);
      if (c.op === "rename") {
        check.string(c, `${cAt}.from`);
        check.string(c, `${cAt}.to`);
      }
      if (c.op === "ref" && (typeof c.def !== "string" || !Object.hasOwn(defs, c.def))) check.problem(`${cAt}.def`, "a name in conversionDefs", c.def);
      if (c.match !== undefined && !(Array.isArray(c.match) && c.match.every((m) => m === null || isPattern(m)))) check.problem(`${cAt}.match`, "a list of regular expressions (or null), one per * of at", c.match);
    });
  };
  if (entry.conversions !== undefined) checkConversions(entry.conversions, `${at}.conversions`);
  for (const [name, list] of Object.entries(defs)) checkConversions(list, `${at}.conversionDefs[${JSON.stringify(name)}]`);
  if (entry.annotations !== undefined) {
    const annotations = check.object(entry, `${at}.annotations`);
    for (const [key, v] of Object.entries(annotations ?? {})) if (typeof v !== "boolean") check.problem(`${at}.annotations.${key}`, "true or false", v);
  }
  for (const key of ["tags", "scopes", "supportedFor", "excludedFor", "uris"]) check.optionalStrings(entry, `${at}.${key}`);
  if (entry.content !== undefined && typeof entry.content !== "boolean") check.problem(`${at}.content`, "true or false", entry.content);
  if (entry.external !== undefined && typeof entry.external !== "boolean") check.problem(`${at}.external`, "true or false", entry.external);
  if (entry.deprecated !== undefined && typeof entry.deprecated !== "boolean" && typeof entry.deprecated !== "string") check.problem(`${at}.deprecated`, "true, false or a string", entry.deprecated);
  if (entry.role !== undefined) check.oneOf(entry, `${at}.role`, ["user", "assistant"]);
  if (entry.kind === "resource" && (!Array.isArray(entry.uris) || entry.uris.length === 0)) check.problem(`${at}.uris`, "at least one URI for a resource", entry.uris);
  check.optionalString(entry, `${at}.mimeType`);
  if (entry.completions !== undefined) {
    const completions = check.object(entry, `${at}.completions`);
    for (const [key, v] of Object.entries(completions ?? {})) if (typeof v !== "string") check.problem(`${at}.completions.${key}`, "the name of an exported function", v);
  }
  const source = check.object(entry, `${at}.source`);
  if (source) {
    check.string(source, `${at}.source.file`);
    for (const key of ["line", "column"]) {
      const v = source[key];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 1) check.problem(`${at}.source.${key}`, "a positive integer", v);
    }
  }
}

/** Field checks that read the last segment of a JSON path from its parent object. */
class Checker {
  constructor(private readonly problems: ManifestProblem[]) {}

  problem(path: string, expected: string, value: unknown): void {
    this.problems.push({ path, expected, received: describeJson(value) });
  }

  object(parent: Record<string, unknown>, path: string): Record<string, unknown> | undefined {
    const v = parent[lastKey(path)];
    if (isRecord(v)) return v;
    this.problem(path, "an object", v);
    return undefined;
  }

  array(parent: Record<string, unknown>, path: string): unknown[] | undefined {
    const v = parent[lastKey(path)];
    if (Array.isArray(v)) return v;
    this.problem(path, "an array", v);
    return undefined;
  }

  string(parent: Record<string, unknown>, path: string, emptyAllowed = false): void {
    const v = parent[lastKey(path)];
    if (typeof v !== "string" || (!emptyAllowed && v.length === 0)) this.problem(path, emptyAllowed ? "a string" : "a non-empty string", v);
  }

  name(parent: Record<string, unknown>, path: string): void {
    const v = parent[lastKey(path)];
    if (typeof v !== "string" || !ENTRY_NAME.test(v)) this.problem(path, NAME_RULE, v);
  }

  modulePath(parent: Record<string, unknown>, path: string): void {
    const v = parent[lastKey(path)];
    if (!isModulePath(v)) this.problem(path, MODULE_PATH, v);
  }

  optionalString(parent: Record<string, unknown>, path: string): void {
    if (parent[lastKey(path)] !== undefined) this.string(parent, path);
  }

  optionalStrings(parent: Record<string, unknown>, path: string): void {
    const v = parent[lastKey(path)];
    if (v === undefined) return;
    if (!Array.isArray(v) || v.some((s) => typeof s !== "string" || s.length === 0)) this.problem(path, "an array of non-empty strings", v);
  }

  oneOf(parent: Record<string, unknown>, path: string, allowed: readonly string[]): void {
    const v = parent[lastKey(path)];
    if (typeof v !== "string" || !allowed.includes(v)) this.problem(path, `one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`, v);
  }

  schema(parent: Record<string, unknown>, path: string, required: boolean): void {
    const v = parent[lastKey(path)];
    if (v === undefined && !required) return;
    if (!isRecord(v) && typeof v !== "boolean") this.problem(path, "a JSON Schema (an object or a boolean)", v);
    else if (isRecord(v)) this.problems.push(...schemaShapeProblems(v, path));
  }
}

/**
 * Every `$ref` in `schema` must name a place in it (`#/$defs/…`): one that points nowhere
 * would be read as any value; every `pattern` must compile. And no schema nests deeper than `MAX_SCHEMA_DEPTH`, data
 * (`default`, `enum`, …) included: what reads a schema recursively (the validator, the
 * providers' projections, `toolgen list`) would overflow the stack on it. Walked with a stack
 * of its own, so no nesting overflows this check.
 */
export function schemaShapeProblems(schema: Record<string, unknown>, path: string): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const stack: Array<[unknown, string, number, boolean]> = [[schema, path, 0, false]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, at, depth, data] = next;
    if (node === null || typeof node !== "object") continue;
    if (depth > MAX_SCHEMA_DEPTH) return [...problems, { path, expected: `a schema nested at most ${MAX_SCHEMA_DEPTH} levels deep`, received: `one with a part more than ${MAX_SCHEMA_DEPTH} levels down` }];
    // Children pushed last first: problems come in the document's order.
    if (Array.isArray(node)) for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}[${i}]`, depth + 1, data]);
    if (!isRecord(node)) continue;
    if (!data && typeof node.$ref === "string" && !resolvesIn(schema, node.$ref)) problems.push({ path: `${at}.$ref`, expected: "a reference to a place in this schema (#/$defs/…)", received: describeJson(node.$ref) });
    // One the validator cannot compile would fail every call of the entry, not its load.
    if (!data && node.pattern !== undefined && !isPattern(node.pattern)) problems.push({ path: `${at}.pattern`, expected: PATTERN, received: describeJson(node.pattern) });
    if (!data && isRecord(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) if (!isPattern(key)) problems.push({ path: `${at}.patternProperties[${JSON.stringify(key)}]`, expected: `a key that is ${PATTERN}`, received: describeJson(key) });
    // Values, not schemas, under these: a `$ref` key in them is data.
    for (const [key, child] of Object.entries(node).reverse()) stack.push([child, `${at}${/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`, depth + 1, data || DATA_KEYWORDS.has(key)]);
  }
  return problems;
}

/** The deepest nesting of a schema's JSON (objects and arrays) a manifest may hold: far beyond any type's, well within every reader's stack. */
export const MAX_SCHEMA_DEPTH = 512;

const PATTERN = "a regular expression the validator compiles (with the u flag)";
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/** Whether `ref` is a JSON Pointer fragment (`#/$defs/Name`) naming a place in `root`. */
function resolvesIn(root: Record<string, unknown>, ref: string): boolean {
  try {
    resolveLocalRef(root, ref);
    return true;
  } catch {
    // Not local, pointing at nothing, or a malformed escape (`%E0`).
    return false;
  }
}

export const MODULE_PATH = "the path of a module file, relative to the package";

/** A URL or a scheme's specifier (`data:…`, `node:fs`) names no file of the package. */
export function isModulePath(v: unknown): boolean {
  return typeof v === "string" && v.length > 0 && !/^[A-Za-z][A-Za-z\d+.-]+:/.test(v);
}

function lastKey(path: string): string {
  return path.slice(path.lastIndexOf(".") + 1);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether the validator can compile it, as it compiles `pattern`. */
function isPattern(source: unknown): boolean {
  if (typeof source !== "string") return false;
  try {
    compilePattern(source);
    return true;
  } catch {
    return false;
  }
}
