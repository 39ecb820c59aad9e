import type { ElicitContent, ElicitResult, ElicitSchema, LogLevel, SampleRequest, SampleResult } from "./call-host.js";
import type { PlatformSignal } from "./platform-signal.js";

/**
 * What the runtime injects into a tool parameter of this type (recognised by the analyzer
 * through the `@toolgenContext` tag below, not by name): it is never part of the schema.
 *
 * @toolgenContext
 */
export interface ToolContext {
  /**
   * The folder the host wants the tool to work in: the registry's `workingDirectory` option.
   * toolgen's Node.js entry points (`toolgen call` and `serve`, `discoverRegistry`) set it to
   * the current directory; a registry created without the option has none (a browser or a
   * Worker has no folders, and the runtime reads no `process`).
   */
  readonly workingDirectory?: string;
  /** The host identities the application declared (`@supportedFor`). */
  readonly hosts: readonly string[];
  /** Aborted when the call is cancelled or times out: the platform's `AbortSignal` (see `PlatformSignal`). */
  readonly signal: PlatformSignal;
  /** The name of the entry being called. */
  readonly toolName: string;
  /** Values the host supplies, such as credentials. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Who is calling, when the host authenticated the caller (an MCP server with `auth`, or `call(…, { principal })`); `null` where the caller said no one is. */
  readonly principal?: Principal | null;
  /**
   * The request's metadata: over MCP, its `params._meta` (`progressToken`; `traceparent`,
   * `tracestate` and `baggage`, the caller's trace context, which `telemetry()` continues).
   */
  readonly meta?: Readonly<Record<string, unknown>>;
  /**
   * Sends a log message to the host (over MCP, a `notifications/message` the client filters
   * with `logging/setLevel`). Nothing happens when the host takes no logs.
   */
  log(level: LogLevel, data: unknown, logger?: string): void;
  /** Reports progress (over MCP, sent when the client asked for progress with a token). */
  reportProgress(progress: number, total?: number, message?: string): void;
  /** Asks the client's model for a completion (MCP sampling); throws a `ToolError` when the host cannot. */
  sample(request: SampleRequest): Promise<SampleResult>;
  /**
   * Asks the user to fill in a form (MCP elicitation); the answer's content is typed from the
   * schema, and checked against it. Throws a `ToolError` when the host cannot ask.
   */
  elicit<const S extends ElicitSchema>(message: string, schema: S): Promise<ElicitResult<ElicitContent<S>>>;
  /** Tells subscribers that the resource at `uri` changed (over MCP, `notifications/resources/updated`). */
  resourceUpdated(uri: string): void;
}

/** An authenticated caller: the token's subject, its scopes and all its claims. */
export interface Principal {
  readonly subject?: string;
  readonly scopes: readonly string[];
  readonly claims: Readonly<Record<string, unknown>>;
}

/** The entry's `@scopes` the principal does not hold (none for an entry without scopes). */
export function missingScopes(entry: { scopes?: readonly string[] }, principal: Principal | null): string[] {
  // Only a list holds scopes: none without one (a token without a scope claim), and a string
  // (a JWT's space-separated `scope` passed as it is) is no list to search by substring.
  const held: readonly unknown[] = Array.isArray(principal?.scopes) ? principal.scopes : [];
  return entry.scopes?.filter((scope) => !held.includes(scope)) ?? [];
}
