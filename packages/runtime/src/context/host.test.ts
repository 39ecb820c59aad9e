import { describe, expect, it } from "vitest";
import { image, resourceLink, text, toBase64 } from "../content/content.js";
import { createRegistry } from "../registry/create-registry.js";
import type { CallHost, LogMessage, Progress } from "./call-host.js";

/** A registry with one tool of `fn`, called with `host`. */
async function run(fn: Parameters<ReturnType<typeof createRegistry>["register"]>[0]["fn"], options: { host?: CallHost; registryHost?: CallHost; content?: boolean } = {}) {
  const registry = createRegistry([], { ...(options.registryHost ? { host: options.registryHost } : {}) });
  registry.register({ name: "t", description: "A tool.", fn, ...(options.content ? { content: true } : {}) });
  return registry.call("t", {}, options.host ? { host: options.host } : {});
}

describe("content results", () => {
  it("a tool declared to return content passes its blocks on, with their text", async () => {
    const outcome = await run(() => [text("Report:"), image(new Uint8Array([1, 2, 255]), "image/png"), resourceLink("file:///r", "r")], { content: true });
    expect(outcome).toEqual({
      status: "ok",
      text: "Report:\n\n[image: image/png]\n\n[resource_link: file:///r]",
      content: [
        { type: "text", text: "Report:" },
        { type: "image", data: "AQL/", mimeType: "image/png" },
        { type: "resource_link", uri: "file:///r", name: "r" },
      ],
    });
  });

  it("a result that is not content blocks is an execution_error naming the item", async () => {
    const outcome = await run(() => [text("ok"), { type: "image", data: "x" }], { content: true });
    expect(outcome).toEqual({ status: "error", error: { code: "execution_error", message: "The tool's result is not content blocks: item [1] (type 'image') needs the string 'mimeType'." } });
  });

  it("base64 without Buffer matches Node's, across chunk boundaries", () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});

describe("the host's callbacks, through ToolContext", () => {
  it("a log or progress callback that throws, or whose promise rejects, fails neither the tool nor the process", async () => {
    const rejected: unknown[] = [];
    const onRejection = (reason: unknown) => void rejected.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const host: CallHost = {
        log: () => {
          throw new Error("log broke");
        },
        progress: async () => {
          throw new Error("progress rejects");
        },
      };
      const outcome = await run((_args, context) => {
        context.log("info", "working");
        context.reportProgress(1, 2);
        return "done";
      }, { host });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(outcome).toEqual({ status: "ok", text: "done" });
      expect(rejected).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("log and reportProgress go to the call's host, over the registry's", async () => {
    const logs: LogMessage[] = [];
    const progress: Progress[] = [];
    const registryLogs: LogMessage[] = [];
    await run(
      (_args, context) => {
        context.log("info", "started");
        context.log("debug", { step: 1 }, "worker");
        context.reportProgress(50, 100, "half");
        context.reportProgress(100);
        return "done";
      },
      { host: { log: (m) => logs.push(m), progress: (p) => progress.push(p) }, registryHost: { log: (m) => registryLogs.push(m) } },
    );
    expect(logs).toEqual([
      { level: "info", data: "started" },
      { level: "debug", data: { step: 1 }, logger: "worker" },
    ]);
    expect(progress).toEqual([{ progress: 50, total: 100, message: "half" }, { progress: 100 }]);
    expect(registryLogs).toEqual([]);
  });

  it("without a host, logs and progress go nowhere, and sampling or elicitation is a tool_error saying why", async () => {
    expect(await run((_args, context) => (context.log("info", "x"), context.reportProgress(1), "fine"))).toMatchObject({ status: "ok", text: "fine" });
    const sampled = await run((_args, context) => context.sample({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 }));
    expect(sampled).toMatchObject({ status: "error", error: { code: "tool_error", message: "This host cannot sample a model: it offers no sampling." } });
    const asked = await run((_args, context) => context.elicit("Name?", { type: "object", properties: { name: { type: "string" } } }));
    expect(asked).toMatchObject({ status: "error", error: { code: "tool_error", message: "This host cannot ask the user: it offers no elicitation." } });
  });

  it("sample gets the host's reply, with its text", async () => {
    const outcome = await run(
      async (_args, context) => {
        const reply = await context.sample({ messages: [{ role: "user", content: { type: "text", text: "2+2?" } }], maxTokens: 5 });
        return `${reply.model}: ${reply.text}`;
      },
      { host: { sample: async (request) => ({ role: "assistant", content: { type: "text", text: `4 (${request.maxTokens})` }, model: "m" }) } },
    );
    expect(outcome).toMatchObject({ status: "ok", text: "m: 4 (5)" });
  });

  it("elicit returns the answer typed from the schema, and refuses one that does not match it", async () => {
    const schema = { type: "object", properties: { age: { type: "integer" }, plan: { type: "string", enum: ["free", "pro"] } }, required: ["age"] } as const;
    const ask = (content: unknown) =>
      run(
        async (_args, context) => {
          const answer = await context.elicit("Your details?", schema);
          if (answer.action !== "accept") return answer.action;
          const age: number = answer.content.age;
          const plan: "free" | "pro" | undefined = answer.content.plan;
          return `${age} ${plan ?? "-"}`;
        },
        { host: { elicit: async () => (content === "decline" ? { action: "decline" } : { action: "accept", content: content as Record<string, unknown> }) } },
      );
    expect(await ask({ age: 30, plan: "pro" })).toMatchObject({ status: "ok", text: "30 pro" });
    expect(await ask("decline")).toMatchObject({ status: "ok", text: "decline" });
    expect(await ask({ age: "30" })).toMatchObject({ status: "error", error: { code: "tool_error", message: "The user's answer does not match the form: 'age' should be an integer." } });
    expect(await ask({ plan: "pro" })).toMatchObject({ status: "error", error: { message: "The user's answer does not match the form: 'age' is required." } });
    expect(await ask({ age: 30, toString: "x" })).toMatchObject({ status: "error", error: { message: "The user's answer does not match the form: 'toString' is not a field of the form." } });
    // Typed as its choices: another value would break the type the tool was given.
    expect(await ask({ age: 30, plan: "gold" })).toMatchObject({ status: "error", error: { message: `The user's answer does not match the form: 'plan' should be one of ["free","pro"].` } });
  });

  it("elicit checks the choices of a titled field (oneOf) and of a multi-select list", async () => {
    const schema = {
      type: "object",
      properties: {
        size: { type: "string", oneOf: [{ const: "s", title: "Small" }, { const: "l", title: "Large" }] },
        toppings: { type: "array", items: { anyOf: [{ const: "ham", title: "Ham" }, { const: "olives", title: "Olives" }] } },
        sauces: { type: "array", items: { type: "string", enum: ["red", "white"] } },
      },
    } as const;
    const ask = (content: Record<string, unknown>) => run(async (_args, context) => JSON.stringify(await context.elicit("Order?", schema)), { host: { elicit: async () => ({ action: "accept", content }) } });
    expect(await ask({ size: "l", toppings: ["ham"], sauces: [] })).toMatchObject({ status: "ok" });
    expect(await ask({ size: "m" })).toMatchObject({ error: { message: `The user's answer does not match the form: 'size' should be one of ["s","l"].` } });
    expect(await ask({ toppings: ["ham", "pineapple"] })).toMatchObject({ error: { message: `The user's answer does not match the form: 'toppings' should be one of ["ham","olives"].` } });
    expect(await ask({ sauces: ["blue"] })).toMatchObject({ error: { message: `The user's answer does not match the form: 'sauces' should be one of ["red","white"].` } });
  });

  it("an in-process host's answer that is no answer is a tool_error, not an empty reply or a cancel", async () => {
    const sampled = (reply: unknown) => run(async (_args, context) => (await context.sample({ messages: [], maxTokens: 5 })).text, { host: { sample: async () => reply as never } });
    expect(await sampled(5)).toEqual({ status: "error", error: { code: "tool_error", message: "The host answered the sampling request with the number 5, not content blocks (a text block with its text)." } });
    expect(await sampled({ role: "assistant" })).toMatchObject({ error: { code: "tool_error", message: "The host answered the sampling request with an object, not content blocks (a text block with its text)." } });
    expect(await sampled({ role: "assistant", content: "hi" })).toMatchObject({ error: { code: "tool_error", message: 'The host answered the sampling request with content the string "hi", not content blocks (a text block with its text).' } });
    expect(await sampled({ role: "assistant", content: { type: "text" }, model: "m" })).toMatchObject({ error: { code: "tool_error", message: "The host answered the sampling request with content an object, not content blocks (a text block with its text)." } });
    expect(await sampled({ role: "assistant", content: [{ type: "text", text: "a" }, { type: "image", data: "", mimeType: "image/png" }, { type: "text", text: "b" }], model: "m" })).toEqual({ status: "ok", text: "ab" });
    const elicited = (answer: unknown) => run(async (_args, context) => (await context.elicit("Name?", { type: "object", properties: {} })).action, { host: { elicit: async () => answer as never } });
    expect(await elicited({ action: null })).toMatchObject({ error: { code: "tool_error", message: "The host answered the form with null, not an action of accept, decline or cancel." } });
    const accepted = (answer: unknown, required: string[] = []) => run(async (_args, context) => JSON.stringify(await context.elicit("Name?", { type: "object", properties: { name: { type: "string" } }, required })), { host: { elicit: async () => answer as never } });
    // MCP's accepted answer may leave out its content: nothing required, nothing given.
    expect(await accepted({ action: "accept" })).toEqual({ status: "ok", text: '{"action":"accept","content":{}}' });
    expect(await accepted({ action: "accept" }, ["name"])).toMatchObject({ error: { message: "The user's answer does not match the form: 'name' is required." } });
    expect(await elicited({ action: "maybe" })).toMatchObject({ error: { code: "tool_error", message: 'The host answered the form with the string "maybe", not an action of accept, decline or cancel.' } });
    expect(await elicited(7)).toMatchObject({ error: { code: "tool_error", message: "The host answered the form with the number 7, not an action of accept, decline or cancel." } });
    expect(await elicited({ action: "cancel" })).toEqual({ status: "ok", text: "cancel" });
  });

  it("what a tool logs or reports after its call timed out is dropped, and what it asks is refused: the call is answered", async () => {
    const told: string[] = [];
    const host: CallHost = {
      log: (m) => void told.push(`log ${String(m.data)}`),
      progress: (p) => void told.push(`progress ${p.progress}`),
      sample: async () => (told.push("sample"), { role: "assistant", content: { type: "text", text: "" }, model: "m" }),
      elicit: async () => (told.push("elicit"), { action: "cancel" }),
    };
    const registry = createRegistry([], { host });
    let late!: (asked: unknown[]) => void;
    const afterwards = new Promise<unknown[]>((resolve) => (late = resolve));
    registry.register({
      name: "t",
      description: "A tool.",
      fn: async (_args, context) => {
        context.log("info", "early");
        await new Promise((resolve) => setTimeout(resolve, 60));
        context.log("info", "late");
        context.reportProgress(1);
        // A person is not shown a form, nor a model asked, for a call nobody waits for.
        const asked = [context.sample({ messages: [], maxTokens: 1 }), context.elicit("Name?", { type: "object", properties: {} })];
        late(await Promise.all(asked.map((p) => p.then(() => "answered", (error: unknown) => (error as Error).message))));
      },
    });
    expect(await registry.call("t", {}, { timeoutMs: 10 })).toMatchObject({ status: "error", error: { code: "timeout" } });
    expect(await afterwards).toEqual(["timeout after 10 ms", "timeout after 10 ms"]);
    expect(told).toEqual(["log early"]);
  });
});

describe("resource updates", () => {
  it("registry.resourceUpdated and context.resourceUpdated reach the listeners until they stop", async () => {
    const registry = createRegistry([]);
    registry.register({ name: "touch", description: "Changes a resource.", fn: (_args, context) => (context.resourceUpdated("shop://stock"), "ok") });
    const heard: string[] = [];
    const stop = registry.onResourceUpdated((uri) => heard.push(uri));
    registry.onResourceUpdated(() => {
      throw new Error("a listener's failure is its own");
    });
    registry.resourceUpdated("shop://hours");
    await registry.call("touch", {});
    stop();
    registry.resourceUpdated("shop://after");
    expect(heard).toEqual(["shop://hours", "shop://stock"]);
  });
});
