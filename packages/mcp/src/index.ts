export { createMcpServer, type McpServerOptions } from "./create-mcp-server.js";
export type { McpRegistry } from "./mcp-registry.js";
export { convertPromptArguments, PromptArgumentError } from "./prompt-arguments.js";
export type { ExternalPolicy, ExternalToolHandler } from "./register-tools.js";
export { resolveServerIdentity, type ServerIdentity } from "./server-identity.js";
export { MCP_PATH, serveHttp, type HttpServeOptions, type RunningHttpServer } from "./serve-http.js";
export { serveStdio } from "./serve-stdio.js";
export { META_PREFIX, toToolResult } from "./tool-result.js";
