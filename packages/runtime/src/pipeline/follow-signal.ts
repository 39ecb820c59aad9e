/** The calls following a caller's signal, and the one listener that aborts them. */
interface Followers {
  controllers: Set<AbortController>;
  listener: () => void;
}

const followed = new WeakMap<AbortSignal, Followers>();

/**
 * Aborts `controller` when `signal` aborts, until the returned function is called. However
 * many calls share a signal (one per agent step, one per batch), it has one listener: with a
 * listener per call, an engine warns of a leak past ten (Node's MaxListenersExceededWarning).
 */
export function followSignal(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (signal === undefined) return () => {};
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  let followers = followed.get(signal);
  if (followers === undefined) {
    const controllers = new Set<AbortController>();
    const listener = () => {
      followed.delete(signal);
      for (const each of controllers) each.abort(signal.reason);
    };
    followers = { controllers, listener };
    followed.set(signal, followers);
    signal.addEventListener("abort", listener, { once: true });
  }
  const { controllers, listener } = followers;
  controllers.add(controller);
  return () => {
    controllers.delete(controller);
    if (controllers.size > 0 || followed.get(signal) !== followers) return;
    followed.delete(signal);
    signal.removeEventListener("abort", listener);
  };
}
