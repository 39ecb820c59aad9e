import { errorOutcome, type Outcome } from "../outcome/outcome.js";

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
  const { signal, timeoutMs } = limits;
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
