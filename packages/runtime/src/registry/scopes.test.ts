import { describe, expect, it } from "vitest";
import type { Principal, ToolContext } from "../context/tool-context.js";
import { createRegistry } from "./create-registry.js";

function registryWithRefund() {
  const ran: Array<Principal | null | undefined> = [];
  const registry = createRegistry([]);
  registry.register({
    name: "refund",
    description: "Refunds an order.",
    scopes: ["orders:write", "payments"],
    params: [{ name: "id", type: "string" }],
    fn: (_args, context: ToolContext) => {
      ran.push(context.principal);
      return "refunded";
    },
  });
  return { registry, ran };
}

const principal = (...scopes: string[]): Principal => ({ subject: "user-1", scopes, claims: { sub: "user-1" } });

describe("@scopes in process", () => {
  it("a principal without every scope gets forbidden, naming the missing ones, and the tool does not run", async () => {
    const { registry, ran } = registryWithRefund();
    const outcome = await registry.call("refund", { id: "o-1" }, { principal: principal("orders:write") });
    expect(outcome).toEqual({ status: "error", error: { code: "forbidden", message: "The caller may not use 'refund': it needs the scopes payments.", payload: { missing: ["payments"] } } });
    expect(ran).toEqual([]);
  });

  it("a principal without a scope list (a token with no scope claim, a string, a set) holds none: forbidden, not a runtime failure; one that is no object is refused", async () => {
    const { registry, ran } = registryWithRefund();
    // A string (a JWT's space-separated `scope` passed as it is) is no list: no substring of it is a scope held.
    // `null` too: no one authenticated (`session?.principal ?? null`) fails closed, not open.
    for (const caller of [null, { subject: "bob" }, { subject: "bob", scopes: "xorders:writex payments" }, { subject: "bob", scopes: new Set(["payments"]) }, { subject: "bob", scopes: 5 }]) {
      const outcome = await registry.call("refund", { id: "o-1" }, { principal: caller as unknown as Principal });
      expect(outcome).toMatchObject({ status: "error", error: { code: "forbidden", payload: { missing: ["orders:write", "payments"] } } });
    }
    // A principal that is no object is the call's mistake, said as such.
    expect(await registry.call("refund", { id: "o-1" }, { principal: "root" as unknown as Principal })).toMatchObject({ status: "error", error: { code: "internal", message: expect.stringContaining("'principal' must be an object; got the string") } });
    expect(ran).toEqual([]);
    // Not even a string that is the one scope asked for.
    const one = createRegistry([]);
    one.register({ name: "pay", description: "Pays.", scopes: ["payments"], fn: () => "paid" });
    expect(await one.call("pay", {}, { principal: { subject: "bob", scopes: "payments" } as unknown as Principal })).toMatchObject({ status: "error", error: { code: "forbidden" } });
  });

  it("a principal with every scope calls the tool, which sees it as context.principal", async () => {
    const { registry, ran } = registryWithRefund();
    const caller = principal("payments", "orders:write", "other");
    expect(await registry.call("refund", { id: "o-1" }, { principal: caller })).toMatchObject({ status: "ok", text: "refunded" });
    expect(ran).toEqual([caller]);
  });

  it("no principal: the application decided who may call, and no scope is checked", async () => {
    const { registry, ran } = registryWithRefund();
    expect(await registry.call("refund", { id: "o-1" })).toMatchObject({ status: "ok" });
    expect(ran).toEqual([undefined]);
  });

  it("an unknown name is answered with suggestions of only the entries the principal may use", async () => {
    const { registry } = registryWithRefund();
    registry.register({ name: "refunds", description: "Lists refunds.", fn: () => [] });
    registry.register({ kind: "resource", name: "ledger", description: "", scopes: ["payments"], uris: ["books://ledger"], fn: () => "" });
    registry.register({ kind: "resource", name: "ledgers", description: "", uris: ["books://ledgers"], fn: () => "" });
    expect(await registry.dispatch("refundd", {}, { principal: principal("orders:write") })).toMatchObject({ error: { code: "unknown_tool", payload: { suggestions: ["refunds"] } } });
    expect(await registry.dispatch("refundd", {})).toMatchObject({ error: { code: "unknown_tool", payload: { suggestions: ["refund", "refunds"] } } });
    expect(await registry.readResource("books://ledgerz", { principal: principal() })).toEqual({
      status: "error",
      error: { code: "unknown_tool", message: "There is no resource at 'books://ledgerz'. Known: 'books://ledgers'.", payload: { suggestions: ["books://ledgers"] } },
    });
    expect(await registry.readResource("books://ledgerz")).toMatchObject({ error: { payload: { suggestions: ["books://ledger", "books://ledgers"] } } });
  });

  it("completion knows only the entries the principal may use", async () => {
    const registry = createRegistry([]);
    registry.register({ kind: "prompt", name: "secret", description: "", scopes: ["admin"], params: [{ name: "topic", type: "string" }], complete: { topic: () => ["alpha"] }, fn: () => "" });
    expect(await registry.completeArgument("secret", "topic", "", { principal: principal() })).toBeUndefined();
    expect(await registry.completeArgument("secret", "topic", "", { principal: null })).toBeUndefined();
    expect(await registry.completeArgument("secret", "topic", "", { principal: principal("admin") })).toEqual(["alpha"]);
    expect(await registry.completeArgument("secret", "topic", "")).toEqual(["alpha"]);
  });

  it("the scope check comes before argument validation: a forbidden caller learns nothing about the arguments", async () => {
    const { registry } = registryWithRefund();
    const outcome = await registry.call("refund", { id: 42 }, { principal: principal() });
    expect(outcome.status === "error" && outcome.error.code).toBe("forbidden");
  });
});
