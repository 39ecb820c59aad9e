import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * A session's SSE events, kept so that a client that lost its stream can resume it with
 * `Last-Event-ID` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery).
 * In memory and bounded, by count and by size: the oldest events go first (the latest always
 * stays, however large), so a client away too long resumes with a gap instead of the server
 * growing without end. `onStored` sees each event as it is stored, before the transport writes it.
 */
/** How many events a session keeps. */
export const MAX_EVENTS = 1000;
/** How many bytes of events (as JSON) a session keeps: 1,000 sessions keep at most 256 MiB of them. */
export const MAX_EVENT_BYTES = 256 * 1024;

export class MemoryEventStore implements EventStore {
  private readonly events = new Map<string, { streamId: string; message: JSONRPCMessage; bytes: number }>();
  private sequence = 0;
  private bytes = 0;

  constructor(
    private readonly onStored: (streamId: string, message: JSONRPCMessage, eventId: string) => void = () => {},
    private readonly limit = MAX_EVENTS,
    private readonly byteLimit = MAX_EVENT_BYTES,
  ) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const eventId = `${streamId}_${++this.sequence}`;
    // UTF-16 units of its JSON: a byte or two of each character, near enough for a bound.
    const bytes = JSON.stringify(message).length;
    this.events.set(eventId, { streamId, message, bytes });
    this.bytes += bytes;
    while (this.events.size > this.limit || (this.bytes > this.byteLimit && this.events.size > 1)) {
      const [oldest, event] = this.events.entries().next().value!;
      this.events.delete(oldest);
      this.bytes -= event.bytes;
    }
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
