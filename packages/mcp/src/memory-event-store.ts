import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * A session's SSE events, kept so that a client that lost its stream can resume it with
 * `Last-Event-ID` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery).
 * In memory and bounded: the oldest events go first, so a client away too long resumes
 * with a gap instead of the server growing without end. `onStored` sees each event as it is
 * stored, before the transport writes it.
 */
/** How many events a session keeps. */
export const MAX_EVENTS = 1000;

export class MemoryEventStore implements EventStore {
  private readonly events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  private sequence = 0;

  constructor(
    private readonly onStored: (streamId: string, message: JSONRPCMessage, eventId: string) => void = () => {},
    private readonly limit = MAX_EVENTS,
  ) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const eventId = `${streamId}_${++this.sequence}`;
    this.events.set(eventId, { streamId, message });
    if (this.events.size > this.limit) this.events.delete(this.events.keys().next().value!);
    this.onStored(streamId, message, eventId);
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
}
