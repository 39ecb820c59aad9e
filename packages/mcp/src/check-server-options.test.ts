import { createRegistry } from "@toolgen/runtime";
import { describe, expect, it } from "vitest";
import { createMcpHandler } from "./create-mcp-handler.js";
import { createMcpServer } from "./create-mcp-server.js";
import { serveHttp } from "./node/serve-http.js";

const identity = { name: "t", version: "1.0.0" };

/** A registry of a prompt, `greet`, with an argument `name`, and a resource `docs://{id}`. */
function promptRegistry() {
  const registry = createRegistry([]);
  registry.register({ kind: "prompt", name: "greet", description: "Greets.", params: [{ name: "name", type: "string" }], fn: (args) => `Hello, ${String(args.name)}.` });
  registry.register({ kind: "resource", name: "doc", description: "A document.", uris: ["docs://{id}"], params: [{ name: "id", type: "string" }], fn: (args) => `# ${String(args.id)}` });
  return registry;
}

describe("a server's options, as plain JavaScript may pass them", () => {
  it("each mistake throws where the server is made, naming it", () => {
    const registry = promptRegistry();
    const handler = (options: unknown) => () => createMcpHandler(registry, options as never);
    expect(handler({})).toThrow("toolgen: createMcpHandler: `identity` must be { name, version } (strings), what the server tells a client it is; got undefined.");
    expect(handler({ identity: { name: "t" } })).toThrow("`identity` must be { name, version }");
    // A session's option, not the handler's: refused by the type as by the check (`sessions: { pollAfterMs }` is its place).
    // @ts-expect-error -- pollAfterMs is no option of the handler
    expect(() => createMcpHandler(registry, { identity, pollAfterMs: 1000 })).toThrow("toolgen: createMcpHandler: unknown option 'pollAfterMs'");
    expect(handler({ identity, extrnal: "omit" })).toThrow("toolgen: createMcpHandler: unknown option 'extrnal'; did you mean 'external'? (known: identity, instructions, external, completions, auth, sessions, maxBodyBytes, allowedOrigins, path).");
    expect(handler({ identity, external: "run" })).toThrow('`external` must be "omit" or a function that runs an @external tool\'s call; got "run".');
    expect(handler({ identity, sessions: "yes" })).toThrow("`sessions` must be true, false or session options");
    expect(handler({ identity, sessions: { maxSesions: 5 } })).toThrow("unknown session option 'maxSesions'; did you mean 'maxSessions'?");
    expect(handler({ identity, completions: { tools: {} } })).toThrow("unknown completions key 'tools' (known: prompts, resources)");
    expect(handler({ identity, completions: { prompts: { gret: { name: () => [] } } } })).toThrow("`completions.prompts` names 'gret', which is no prompt of the registry; did you mean 'greet'?");
    expect(handler({ identity, completions: { prompts: { greet: { nme: () => [] } } } })).toThrow("`completions.prompts[\"greet\"]` names the argument 'nme', which it has not; did you mean 'name'?");
    expect(handler({ identity, completions: { prompts: { greet: { name: 5 } } } })).toThrow("`completions.prompts[\"greet\"].name` must be a function; got 5.");
    // Resources by their URI (template), as requests name them.
    expect(handler({ identity, completions: { resources: { doc: { id: () => [] } } } })).toThrow("`completions.resources` names 'doc', which is no resource URI of the registry; did you mean 'docs://{id}'?");
    expect(() => createMcpHandler({} as never, { identity })).toThrow("toolgen: createMcpHandler: the first argument must be a registry");
    // An auth that is no object (`process.env.ISSUER && {…}`) is never an open server; a misspelt key is no ignored one.
    for (const auth of [null, false, "", 0]) expect(handler({ identity, auth })).toThrow(`\`auth\` must be { issuer, audience, jwks } or { verify }; got ${JSON.stringify(auth)} (leave it out to serve without auth).`);
    expect(handler({ identity, auth: { issuer: "https://id.example", audience: "api", jwks: { keys: [] }, resouce: "https://api.example/mcp" } })).toThrow("unknown auth option 'resouce'; did you mean 'resource'?");
    // createMcpServer takes its own keys: a handler's is no option of a server.
    expect(() => createMcpServer(registry, { identity, auth: {} } as never)).toThrow("toolgen: createMcpServer: unknown option 'auth'");
    // What is right is taken.
    expect(typeof handler({ identity, external: "omit", sessions: { maxSessions: 5 }, completions: { prompts: { greet: { name: () => ["Ada"] } }, resources: { "docs://{id}": { id: () => ["one"] } } } })()).toBe("function");
  });

  it("serveHttp names its own keys among the handler's, and refuses before listening", async () => {
    await expect(serveHttp(promptRegistry(), { identity, port: 0, hots: "127.0.0.1" } as never)).rejects.toThrow("toolgen: serveHttp: unknown option 'hots'; did you mean 'host'?");
    await expect(serveHttp(promptRegistry(), { identity, port: "abc" } as never)).rejects.toThrow('toolgen: serveHttp: `port` must be a whole number from 0 (a free one) to 65535; got "abc".');
    await expect(serveHttp(promptRegistry(), { identity, port: 0, host: 5 } as never)).rejects.toThrow("toolgen: serveHttp: `host` must be an address to bind");
    const server = await serveHttp(promptRegistry(), { identity, port: 0, host: "127.0.0.1", requestTimeoutMs: 1000 });
    await server.close();
  });
});
