import type { CallHost } from "../context/call-host.js";
import { missingScopes, type Principal, type ToolContext } from "../context/tool-context.js";
import type { PlatformSignal } from "../context/platform-signal.js";
import type { ManifestEntry } from "../manifest/manifest-format.js";
import { errorOutcome, type Outcome } from "../outcome/outcome.js";
import { defineExternal, type ExternalToolSchema } from "../registration/define-external.js";
import { defineTool, type ToolSpec } from "../registration/define-tool.js";
import type { ToolsetFactory } from "../pipeline/resolve-implementation.js";
import { messageOf } from "../pipeline/serialize-result.js";
import { toJsonArguments } from "../pipeline/to-json-arguments.js";
import { closestNames, quoteName } from "./closest-names.js";
import { completeArgument } from "./complete-argument.js";
import type { EntryDefinition } from "./entry-definition.js";
import { EntryTable } from "./entry-table.js";
import type { EntryFilters } from "./filter-entries.js";
import { formatLookup, type FormatTable } from "../validation/format-checks.js";
import { SuspendedCalls } from "./suspended-calls.js";
import { runCall, type CallContext } from "./run-call.js";
import { callOptionsProblem, checkRegistryOptions } from "./check-options.js";

export interface RegistryOptions extends EntryFilters {
  /** Turn off lenient repairs of model arguments. */
  strict?: boolean;
  /** Default per-call timeout in milliseconds. */
  timeoutMs?: number;
  workingDirectory?: string;
  /** Values handed to tools through `ToolContext.values` (credentials, clients). */
  values?: Record<string, unknown>;
  /** Creates `@toolset` instances (default: `new Toolset()`). */
  toolsetFactory?: ToolsetFactory;
  /**
   * Format checks for schemas registered at run time (`register`, `registerSchema`), from
   * `@toolgen/runtime/formats`: `{ email }`, or `ALL_FORMATS`. `date-time` is always checked;
   * registering a schema with another format whose check is not here throws, saying which.
   * (Validators generated at build time import their own checks.)
   */
  formats?: FormatTable;
  /** Where tools' log messages and progress go, and who answers their sampling and elicitation (see `CallOptions.host`). */
  host?: CallHost;
}

export interface CallOptions {
  signal?: PlatformSignal;
  timeoutMs?: number;
  /** Values for this call, merged over the registry's. */
  values?: Record<string, unknown>;
  /**
   * The authenticated caller: an entry with `@scopes` it does not hold all of is `forbidden`,
   * and tools see it as `context.principal`. Without one (`undefined`), no scope is checked:
   * the application decided who may call; `null`, no one authenticated, holds none.
   */
  principal?: Principal | null;
  /** The model's id of this tool call (the AI SDK's `toolCallId`, OpenAI's `call_id`): `telemetry()` records it as `gen_ai.tool.call.id`. */
  callId?: string;
  /** The host's callbacks for this call, over the registry's (an MCP server passes its client's). */
  host?: CallHost;
  /** The request's metadata, as the tool sees it (`context.meta`): an MCP server passes `params._meta`. */
  meta?: Readonly<Record<string, unknown>>;
}

/** What an interceptor sees of a call: validated, converted arguments. */
export interface CallInfo {
  name: string;
  entry: ManifestEntry;
  arguments: Record<string, unknown>;
  context: ToolContext;
  /** The model's id of the call, when the caller gave one (`CallOptions.callId`). */
  callId?: string;
}

/** Wraps every execution: call `next()` to go on, or return an outcome of your own. */
export type Interceptor = (call: CallInfo, next: () => Promise<Outcome>) => Promise<Outcome>;

/**
 * What `call(name, …)` takes after the name: the entry's arguments, optional where it requires
 * none. A union of names (`cond ? "a" : "b"`) has no one type of arguments: nothing fits it.
 */
export type CallRest<Inputs extends InputMap, N extends keyof Inputs> = IsUnion<N> extends true
  ? [args: never, options?: CallOptions]
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no required key": the empty object type is the question
    {} extends Inputs[N]
    ? [args?: Inputs[N], options?: CallOptions]
    : [args: Inputs[N], options?: CallOptions];

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** Arguments by entry name, for typed calls; the generated module supplies it. */
export type InputMap = { [name: string]: object };

/**
 * A registry of tools, prompts and resources.
 *
 * A registry from a split generated module (`split: true`) loads entries on demand:
 * `entries` and `get()` need `await registry.load()` first; calls load what they need
 * themselves.
 */
export interface Registry<Inputs extends InputMap = InputMap> {
  /**
   * The entries this registry exposes (after filtering), in registration order. Throws while
   * entries of a split registry module are not loaded (see `load()`).
   */
  readonly entries: readonly ManifestEntry[];
  /** The entry by name (undefined for an unknown name); throws while that entry is not loaded (see `load()`). */
  get(name: string): ManifestEntry | undefined;
  /**
   * Loads every entry still to be loaded — for a registry from a split generated module
   * (`split: true`), imports its chunks — so `entries` and `get()` can be read. Resolves to
   * the registry; immediate when nothing is pending, so it is safe to call more than once.
   * Rejects when a chunk fails to import or is out of step with the registry module.
   */
  load(): Promise<this>;
  /**
   * A typed call: arguments are checked against the entry's input type at compile time, and
   * passed as the TypeScript function declares them (a `Date` is sent as its ISO string).
   * `args` may be left out where the entry requires none (a tool without parameters).
   */
  call<N extends keyof Inputs & string>(name: N, ...rest: CallRest<Inputs, N>): Promise<Outcome>;
  /** A call by any name with any arguments (what a model sends): a tool, a prompt or a resource. */
  dispatch(name: string, args: unknown, options?: CallOptions): Promise<Outcome>;
  /** Reads a resource by URI; a template's variables become its arguments. */
  readResource(uri: string, options?: CallOptions): Promise<Outcome>;
  /** The resource entry that serves `uri` (its static URI, or the most specific template that matches), without reading it. */
  resourceAt(uri: string): ManifestEntry | undefined;
  /** Hands an external tool's result back for a `suspended` call id (an `Error` becomes an error outcome). */
  complete(callId: string, result: unknown): Outcome;
  /** Registers a tool, prompt or resource implemented by a function, without a build step. */
  register(spec: ToolSpec): ManifestEntry | undefined;
  /** Registers an external tool by its schema: calls are validated and answered `suspended`. */
  registerSchema(schema: ExternalToolSchema): ManifestEntry | undefined;
  use(interceptor: Interceptor): this;
  /**
   * Values for an argument of a prompt or resource (MCP `completion/complete`): its completer's
   * (`@complete`), or the values its type allows that start with `typed`. Undefined for an
   * unknown entry or argument, and for an entry whose scopes the `principal` does not hold.
   */
  completeArgument(name: string, argument: string, typed: string, context?: { arguments?: Readonly<Record<string, string>>; principal?: Principal | null }): Promise<string[] | undefined>;
  /** Says the resource at `uri` changed: `onResourceUpdated` listeners hear it (an MCP server tells the clients that subscribed). */
  resourceUpdated(uri: string): void;
  /** Listens for `resourceUpdated`; returns the function that stops listening. */
  onResourceUpdated(listener: (uri: string) => void): () => void;
}

/**
 * Builds a registry from entry definitions (the generated module, discovered manifests, or
 * none) — registration only; the call pipeline lives in `run-call.ts`. Definitions the
 * filters reject are left out; a name registered twice throws, naming both origins.
 */
export function createRegistry<Inputs extends InputMap = InputMap>(definitions: readonly EntryDefinition[], options: RegistryOptions = {}): Registry<Inputs> {
  checkRegistryOptions(options);
  if (!Array.isArray(definitions)) throw new TypeError("toolgen: createRegistry needs a list of definitions.");
  const table = new EntryTable(options);
  definitions.forEach((definition, i) => {
    // `[null]`, `[{}]` failed on a property of nothing.
    if (typeof (definition?.head ?? definition?.entry)?.name !== "string") throw new TypeError(`toolgen: createRegistry: definitions[${i}] is no definition.`);
    table.add(definition);
  });
  const formats = formatLookup(options.formats);
  const suspended = new SuspendedCalls((name) => table.entry(name), formats);
  const listeners = new Set<(uri: string) => void>();
  const resourceUpdated = (uri: string) => {
    for (const listener of [...listeners]) {
      try {
        listener(uri);
      } catch {
        // A listener's failure is its own; the others still hear.
      }
    }
  };
  const context: CallContext = { options, interceptors: [], instances: new Map(), suspended, formats, resourceUpdated };

  /**
   * Whether a suggestion may name this entry to the caller: with a principal, only an entry
   * whose scopes it holds (as an MCP server lists them), never one not loaded yet.
   */
  function mayKnow(name: string, principal: Principal | null | undefined): boolean {
    if (principal === undefined) return true;
    try {
      const entry = table.entry(name);
      return entry !== undefined && missingScopes(entry, principal).length === 0;
    } catch {
      return false;
    }
  }

  async function dispatch(name: string, args: unknown, callOptions: CallOptions = {}, uri?: string): Promise<Outcome> {
    try {
      // In the try: a getter of the options may throw, a name may be no text (a symbol).
      const problem = callOptionsProblem(callOptions);
      if (problem !== undefined) return errorOutcome("internal", `${problem}; ${quoteName(name)} was not called.`);
      const definition = table.get(name);
      if (!definition) {
        const suggestions = closestNames(name, table.names().filter((known) => mayKnow(known, callOptions.principal)));
        const leftOut = table.whyLeftOut(name);
        const hint = leftOut ? ` It exists but is not registered here: ${leftOut}.` : suggestions.length ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(", ")}?` : "";
        return errorOutcome("unknown_tool", `There is no tool named ${quoteName(name)}.${hint}`, { suggestions });
      }
      if (definition.ready) {
        try {
          await table.ready(definition);
        } catch (error) {
          return errorOutcome("internal", `Cannot load '${name}': ${messageOf(error).replace(/^toolgen: /, "")}`);
        }
      }
      return await runCall(definition, args, callOptions, uri, context);
    } catch (error) {
      return errorOutcome("internal", `toolgen runtime failure: ${messageOf(error)}`);
    }
  }

  const registry: Registry<Inputs> = {
    get entries() {
      return table.entries();
    },
    get: (name) => table.entry(name),
    async load() {
      await table.load();
      return this;
    },
    async call(name, args?: unknown, callOptions?: CallOptions) {
      const json = toJsonArguments(name, args);
      return json.ok ? dispatch(name, json.value, callOptions) : json.outcome;
    },
    dispatch: (name, args, callOptions) => dispatch(name, args, callOptions),
    async readResource(uri, callOptions) {
      const found = typeof uri === "string" ? table.resourceIndex().find(uri) : undefined;
      if (!found) {
        const known = table.resourceIndex().all().filter(([, name]) => mayKnow(name, callOptions?.principal));
        const suggestions = closestNames(uri, known.map(([known]) => known));
        const hint = suggestions.length ? ` Known: ${suggestions.map((s) => `'${s}'`).join(", ")}.` : "";
        return errorOutcome("unknown_tool", `There is no resource at ${quoteName(uri)}.${hint}`, { suggestions });
      }
      return dispatch(found.name, found.args, callOptions, uri);
    },
    resourceAt(uri) {
      const found = table.resourceIndex().find(uri);
      return found && registry.get(found.name);
    },
    complete: (callId, result) => suspended.complete(callId, result),
    register: (spec) => (table.add(defineTool(spec, formats)) ? table.get(spec.name)!.entry : undefined),
    registerSchema: (schema) => (table.add(defineExternal(schema, formats)) ? table.get(schema.name)!.entry : undefined),
    use(interceptor) {
      // Refused here, not at every call that would then fail inside the chain.
      if (typeof interceptor !== "function") throw new TypeError(`toolgen: use() takes a function; got ${typeof interceptor}.`);
      context.interceptors.push(interceptor);
      return this;
    },
    async completeArgument(name, argument, typed, completion) {
      const definition = table.get(name);
      if (!definition || !mayKnow(name, completion?.principal)) return undefined;
      if (definition.ready) await table.ready(definition);
      return completeArgument(definition, argument, typed, completion?.arguments ?? {});
    },
    resourceUpdated,
    onResourceUpdated(listener) {
      if (typeof listener !== "function") throw new TypeError(`toolgen: onResourceUpdated() takes a function; got ${typeof listener}.`);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return registry;
}
