import { describeValue } from "../pipeline/validate-arguments.js";

/** What `createRegistry` (and a generated `createToolRegistry`) takes, and what a call takes. */
export const REGISTRY_OPTIONS = ["hosts", "allow", "tags", "strict", "timeoutMs", "workingDirectory", "values", "toolsetFactory", "formats", "host"];
const OPTION_KINDS = Object.entries({ values: "object", meta: "object", principal: "object", formats: "functions", host: "functions", strict: "boolean", toolsetFactory: "function", workingDirectory: "string", callId: "string" });
const HOST_MEMBERS = ["log", "progress", "sample", "elicit"];
const CALL_OPTIONS = ["signal", "timeoutMs", "values", "principal", "host", "meta", "callId"];

/**
 * What is wrong with an options object, or undefined: in plain JavaScript a misspelled key
 * (`timeout` for `timeoutMs`) would be dropped unseen — no timeout at all — and a value of
 * the wrong kind would fail later, far from its cause.
 */
export function optionsProblem(options: unknown, known: readonly string[], what: string): string | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return `${what} must be an object; got ${describeValue(options)}`;
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown !== undefined) return `${what} have no '${unknown}' (known: ${known.join(", ")})`;
  const { signal } = options as { signal?: { addEventListener?: unknown } };
  // Each of these of another kind would fail every call, or be ignored (a `host` whose `log` is no function: no log reaches it).
  for (const [key, kind] of OPTION_KINDS) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined || (key === "principal" && value === null)) continue;
    const object = typeof value === "object" && value !== null && !Array.isArray(value);
    const members = !object ? [] : key === "host" ? HOST_MEMBERS.map((member) => (value as Record<string, unknown>)[member]).filter((member) => member !== undefined) : Object.values(value);
    const ok = kind === "object" ? object : kind === "functions" ? object && members.every((member) => typeof member === "function") : typeof value === kind;
    if (!ok) return `${what}: '${key}' must be ${kind === "object" ? "an object" : kind === "functions" ? "an object of functions" : `a ${kind}`}; got ${describeValue(value)}`;
  }
  if (signal !== undefined && typeof signal?.addEventListener !== "function") return `${what}: 'signal' must be an AbortSignal; got ${describeValue(signal)}`;
  // `NaN`, 0 or a negative number would time out at once: every call of the registry, or this one (before its interceptors ask anyone).
  const { timeoutMs } = options as { timeoutMs?: unknown };
  if (timeoutMs !== undefined && !(typeof timeoutMs === "number" && timeoutMs > 0)) return `${what}: 'timeoutMs' must be a positive number of milliseconds; got ${describeValue(timeoutMs)}`;
  // The filters: lists of names (a string would be searched for substrings).
  for (const key of ["hosts", "allow", "tags"]) {
    const list = (options as Record<string, unknown>)[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((item) => typeof item === "string"))) return `${what}: '${key}' must be a list of strings; got ${describeValue(list)}`;
  }
  return undefined;
}

/** Throws, naming the option, on registry options a registry could not honour. */
export function checkRegistryOptions(options: unknown): void {
  const problem = optionsProblem(options, REGISTRY_OPTIONS, "the registry's options");
  if (problem !== undefined) throw new TypeError(`toolgen: ${problem}.`);
}

/** The problem with a call's options, or undefined. */
export function callOptionsProblem(options: unknown): string | undefined {
  return optionsProblem(options, CALL_OPTIONS, "the call's options");
}
