import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sseMessages } from "../../test-support/json-rpc-answer.js";
import { TOOLGEN_BIN } from "../../test-support/temp-project.js";
import { buildConformanceFixture, serveHttp } from "./served-fixture.js";

/**
 * What the conformance suite cannot reach, through the official SDK client: fixtures/conformance
 * over stdio (the suite speaks HTTP only), the log level's filter, completions from a type,
 * a subscription's update, a stateless server's answer to sampling, and a long call's
 * stream given up and resumed.
 */
let dir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ dir, cleanup } = buildConformanceFixture());
}, 120_000);

afterAll(() => cleanup?.());

function newClient(): Client {
  const client = new Client({ name: "features-test", version: "1.0.0" }, { capabilities: { sampling: {}, elicitation: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const content = request.params.messages[0]!.content;
    return { role: "assistant", content: { type: "text", text: `echo ${"text" in content ? content.text : "?"}` }, model: "test-model" };
  });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { username: "ada", email: "ada@example.com" } }));
  return client;
}

const firstText = (result: unknown) => (result as { content: Array<{ type: string; text?: string }> }).content[0]?.text;

describe("over stdio (toolgen serve)", () => {
  let client: Client;

  beforeAll(async () => {
    client = newClient();
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [TOOLGEN_BIN, "serve"], cwd: dir, stderr: "ignore" }));
  }, 30_000);

  afterAll(() => client?.close());

  it("tools return images, audio, embedded resources and mixed content; resources can be binary", async () => {
    expect((await client.callTool({ name: "test_image_content" })).content).toEqual([{ type: "image", data: expect.stringMatching(/^iVBOR/), mimeType: "image/png" }]);
    expect((await client.callTool({ name: "test_audio_content" })).content).toEqual([{ type: "audio", data: expect.stringMatching(/^UklGR/), mimeType: "audio/wav" }]);
    expect((await client.callTool({ name: "test_multiple_content_types" })).content).toMatchObject([{ type: "text" }, { type: "image" }, { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json" } }]);
    expect((await client.readResource({ uri: "test://static-binary" })).contents).toEqual([{ uri: "test://static-binary", mimeType: "image/png", blob: expect.stringMatching(/^iVBOR/) }]);
  });

  it("log messages follow logging/setLevel", async () => {
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "test_tool_with_logging" });
    expect(logs).toEqual([]);
    await client.setLoggingLevel("info");
    await client.callTool({ name: "test_tool_with_logging" });
    expect(logs).toEqual([
      { level: "info", data: "Tool execution started" },
      { level: "info", data: "Tool processing data" },
      { level: "info", data: "Tool execution completed" },
    ]);
  });

  it("sampling and elicitation ask the client, and the tool gets the answers", async () => {
    expect(firstText(await client.callTool({ name: "test_sampling", arguments: { prompt: "hello" } }))).toBe("LLM response: echo hello");
    expect(firstText(await client.callTool({ name: "test_elicitation", arguments: { message: "Who are you?" } }))).toBe('User response: {"action":"accept","content":{"username":"ada","email":"ada@example.com"}}');
  });

  it("completion offers a literal union's values that start with what was typed", async () => {
    const complete = (value: string) => client.complete({ ref: { type: "ref/prompt", name: "test_prompt_with_choice" }, argument: { name: "style", value } });
    expect((await complete("f")).completion).toEqual({ values: ["formal", "friendly", "funny"], total: 3, hasMore: false });
    expect((await complete("FR")).completion.values).toEqual(["friendly"]);
    await expect(complete("x").then((r) => r.completion.values)).resolves.toEqual([]);
    await expect(client.complete({ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "style", value: "" } })).rejects.toThrow("there is no prompt 'nope'");
  });

  it("completion asks the @complete function of a prompt's argument or a template's variable", async () => {
    expect((await client.complete({ ref: { type: "ref/prompt", name: "test_prompt_with_arguments" }, argument: { name: "arg1", value: "pa" } })).completion.values).toEqual(["paris", "park", "party"]);
    expect((await client.complete({ ref: { type: "ref/resource", uri: "test://template/{id}/data" }, argument: { name: "id", value: "12" } })).completion.values).toEqual(["123", "124"]);
    await expect(client.complete({ ref: { type: "ref/resource", uri: "test://template/{id}/data" }, argument: { name: "nope", value: "" } })).rejects.toThrow("the resource template 'test://template/{id}/data' has no argument 'nope'");
    // A static URI has no variables: not called a template.
    await expect(client.complete({ ref: { type: "ref/resource", uri: "test://watched-resource" }, argument: { name: "id", value: "" } })).rejects.toThrow("Cannot complete: the resource 'test://watched-resource' has no argument 'id'.");
  });

  it("a subscribed resource's change is notified, and no longer after unsubscribing", async () => {
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await client.subscribeResource({ uri: "test://watched-resource" });
    await client.callTool({ name: "touch_watched_resource" });
    await client.unsubscribeResource({ uri: "test://watched-resource" });
    await client.callTool({ name: "touch_watched_resource" });
    await client.ping();
    expect(updates).toEqual(["test://watched-resource"]);
  });
});

describe("over HTTP", () => {
  // Read raw: the SDK client handles notifications a tick after responses, so it can drop a
  // progress notification that arrives together with the answer.
  it("stateless, a call that asks for progress gets it on an SSE stream before its answer; a plain call gets JSON", async () => {
    const { child, url } = await serveHttp(dir);
    const post = (params: object) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params }) });
    try {
      const streamed = await post({ name: "test_tool_with_progress", _meta: { progressToken: "p1" } });
      expect(streamed.headers.get("content-type")).toBe("text/event-stream");
      const messages = sseMessages(await streamed.text());
      expect(messages.map((m) => (m.method === "notifications/progress" ? (m.params as { progress: number }).progress : "answer"))).toEqual([0, 50, 100, "answer"]);
      expect(messages[0]).toMatchObject({ params: { progressToken: "p1", progress: 0, total: 100, message: "Completed step 1 of 3" } });
      const plain = await post({ name: "test_simple_text" });
      expect(plain.headers.get("content-type")).toBe("application/json");
      expect(await plain.json()).toMatchObject({ result: { content: [{ type: "text", text: "This is a simple text response for testing." }] } });
    } finally {
      child.kill();
    }
  }, 30_000);

  it("stateless, a tool that samples gets an error that says sessions are needed, and the client is not asked", async () => {
    const { child, url } = await serveHttp(dir);
    const client = newClient();
    let asked = false;
    client.setRequestHandler(CreateMessageRequestSchema, () => ((asked = true), { role: "assistant", content: { type: "text", text: "" }, model: "m" }));
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.callTool({ name: "test_sampling", arguments: { prompt: "hi" } });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toContain("sessions");
      expect(asked).toBe(false);
    } finally {
      await client.close();
      child.kill();
    }
  }, 30_000);

  it("with sessions and pollAfterMs, a long call gives up its stream and the client resumes it for the answer", async () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ server: { sessions: { pollAfterMs: 100, retryMs: 50 } } }));
    const { child, url } = await serveHttp(dir);
    const client = newClient();
    try {
      const transport = new StreamableHTTPClientTransport(new URL(url));
      await client.connect(transport);
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(firstText(await client.callTool({ name: "test_reconnection" }))).toMatch(/^Reconnection test completed/);
      await transport.terminateSession();
      const after = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": transport.sessionId ?? "ended" }, body: '{"jsonrpc":"2.0","id":9,"method":"ping"}' });
      expect(after.status).toBe(404);
    } finally {
      await client.close();
      child.kill();
    }
  }, 30_000);
});
