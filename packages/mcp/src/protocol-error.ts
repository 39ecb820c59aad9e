/**
 * A JSON-RPC error for the SDK's `Protocol` to answer: `code`, `message` and `data` go out as
 * they are. Not the SDK's `McpError`, whose message starts "MCP error <code>: ", which goes out
 * too and which the SDK's client prefixes again ("MCP error -32602: MCP error -32602: …").
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}
