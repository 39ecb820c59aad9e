import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

type RequestId = string | number;

/**
 * A session's SSE events, kept so that a client that lost its stream can resume it with
 * `Last-Event-ID` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery).
 * In memory and bounded: the oldest events go first, so a client away too long resumes
 * with a gap instead of the server growing without end.
 *
 * It also knows which streams are finished: every request a stream answers (`expect`) has
 * its response stored, or was cancelled (`cancel`). Nothing more will come on those, so a
 * resumed one can end after its replay instead of staying open for ever.
 */
export class MemoryEventStore implements EventStore {
  private readonly events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  private sequence = 0;
  /** Per stream: the requests it answers that are still running (absent until `expect`). */
  private readonly running = new Map<string, Set<RequestId>>();
  /** Per stream: the requests whose response or cancellation came before `expect`. */
  private readonly settledEarly = new Map<string, Set<RequestId>>();

  constructor(private readonly limit = 1000) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const eventId = `${streamId}_${++this.sequence}`;
    this.events.set(eventId, { streamId, message });
    if (this.events.size > this.limit) this.events.delete(this.events.keys().next().value!);
    const { id } = message as { id?: RequestId };
    if (id !== undefined && ("result" in message || "error" in message)) this.settle(streamId, id);
    return Promise.resolve(eventId);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.streamOf(eventId));
  }

  streamOf(eventId: string): string | undefined {
    return this.events.get(eventId)?.streamId;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const last = this.events.get(lastEventId);
    if (!last) return "";
    for (const [eventId, message] of this.eventsAfter(lastEventId)) await send(eventId, message);
    return last.streamId;
  }

  /** The events of `lastEventId`'s stream stored after it. */
  eventsAfter(lastEventId: string): Array<[string, JSONRPCMessage]> {
    const last = this.events.get(lastEventId);
    const after: Array<[string, JSONRPCMessage]> = [];
    let found = false;
    for (const [eventId, event] of this.events) {
      if (found && event.streamId === last?.streamId) after.push([eventId, event.message]);
      if (eventId === lastEventId) found = true;
    }
    return after;
  }

  /** The requests `streamId` answers. */
  expect(streamId: string, ids: readonly RequestId[]): void {
    const early = this.settledEarly.get(streamId);
    this.settledEarly.delete(streamId);
    this.running.set(streamId, new Set(ids.filter((id) => !early?.has(id))));
    this.bound(this.running);
  }

  /** A cancelled request: no response will come. Returns its stream if that is now finished. */
  cancel(id: RequestId): string | undefined {
    for (const [streamId, ids] of this.running) {
      if (ids.delete(id)) return ids.size === 0 ? streamId : undefined;
    }
    return undefined;
  }

  isFinished(streamId: string): boolean {
    return this.running.get(streamId)?.size === 0;
  }

  private settle(streamId: string, id: RequestId): void {
    const ids = this.running.get(streamId);
    if (ids) ids.delete(id);
    else {
      this.settledEarly.set(streamId, (this.settledEarly.get(streamId) ?? new Set()).add(id));
      this.bound(this.settledEarly);
    }
  }

  /** Bookkeeping as bounded as the events: the oldest streams go first. */
  private bound(streams: Map<string, Set<RequestId>>): void {
    if (streams.size > this.limit) streams.delete(streams.keys().next().value!);
  }
}
