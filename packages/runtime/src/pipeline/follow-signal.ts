import type { PlatformSignal } from "../context/platform-signal.js";

/** What `followSignal` aborts: an `AbortController`, named by what it does (the declarations compile without the platform's types). */
export interface Abortable {
  abort(reason?: unknown): void;
}

/** The calls following a caller's signal, and the one listener that aborts them. */
interface Followers {
  controllers: Set<Abortable>;
  listener: () => void;
}

const followed = new WeakMap<PlatformSignal, Followers>();

/**
 * Aborts `controller` when `signal` aborts, until the returned function is called. However
 * many calls share a signal (one per agent step, one per batch), it has one listener: with a
 * listener per call, an engine warns of a leak past ten (Node's MaxListenersExceededWarning).
 */
export function followSignal(signal: PlatformSignal | undefined, controller: Abortable): () => void {
  if (signal === undefined) return () => {};
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  let followers = followed.get(signal);
  if (followers === undefined) {
    const controllers = new Set<Abortable>();
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
