import { errorOutcome, type Outcome } from "../outcome/outcome.js";

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Limits {
  /** The caller's signal: aborting it ends the call with an `aborted` outcome. */
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/**
 * Runs `work` until it settles, the timeout passes or the caller aborts — whichever comes
 * first decides the outcome. `controller` is the tool's own signal (`ToolContext.signal`):
 * it is aborted on timeout and on abort, so a cooperative tool stops; an uncooperative one
 * is left behind and its late result ignored.
 */
export async function invokeWithLimits(name: string, work: () => Promise<Outcome>, controller: AbortController, limits: Limits): Promise<Outcome> {
  const { signal } = limits;
  // A caller's mistake, said as such: `NaN`, 0 or a negative number would time out at once.
  if (limits.timeoutMs !== undefined && !(typeof limits.timeoutMs === "number" && limits.timeoutMs > 0)) {
    return errorOutcome("internal", `timeoutMs must be a positive number of milliseconds; got ${typeof limits.timeoutMs} ${String(limits.timeoutMs)}. '${name}' was not called.`);
  }
  // Beyond what a timer can hold (about 24.8 days; `Infinity`) means no limit, not an instant timeout.
  const timeoutMs = limits.timeoutMs !== undefined && limits.timeoutMs <= MAX_TIMER_MS ? limits.timeoutMs : undefined;
  if (signal?.aborted) return errorOutcome("aborted", `The call to '${name}' was aborted before it started.`);
  let settle: (outcome: Outcome) => void = () => {};
  const limit = new Promise<Outcome>((resolve) => (settle = resolve));
  const onAbort = () => {
    controller.abort(signal?.reason);
    settle(errorOutcome("aborted", `The call to '${name}' was aborted.`));
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    timeoutMs !== undefined
      ? setTimeout(() => {
          controller.abort(new Error(`timeout after ${timeoutMs} ms`));
          settle(errorOutcome("timeout", `'${name}' did not finish within ${timeoutMs} ms.`));
        }, timeoutMs)
      : undefined;
  try {
    return await Promise.race([work(), limit]);
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
