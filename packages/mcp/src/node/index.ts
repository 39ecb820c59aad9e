/**
 * `@toolgen/mcp/node`: the Node.js transports — stdio, and streamable HTTP on `node:http`
 * (`createMcpHandler` from `@toolgen/mcp` serves the same endpoint in any runtime).
 */
export { MCP_PATH, serveHandler, serveHttp, type HttpServeOptions, type RunningHttpServer } from "./serve-http.js";
export { serveStdio } from "./serve-stdio.js";
