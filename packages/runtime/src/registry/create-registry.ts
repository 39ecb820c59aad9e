import { randomUUID } from "node:crypto";
import type { ToolContext } from "../context/tool-context.js";
import type { ManifestEntry } from "../manifest/manifest-format.js";
import { errorOutcome, type Outcome } from "../outcome/outcome.js";
import { bindArguments } from "../pipeline/bind-arguments.js";
import { convertArguments } from "../pipeline/convert-arguments.js";
import { mapThrown } from "../pipeline/map-thrown.js";
import { repairArguments } from "../pipeline/repair-arguments.js";
import { resolveImplementation, type ToolsetFactory } from "../pipeline/resolve-implementation.js";
import { messageOf, serializeResult } from "../pipeline/serialize-result.js";
import { formatIssues, validateArguments } from "../pipeline/validate-arguments.js";
import { closestNames } from "./closest-names.js";
import type { EntryDefinition } from "./entry-definition.js";
import { isAllowedForHosts } from "./filter-entries.js";

export interface RegistryOptions {
  /** The host identities this application declares (`@supportedFor` / `@excludedFor`). */
  hosts?: readonly string[];
  /** Turn off lenient repairs of model arguments. */
  strict?: boolean;
  /** Default per-call timeout in milliseconds. */
  timeoutMs?: number;
  workingDirectory?: string;
  /** Values handed to tools through `ToolContext.values` (credentials, clients). */
  values?: Record<string, unknown>;
  /** Creates `@toolset` instances (default: `new Toolset()`). */
  toolsetFactory?: ToolsetFactory;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Values for this call, merged over the registry's. */
  values?: Record<string, unknown>;
}

/** What an interceptor sees of a call: validated, converted arguments. */
export interface CallInfo {
  name: string;
  entry: ManifestEntry;
  arguments: Record<string, unknown>;
  context: ToolContext;
}

/** Wraps every execution: call `next()` to go on, or return an outcome of your own. */
export type Interceptor = (call: CallInfo, next: () => Promise<Outcome>) => Promise<Outcome>;

/** Arguments by entry name, for typed calls; the generated module supplies it. */
export type InputMap = { [name: string]: object };

export interface Registry<Inputs extends InputMap = InputMap> {
  /** The entries this registry exposes (after host filtering), in registration order. */
  readonly entries: readonly ManifestEntry[];
  get(name: string): ManifestEntry | undefined;
  /** A typed call: arguments are checked against the entry's input type at compile time. */
  call<N extends keyof Inputs & string>(name: N, args: Inputs[N], options?: CallOptions): Promise<Outcome>;
  /** A call by any name with any arguments (what a model sends). */
  dispatch(name: string, args: unknown, options?: CallOptions): Promise<Outcome>;
  /** Hands an external tool's result back for a `suspended` call id. */
  complete(callId: string, result: unknown): Outcome;
  use(interceptor: Interceptor): this;
}

/** Builds a registry from entry definitions (the generated module, manifests, or by hand). */
export function createRegistry<Inputs extends InputMap = InputMap>(definitions: readonly EntryDefinition[], options: RegistryOptions = {}): Registry<Inputs> {
  const hosts = options.hosts ?? [];
  const byName = new Map<string, EntryDefinition>();
  for (const definition of definitions) {
    if (!isAllowedForHosts(definition.entry, hosts)) continue;
    const previous = byName.get(definition.entry.name);
    if (previous) {
      throw new Error(`toolgen: the name '${definition.entry.name}' is registered twice: by ${previous.origin ?? previous.entry.source.file} and by ${definition.origin ?? definition.entry.source.file}.`);
    }
    byName.set(definition.entry.name, definition);
  }
  const interceptors: Interceptor[] = [];
  const instances = new Map<unknown, unknown>();
  const suspended = new Map<string, string>();

  async function dispatch(name: string, args: unknown, callOptions: CallOptions = {}): Promise<Outcome> {
    try {
      return await run(name, args, callOptions);
    } catch (error) {
      return errorOutcome("internal", `toolgen runtime failure: ${messageOf(error)}`);
    }
  }

  async function run(name: string, rawArgs: unknown, callOptions: CallOptions): Promise<Outcome> {
    const definition = byName.get(name);
    if (!definition) {
      const suggestions = closestNames(name, [...byName.keys()]);
      const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(", ")}?` : "";
      return errorOutcome("unknown_tool", `There is no tool named '${name}'.${hint}`, { suggestions });
    }
    const { entry } = definition;
    let args: unknown = rawArgs === undefined ? {} : rawArgs;
    let issues = validateArguments(definition.validate, args);
    let repairs: ReturnType<typeof repairArguments>["repairs"] = [];
    if (issues.length > 0 && !options.strict) {
      const repaired = repairArguments(entry.inputSchema, args);
      if (repaired.repairs.length > 0) {
        const after = validateArguments(definition.validate, repaired.value);
        if (after.length === 0) ({ value: args, repairs } = repaired);
        issues = after;
      }
    }
    if (issues.length > 0) {
      return { ...errorOutcome("invalid_arguments", formatIssues(name, issues), { issues }), ...(repairs.length ? { repairs } : {}) };
    }
    const validated = applyDefaults(structuredClone(args) as Record<string, unknown>, entry.defaults);

    if (entry.external) {
      const id = randomUUID();
      suspended.set(id, name);
      return { status: "suspended", call: { id, name, arguments: validated } };
    }

    const converted = convertArguments(validated, entry.conversions);
    const outcome = await execute(definition, converted, callOptions);
    return repairs.length > 0 && (outcome.status === "ok" || outcome.status === "error") ? { ...outcome, repairs } : outcome;
  }

  function execute(definition: EntryDefinition, args: Record<string, unknown>, callOptions: CallOptions): Promise<Outcome> {
    const controller = new AbortController();
    const context: ToolContext = {
      workingDirectory: options.workingDirectory ?? process.cwd(),
      hosts,
      signal: controller.signal,
      toolName: definition.entry.name,
      values: { ...options.values, ...callOptions.values },
    };
    const info: CallInfo = { name: definition.entry.name, entry: definition.entry, arguments: args, context };
    const invoke = () => invokeWithLimits(definition, info, controller, callOptions);
    const chain = interceptors.reduceRight<() => Promise<Outcome>>((next, interceptor) => () => interceptor(info, next), invoke);
    return chain();
  }

  async function invokeWithLimits(definition: EntryDefinition, info: CallInfo, controller: AbortController, callOptions: CallOptions): Promise<Outcome> {
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs;
    const { signal } = callOptions;
    if (signal?.aborted) return errorOutcome("aborted", `The call to '${info.name}' was aborted before it started.`);
    let settle: (outcome: Outcome) => void = () => {};
    const limit = new Promise<Outcome>((resolve) => (settle = resolve));
    const onAbort = () => {
      controller.abort(signal?.reason);
      settle(errorOutcome("aborted", `The call to '${info.name}' was aborted.`));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer =
      timeoutMs !== undefined
        ? setTimeout(() => {
            controller.abort(new Error("timeout"));
            settle(errorOutcome("timeout", `'${info.name}' did not finish within ${timeoutMs} ms.`));
          }, timeoutMs)
        : undefined;
    try {
      const work = (async (): Promise<Outcome> => {
        const fn = await resolveImplementation(definition, instances, options.toolsetFactory).catch((error: unknown) => {
          throw new LoadError(messageOf(error));
        });
        return serializeResult(await fn(...bindArguments(definition.entry.arguments, info.arguments, info.context)));
      })().catch((error: unknown) => (error instanceof LoadError ? errorOutcome("internal", `Cannot load '${info.name}': ${error.message}`) : mapThrown(error)));
      return await Promise.race([work, limit]);
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  const registry: Registry<Inputs> = {
    entries: [...byName.values()].map((d) => d.entry),
    get: (name) => byName.get(name)?.entry,
    call: (name, args, callOptions) => dispatch(name, args, callOptions),
    dispatch,
    complete(callId, result) {
      const name = suspended.get(callId);
      if (name === undefined) return errorOutcome("unknown_tool", `There is no suspended call with id '${callId}' (it was completed already, or never suspended).`);
      suspended.delete(callId);
      return serializeResult(result);
    },
    use(interceptor) {
      interceptors.push(interceptor);
      return this;
    },
  };
  return registry;
}

class LoadError extends Error {}

function applyDefaults(args: Record<string, unknown>, defaults: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!defaults) return args;
  for (const [key, value] of Object.entries(defaults)) if (!Object.hasOwn(args, key)) args[key] = structuredClone(value);
  return args;
}
