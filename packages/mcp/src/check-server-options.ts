import { closestNames } from "@toolgen/runtime";
import { isObject } from "@toolgen/runtime/validation";

/** `createMcpServer`'s options. */
export const SERVER_KEYS = ["identity", "instructions", "external", "completions", "stateful", "pollAfterMs"];
/** `createMcpHandler`'s options. */
export const HANDLER_KEYS = ["identity", "instructions", "external", "completions", "auth", "sessions", "maxBodyBytes", "allowedOrigins", "path"];
const SESSION_KEYS = ["idleTimeoutMs", "maxSessions", "pollAfterMs", "retryMs"];
/** `auth`'s options (`AuthOptions`). */
const AUTH_KEYS = ["issuer", "audience", "jwks", "resource", "authorizationServers", "verify"];

/**
 * A server's registry and options as plain JavaScript may pass them: a mistake throws where
 * the server is made, naming it, instead of an `initialize` without `serverInfo` (which the
 * SDK's client refuses), `@external` tools listed that no call can run, or a completer that
 * fails every request. (`auth`'s values and the HTTP limits are checked where they are read.)
 */
export function checkServerOptions(registry: unknown, options: unknown, known: readonly string[], what: string): void {
  const fail = (message: string) => {
    throw new TypeError(`toolgen: ${what}: ${message}.`);
  };
  if (typeof (registry as { dispatch?: unknown } | null)?.dispatch !== "function") fail(`the first argument must be a registry (the generated module's \`registry\`, or createRegistry's); got ${shown(registry)}`);
  if (!isObject(options)) return fail(`the options must be an object with at least \`identity\`; got ${shown(options)}`);
  unknownKey(options, known, "option", fail);
  const { identity, instructions, external, completions, sessions, stateful, pollAfterMs, auth } = options;
  // An `auth` that is no object (`&&` over an unset setting gave null, "" or false) is never an open server: only leaving it out is.
  if (auth !== undefined) {
    if (!isObject(auth)) fail(`\`auth\` must be { issuer, audience, jwks } or { verify }; got ${shown(auth)} (leave it out to serve without auth)`);
    else unknownKey(auth, AUTH_KEYS, "auth option", fail);
  }
  if (!isObject(identity) || typeof identity.name !== "string" || identity.name === "" || typeof identity.version !== "string") fail(`\`identity\` must be { name, version } (strings), what the server tells a client it is; got ${shown(identity)}`);
  if (instructions !== undefined && typeof instructions !== "string") fail(`\`instructions\` must be a string; got ${shown(instructions)}`);
  if (external !== undefined && external !== "omit" && typeof external !== "function") fail(`\`external\` must be "omit" or a function that runs an @external tool's call; got ${shown(external)}`);
  if (stateful !== undefined && typeof stateful !== "boolean") fail(`\`stateful\` must be a boolean; got ${shown(stateful)}`);
  if (pollAfterMs !== undefined && !(typeof pollAfterMs === "number" && pollAfterMs >= 0)) fail(`\`pollAfterMs\` must be a number of milliseconds; got ${shown(pollAfterMs)}`);
  // Their values are the session table's to check.
  if (sessions !== undefined && typeof sessions !== "boolean") {
    if (!isObject(sessions)) fail(`\`sessions\` must be true, false or session options ({ ${SESSION_KEYS.join(", ")} }); got ${shown(sessions)}`);
    else unknownKey(sessions, SESSION_KEYS, "session option", fail);
  }
  if (completions !== undefined) checkCompletions(registry as { entries?: unknown }, completions, fail);
}

/**
 * `completions`: completer functions by prompt name and argument, and by resource URI (a
 * template's, as requests name it) and variable, each naming one the registry has.
 */
function checkCompletions(registry: { entries?: unknown }, completions: unknown, fail: (message: string) => never): void {
  if (!isObject(completions)) return fail(`\`completions\` must be { prompts?, resources? }; got ${shown(completions)}`);
  unknownKey(completions, ["prompts", "resources"], "completions key", fail);
  let entries: Array<{ name: string; kind: string; uris?: string[]; inputSchema?: { properties?: object } }> | undefined;
  try {
    entries = registry.entries as typeof entries;
  } catch {
    // A split registry not loaded yet: its names are checked by the requests, not here.
  }
  for (const kind of ["prompts", "resources"] as const) {
    const byTarget = completions[kind];
    if (byTarget === undefined) continue;
    const what = kind === "prompts" ? "prompt" : "resource URI";
    if (!isObject(byTarget)) return fail(`\`completions.${kind}\` must be an object of completers by ${what}; got ${shown(byTarget)}`);
    // What requests name: a prompt's name, a resource's URI (template).
    const targets = new Map(entries?.filter((e) => e.kind === kind.slice(0, -1)).flatMap((e) => (kind === "prompts" ? [e.name] : (e.uris ?? [])).map((target) => [target, e] as const)));
    for (const [target, byArgument] of Object.entries(byTarget)) {
      const entry = targets.get(target);
      if (entries && !entry) fail(`\`completions.${kind}\` names '${target}', which is no ${what} of the registry${suggestion(target, [...targets.keys()])}`);
      if (!isObject(byArgument)) return fail(`\`completions.${kind}["${target}"]\` must be an object of completer functions by argument; got ${shown(byArgument)}`);
      const argumentsOf = Object.keys(entry?.inputSchema?.properties ?? {});
      for (const [argument, completer] of Object.entries(byArgument)) {
        if (entry && !argumentsOf.includes(argument)) fail(`\`completions.${kind}["${target}"]\` names the argument '${argument}', which it has not${suggestion(argument, argumentsOf)}`);
        if (typeof completer !== "function") fail(`\`completions.${kind}["${target}"].${argument}\` must be a function; got ${shown(completer)}`);
      }
    }
  }
}

function unknownKey(object: Record<string, unknown>, known: readonly string[], what: string, fail: (message: string) => never): void {
  const unknown = Object.keys(object).find((key) => !known.includes(key));
  if (unknown !== undefined) fail(`unknown ${what} '${unknown}'${suggestion(unknown, known)} (known: ${known.join(", ")})`);
}

function suggestion(name: string, names: readonly string[]): string {
  const [closest] = closestNames(name, names);
  return closest ? `; did you mean '${closest}'?` : "";
}

function shown(value: unknown): string {
  if (typeof value === "function") return "a function";
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? String(value);
  } catch {
    return String(value);
  }
}
