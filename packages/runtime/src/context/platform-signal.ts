declare global {
  /**
   * Declared empty, which merges with every platform's declaration (the DOM's and Node.js's
   * interfaces, the Workers' class): so the name exists in a project whose libs name no
   * platform too, where it has no members (see `PlatformSignal`).
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges with the platform's declaration
  interface AbortSignal {}
}

/** What the runtime and a tool read of an abort signal, in a project whose libs name no platform. */
export interface ToolSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * The platform's `AbortSignal` wherever the project has its types (DOM, Node.js, Workers,
 * Deno, Bun), so a tool can hand `context.signal` to `fetch`; `ToolSignal` where it has none
 * (ES libs only), whose `AbortSignal` is only the empty declaration above. Every signal of the
 * runtime's public types is this one, so its declarations compile anywhere, library checks on.
 */
export type PlatformSignal = [keyof AbortSignal] extends [never] ? ToolSignal : AbortSignal;
