import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { MemoryEventStore } from "./memory-event-store.js";

/** An answer whose JSON is about `size` characters. */
const answer = (id: number, size: number): JSONRPCMessage => ({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "x".repeat(size) }] } });

describe("MemoryEventStore: what a session keeps for resumption is bounded", () => {
  it("by count: the oldest events go first", async () => {
    const store = new MemoryEventStore(undefined, 3);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await store.storeEvent("s", answer(i, 10)));
    expect(ids.map((id) => store.streamOf(id))).toEqual([undefined, undefined, "s", "s", "s"]);
  });

  it("by size: large answers push old ones out, so many sessions of many answers cannot hold without end", async () => {
    const store = new MemoryEventStore(undefined, 1000, 10_000);
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await store.storeEvent("s", answer(i, 3000)));
    // About 3 KB each under 10 KB: the last three stay.
    expect(ids.filter((id) => store.streamOf(id) !== undefined)).toEqual(ids.slice(-3));
    expect(store.eventsAfter(ids[7]!).map(([id]) => id)).toEqual(ids.slice(8));
  });

  it("keeps the latest event however large: a stream being answered can always resume its answer", async () => {
    const store = new MemoryEventStore(undefined, 1000, 1000);
    const small = await store.storeEvent("s", answer(1, 10));
    const large = await store.storeEvent("s", answer(2, 5000));
    expect([store.streamOf(small), store.streamOf(large)]).toEqual([undefined, "s"]);
  });
});
