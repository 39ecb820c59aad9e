export { createMcpHandler, type McpHandler, type McpHandlerOptions } from "./create-mcp-handler.js";
export { createMcpServer, type McpServerOptions } from "./create-mcp-server.js";
export { handleMcpRequest, type HttpLimits } from "./handle-mcp-request.js";
export { ToolgenJsonSchemaValidator } from "./json-schema-validator.js";
export type { McpRegistry } from "./mcp-registry.js";
export { convertPromptArguments, PromptArgumentError } from "./prompt-arguments.js";
export type { ExternalPolicy, ExternalToolHandler } from "./register-tools.js";
export { resolveServerIdentity, type ServerIdentity } from "./server-identity.js";
export { META_PREFIX, toToolResult } from "./tool-result.js";
