import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export type RequestId = string | number;

/** A response stream as the client reads it: the requests it answers, its stream in the event store once known, and a way to end it. */
export interface AnswerStream {
  ids: Set<RequestId>;
  streamId?: string;
  end(): void;
}

/**
 * Which of a session's response streams will carry nothing more. The SDK's transport ends a
 * request's stream once every request on it is answered; a cancelled request never is, so a
 * stream holding one stayed open for ever (and its session with it). Here a stream is
 * finished once each of its requests is answered (its response stored in the event store) or
 * cancelled; the open streams of a finished one are ended — after the event of the response
 * that finished it passes through them (`endsWith`), or at once on a cancellation. A
 * response can be stored before its stream is known (an error the SDK answers at once, such as
 * an unknown method): its event is still to pass when the stream is.
 *
 * Streams are known by the event store's stream id, which their events carry
 * (`id: <stream>_<n>`); a stream without an event yet (a client before 2025-11-25 gets no
 * priming event) is known by its requests.
 */
export class SessionAnswers {
  /** Per stream: its requests still running. */
  private readonly running = new Map<string, Set<RequestId>>();
  /** Per stream: requests answered before the stream was known, and the event of the last answer. */
  private readonly answeredEarly = new Map<string, { ids: Set<RequestId>; eventId: string }>();
  /** Per finished stream: the event of the response that finished it, after which it ends. */
  private readonly lastAnswers = new Map<string, string>();
  private readonly cancelledEarly = new Set<RequestId>();
  private readonly finished = new Set<string>();
  /** Finished streams whose answer no open response stream carried: the client resumes (`Last-Event-ID`) to read it. */
  private readonly unread = new Map<string, string>();
  private readonly open = new Set<AnswerStream>();
  /** The session's requests not yet answered nor cancelled, whatever their stream: their ids are taken. */
  private readonly inFlight = new Set<RequestId>();

  constructor(private readonly limit = 1000) {}

  /** An event stored for `streamId` (the event store's `onStored`). */
  stored(streamId: string, message: JSONRPCMessage, eventId: string): void {
    const { id } = message as { id?: RequestId };
    if (id === undefined || !("result" in message || "error" in message)) return;
    this.inFlight.delete(id);
    const ids = this.running.get(streamId);
    if (!ids) return void remember(this.answeredEarly, streamId, { ids: (this.answeredEarly.get(streamId)?.ids ?? new Set()).add(id), eventId }, this.limit);
    ids.delete(id);
    if (ids.size > 0) return;
    this.finish(streamId, eventId);
    if (![...this.open].some((stream) => stream.streamId === streamId)) remember(this.unread, streamId, streamId, this.limit);
  }

  /** A resumed stream's answers were replayed to the client. */
  read(streamId: string): void {
    this.unread.delete(streamId);
  }

  /**
   * Streams whose requests still run, or whose answers wait for the client to resume and read
   * them, and requests running on a stream not known yet (a client before 2025-11-25 gets no
   * priming event: one that dropped its stream before the answer left a call known by its id
   * alone): what a shutdown waits for.
   */
  pending(): number {
    const onKnownStreams = new Set([...this.running.values()].flatMap((ids) => [...ids]));
    return this.running.size + this.unread.size + [...this.inFlight].filter((id) => !onKnownStreams.has(id)).length;
  }

  /** Requests received: their ids are in use until answered or cancelled. */
  started(ids: Iterable<RequestId>): void {
    for (const id of ids) this.inFlight.add(id);
  }

  /** Requests the transport refused whole (an HTTP error): they will never be answered. */
  refused(ids: Iterable<RequestId>): void {
    for (const id of ids) this.inFlight.delete(id);
  }

  /** Whether `id` is that of a request still running (a client may not use it again until then). */
  isInFlight(id: RequestId): boolean {
    return this.inFlight.has(id);
  }

  /** A cancelled request: no response will come for it. */
  cancel(id: RequestId): void {
    this.inFlight.delete(id);
    for (const [streamId, ids] of this.running) {
      if (!ids.delete(id)) continue;
      if (ids.size === 0) {
        this.finish(streamId);
        for (const stream of this.open) if (stream.streamId === streamId) stream.end();
      }
      return;
    }
    this.cancelledEarly.add(id);
    if (this.cancelledEarly.size > this.limit) this.cancelledEarly.delete(this.cancelledEarly.values().next().value!);
    for (const stream of this.open) if (stream.streamId === undefined && stream.ids.delete(id) && stream.ids.size === 0) stream.end();
  }

  /** A response stream to end when its stream finishes; `opened(stream)` until `closed(stream)`. */
  opened(stream: AnswerStream): void {
    this.open.add(stream);
  }

  closed(stream: AnswerStream): void {
    this.open.delete(stream);
  }

  /** `stream`'s events name `streamId` (read from its first event with an id). */
  bind(stream: AnswerStream, streamId: string): void {
    stream.streamId = streamId;
    if (this.running.has(streamId) || this.finished.has(streamId)) return;
    const early = this.answeredEarly.get(streamId);
    this.answeredEarly.delete(streamId);
    const ids = new Set([...stream.ids].filter((id) => !early?.ids.has(id) && !this.cancelledEarly.delete(id)));
    remember(this.running, streamId, ids, this.limit);
    if (ids.size === 0) this.finish(streamId, early?.eventId);
  }

  isFinished(streamId: string): boolean {
    return this.finished.has(streamId);
  }

  /** Whether a finished stream may end once `chunk` has passed: it carries the last answer's event, or no answer is awaited. */
  endsWith(streamId: string, chunk: string): boolean {
    if (!this.finished.has(streamId)) return false;
    const last = this.lastAnswers.get(streamId);
    return last === undefined || chunk.includes(`id: ${last}\n`);
  }

  /** The requests of `streamId` still running (for a resumed stream), or undefined when the stream is not known. */
  runningOn(streamId: string): Set<RequestId> | undefined {
    const ids = this.running.get(streamId);
    return ids && new Set(ids);
  }

  private finish(streamId: string, lastAnswer?: string): void {
    this.running.delete(streamId);
    this.finished.add(streamId);
    if (this.finished.size > this.limit) this.finished.delete(this.finished.values().next().value!);
    if (lastAnswer !== undefined) remember(this.lastAnswers, streamId, lastAnswer, this.limit);
  }
}

/** Sets `key`, dropping the oldest entry when a new key would pass `limit`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (!map.has(key) && map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export function requestIdOf(message: unknown): RequestId[] {
  const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
  return typeof method === "string" && (typeof id === "string" || typeof id === "number") ? [id] : [];
}

export function cancelledRequestOf(message: unknown): RequestId[] {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { requestId?: unknown } };
  const id = params?.requestId;
  return method === "notifications/cancelled" && (typeof id === "string" || typeof id === "number") ? [id] : [];
}
