import { describeValue } from "../pipeline/validate-arguments.js";

/** What `createRegistry` (and a generated `createToolRegistry`) takes, and what a call takes. */
export const REGISTRY_OPTIONS = ["hosts", "allow", "tags", "strict", "timeoutMs", "workingDirectory", "values", "toolsetFactory", "formats", "host"];
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
  const { values, signal } = options as { values?: unknown; signal?: { addEventListener?: unknown } };
  if (values !== undefined && (typeof values !== "object" || values === null || Array.isArray(values))) return `${what}: 'values' must be an object; got ${describeValue(values)}`;
  if (signal !== undefined && typeof signal?.addEventListener !== "function") return `${what}: 'signal' must be an AbortSignal; got ${describeValue(signal)}`;
  // The filters: lists of names (a string would be searched for substrings).
  for (const key of ["hosts", "allow", "tags"]) {
    const list = (options as Record<string, unknown>)[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((item) => typeof item === "string"))) return `${what}: '${key}' must be a list of strings; got ${describeValue(list)}`;
  }
  return undefined;
}

/** Throws, naming the option, on registry options a registry could not honour. */
export function checkRegistryOptions(options: unknown): void {
  const { timeoutMs } = (options ?? {}) as { timeoutMs?: unknown };
  // Else every call would be refused for it (a call's own timeoutMs is judged when it is made).
  const badTimeout = timeoutMs !== undefined && !(typeof timeoutMs === "number" && timeoutMs > 0) ? `the registry's options: 'timeoutMs' must be a positive number of milliseconds; got ${describeValue(timeoutMs)}` : undefined;
  const problem = optionsProblem(options, REGISTRY_OPTIONS, "the registry's options") ?? badTimeout;
  if (problem !== undefined) throw new TypeError(`toolgen: ${problem}.`);
}

/** The problem with a call's options, or undefined. */
export function callOptionsProblem(options: unknown): string | undefined {
  return optionsProblem(options, CALL_OPTIONS, "the call's options");
}
