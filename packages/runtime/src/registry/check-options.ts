import { describeValue } from "../pipeline/validate-arguments.js";

/** What `createRegistry` (and a generated `createToolRegistry`) takes, and what a call takes. */
export const REGISTRY_OPTIONS = ["hosts", "allow", "tags", "strict", "timeoutMs", "workingDirectory", "values", "toolsetFactory", "formats", "host"];
const CALL_OPTIONS = ["signal", "timeoutMs", "values", "principal", "host", "meta"];

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
  const { values, hosts } = options as { values?: unknown; hosts?: unknown };
  if (values !== undefined && (typeof values !== "object" || values === null || Array.isArray(values))) return `${what}: 'values' must be an object; got ${describeValue(values)}`;
  if (hosts !== undefined && !(Array.isArray(hosts) && hosts.every((h) => typeof h === "string"))) return `${what}: 'hosts' must be a list of host ids; got ${describeValue(hosts)}`;
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
