import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ToolgenJsonSchemaValidator } from "./json-schema-validator.js";
import type { McpRegistry } from "./mcp-registry.js";
import { registerPrompts } from "./register-prompts.js";
import { registerResources } from "./register-resources.js";
import { registerTools, type ExternalPolicy } from "./register-tools.js";
import type { ServerIdentity } from "./server-identity.js";

export interface McpServerOptions {
  identity: ServerIdentity;
  /** Shown to the client as the server's `instructions`. */
  instructions?: string;
  /** What happens to `@external` tools (default `"omit"`). */
  external?: ExternalPolicy;
}

/**
 * An MCP server for a registry, on the SDK's low-level `Server`: the registry already has
 * JSON Schemas and validators, so the zod-based `McpServer` has nothing to add. Tools,
 * prompts and resources each register their own handlers. It reads `registry.entries` here,
 * so a registry from a split generated module (`split: true`) needs `await registry.load()`
 * first (otherwise `entries` throws, saying so).
 */
export function createMcpServer(registry: McpRegistry, options: McpServerOptions): Server {
  const server = new Server(options.identity, {
    // The SDK would build an Ajv per server, compiling schemas with `new Function`.
    jsonSchemaValidator: VALIDATOR,
    capabilities: { tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false } },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  registerTools(server, registry, options.external ?? "omit");
  registerPrompts(server, registry);
  registerResources(server, registry);
  return server;
}

const VALIDATOR = new ToolgenJsonSchemaValidator();
