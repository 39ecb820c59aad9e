import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { clientHost, type HostFor } from "./client-host.js";
import { checkServerOptions, SERVER_KEYS } from "./check-server-options.js";
import { answerInvalidParams } from "./invalid-params.js";
import { ToolgenJsonSchemaValidator } from "./json-schema-validator.js";
import type { McpRegistry } from "./mcp-registry.js";
import { registerCompletions, type Completions } from "./register-completions.js";
import { registerLogging } from "./register-logging.js";
import { registerPrompts } from "./register-prompts.js";
import { registerResources } from "./register-resources.js";
import { registerSubscriptions } from "./register-subscriptions.js";
import { registerTools, type ExternalPolicy } from "./register-tools.js";
import type { ServerIdentity } from "./server-identity.js";

export interface McpServerOptions {
  identity: ServerIdentity;
  /** Shown to the client as the server's `instructions`. */
  instructions?: string;
  /** What happens to `@external` tools (default `"omit"`). */
  external?: ExternalPolicy;
  /** Completers for prompt arguments and resource-template variables, beyond the values their types allow. */
  completions?: Completions;
  /**
   * The server lives as long as a client's session (stdio, or HTTP with `sessions`), not one
   * request: resource subscriptions, and tools' sampling and elicitation, are offered.
   */
  stateful?: boolean;
  /** With `stateful` over HTTP: close the response stream of a tool call still running after this long (see `SessionOptions.pollAfterMs`). */
  pollAfterMs?: number;
}

/**
 * An MCP server for a registry, on the SDK's low-level `Server`: the registry already has
 * JSON Schemas and validators, so the zod-based `McpServer` has nothing to add. Tools,
 * prompts and resources each register their own handlers. It reads `registry.entries` here,
 * so a registry from a split generated module (`split: true`) needs `await registry.load()`
 * first (otherwise `entries` throws, saying so).
 */
export function createMcpServer(registry: McpRegistry, options: McpServerOptions): Server {
  checkServerOptions(registry, options, SERVER_KEYS, "createMcpServer");
  return buildMcpServer(registry, options);
}

/** `createMcpServer` with its options checked already (a handler makes one per session or request). */
export function buildMcpServer(registry: McpRegistry, options: McpServerOptions): Server {
  const server = new Server(options.identity, {
    // The SDK would build an Ajv per server, compiling schemas with `new Function`.
    jsonSchemaValidator: VALIDATOR,
    capabilities: {
      tools: { listChanged: false },
      prompts: { listChanged: false },
      resources: { listChanged: false, ...(options.stateful ? { subscribe: true } : {}) },
      logging: {},
      completions: {},
    },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  answerInvalidParams(server);
  const logs = registerLogging(server);
  const host: HostFor = (extra) => clientHost(server, extra, logs, options.stateful ?? false);
  registerTools(server, registry, options.external ?? "omit", { host, pollAfterMs: options.pollAfterMs });
  registerPrompts(server, registry, host);
  registerResources(server, registry, host);
  registerCompletions(server, registry, options.completions);
  if (options.stateful) registerSubscriptions(server, registry);
  return server;
}

const VALIDATOR = new ToolgenJsonSchemaValidator();
