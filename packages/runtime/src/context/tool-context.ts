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
  /** Aborted when the call is cancelled or times out. */
  readonly signal: AbortSignal;
  /** The name of the entry being called. */
  readonly toolName: string;
  /** Values the host supplies, such as credentials. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Who is calling, when the host authenticated the caller (an MCP server with `auth`, or `call(…, { principal })`). */
  readonly principal?: Principal;
}

/** An authenticated caller: the token's subject, its scopes and all its claims. */
export interface Principal {
  readonly subject?: string;
  readonly scopes: readonly string[];
  readonly claims: Readonly<Record<string, unknown>>;
}

/** The entry's `@scopes` the principal does not hold (none for an entry without scopes). */
export function missingScopes(entry: { scopes?: readonly string[] }, principal: Principal): string[] {
  return entry.scopes?.filter((scope) => !principal.scopes.includes(scope)) ?? [];
}
