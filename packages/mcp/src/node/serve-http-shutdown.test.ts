import { createRegistry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { serveHttp } from "./serve-http.js";

const identity = { name: "shutdown", version: "1.0.0" };

describe("close(graceMs)", () => {
  it("aborts a call still running after the grace period through its signal; its answer still goes out", async () => {
    const registry = createRegistry([]);
    let sawAbort = false;
    registry.register({
      name: "wait",
      description: "Waits until aborted.",
      fn: (_args, context) =>
        new Promise<string>((resolve) => {
          context.signal.addEventListener("abort", () => {
            sawAbort = true;
            resolve("stopped");
          });
        }),
    });
    const running = await serveHttp(registry, { port: 0, identity });
    const answer = fetch(running.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wait", arguments: {} } }),
    }).then((r) => r.json() as Promise<{ result: { isError?: boolean; content: Array<{ text: string }> } }>);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await running.close(200);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(sawAbort).toBe(true);
    expect((await answer).result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("aborted") }] });
  });
});
