import { describe, expect, it } from "vitest";
import { createRegistry } from "../registry/create-registry.js";

function promptRegistry(fn: (args: Record<string, unknown>) => unknown, role?: "user" | "assistant") {
  const registry = createRegistry([]);
  registry.register({ kind: "prompt", name: "p", description: "", role, params: [{ name: "topic", type: "string" }], fn });
  return registry;
}

describe("prompts render to messages with their role", () => {
  it("a string is one message with the prompt's role (user by default)", async () => {
    expect(await promptRegistry((a) => `Explain ${String(a.topic)}.`).dispatch("p", { topic: "DNS" })).toEqual({
      status: "ok",
      text: "Explain DNS.",
      messages: [{ role: "user", content: { type: "text", text: "Explain DNS." } }],
    });
    expect(await promptRegistry(() => "Sure.", "assistant").dispatch("p", { topic: "x" })).toMatchObject({ messages: [{ role: "assistant" }] });
  });

  it("a list of messages passes through, each keeping its own role", async () => {
    const outcome = await promptRegistry(() => [
      { role: "user", content: "Hi" },
      { role: "assistant", content: { type: "text", text: "Hello" } },
    ]).dispatch("p", { topic: "x" });
    expect(outcome).toEqual({
      status: "ok",
      text: "Hi\n\nHello",
      messages: [
        { role: "user", content: { type: "text", text: "Hi" } },
        { role: "assistant", content: { type: "text", text: "Hello" } },
      ],
    });
  });

  it("anything else is an execution_error naming what is wrong", async () => {
    expect(await promptRegistry(() => [{ role: "system", content: "x" }]).dispatch("p", { topic: "x" })).toEqual({
      status: "error",
      error: { code: "execution_error", message: `The prompt 'p' returned a list whose item [0] is not a message: expected { role: "user" | "assistant", content: string | a content block }, received an object ({"role":"system","content":"x"}).` },
    });
    expect(await promptRegistry(() => 42).dispatch("p", { topic: "x" })).toEqual({
      status: "error",
      error: { code: "execution_error", message: "The prompt 'p' returned a number; a prompt returns a string or a list of messages." },
    });
  });

  it("prompt arguments are validated like tool arguments", async () => {
    expect(await promptRegistry(() => "").dispatch("p", {})).toMatchObject({ error: { code: "invalid_arguments" } });
  });
});
