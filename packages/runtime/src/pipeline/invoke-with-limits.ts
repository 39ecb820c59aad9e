import { errorOutcome, type Outcome } from "../outcome/outcome.js";

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs `work` until it settles, the timeout passes or `controller` is aborted (the caller's
 * abort, which the call ties to it) — whichever comes first decides the outcome.
 * `controller` is the tool's own signal (`ToolContext.signal`): it is aborted on timeout too,
 * so a cooperative tool stops; an uncooperative one is left behind and its late result ignored.
 * `timeoutMs` was checked with the call's options.
 */
export async function invokeWithLimits(name: string, work: () => Promise<Outcome>, controller: AbortController, timeoutMs: number | undefined): Promise<Outcome> {
  const { signal } = controller;
  if (signal.aborted) return abortedBeforeStart(name);
  let settle: (outcome: Outcome) => void = () => {};
  const limit = new Promise<Outcome>((resolve) => (settle = resolve));
  const onAbort = () => settle(errorOutcome("aborted", `The call to '${name}' was aborted.`));
  signal.addEventListener("abort", onAbort, { once: true });
  // Beyond what a timer can hold (about 24.8 days; `Infinity`) means no limit, not an instant timeout.
  const timer =
    timeoutMs !== undefined && timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          settle(errorOutcome("timeout", `'${name}' did not finish within ${timeoutMs} ms.`));
          controller.abort(new Error(`timeout after ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;
  try {
    return await Promise.race([work(), limit]);
  } finally {
    if (timer) clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

/** A call whose caller gave up before anything ran. */
export function abortedBeforeStart(name: string): Outcome {
  return errorOutcome("aborted", `The call to '${name}' was aborted before it started.`);
}
