import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * A session's SSE events, kept so that a client that lost its stream can resume it with
 * `Last-Event-ID` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery).
 * In memory and bounded: the oldest events go first, so a client away too long resumes
 * with a gap instead of the server growing without end.
 */
export class MemoryEventStore implements EventStore {
  private readonly events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  private sequence = 0;

  constructor(private readonly limit = 1000) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const eventId = `${streamId}_${++this.sequence}`;
    this.events.set(eventId, { streamId, message });
    if (this.events.size > this.limit) this.events.delete(this.events.keys().next().value!);
    return Promise.resolve(eventId);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.events.get(eventId)?.streamId);
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const last = this.events.get(lastEventId);
    if (!last) return "";
    let after = false;
    for (const [eventId, event] of this.events) {
      if (after && event.streamId === last.streamId) await send(eventId, event.message);
      if (eventId === lastEventId) after = true;
    }
    return last.streamId;
  }
}
