import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { acceptsBoth } from "./accepts-both.js";
import type { ProtocolError } from "./protocol-error.js";
import type { McpRegistry } from "./mcp-registry.js";
import { callTool, toolListJson, toolsOf, type ExternalPolicy } from "./register-tools.js";

/**
 * The requests most of a stateless endpoint's traffic is — one `tools/list` or `tools/call`,
 * answered as JSON — without an SDK server and transport built and torn down for each: the
 * same handlers (`toolListJson`, `callTool`) the SDK server runs, and the same answer. Anything
 * else, and anything unusual about these (a batch, a header the SDK's transport refuses, params
 * of another shape), is left to the SDK (undefined), which answers it as it always does.
 */
export function answerDirectly(request: Request, body: unknown, registry: McpRegistry, external: ExternalPolicy): Promise<Response> | undefined {
  if (!isPlainRequest(body) || !transportAccepts(request)) return undefined;
  const { id, method, params } = body;
  if (method === "resources/subscribe" || method === "resources/unsubscribe") {
    // What the SDK answers (its capabilities leave subscriptions out), with what would serve it.
    const message = `Method not found: ${method} needs a session, whose stream the updates are sent on; this endpoint is stateless (serve it with sessions: toolgen serve --http <port> --sessions, or createMcpHandler(registry, { sessions: true }) on Node.js, Deno or Bun; Workers keep none)`;
    return Promise.resolve(json(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message } })));
  }
  if (method === "tools/list" && (params === undefined || params.cursor === undefined)) {
    return Promise.resolve(json(`{"result":${toolListJson(toolsOf(registry, external))},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`));
  }
  if (method !== "tools/call" || typeof params?.name !== "string" || !isArguments(params.arguments) || params._meta !== undefined) return undefined;
  return callTool(toolsOf(registry, external), registry, external, params.name, params.arguments, { signal: request.signal }).then(
    (result) => json(JSON.stringify({ result, jsonrpc: "2.0", id })),
    (error: unknown) => {
      // As the SDK's Protocol answers a handler's error.
      const { code, message, data } = error as Partial<ProtocolError>;
      const answer = { code: Number.isSafeInteger(code) ? code : -32603, message: message ?? "Internal error", ...(data !== undefined ? { data } : {}) };
      return json(JSON.stringify({ jsonrpc: "2.0", id, error: answer }));
    },
  );
}

interface PlainRequest {
  id: string | number;
  method: string;
  params?: { name?: unknown; arguments?: unknown; cursor?: unknown; _meta?: unknown };
}

function isPlainRequest(body: unknown): body is PlainRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const { jsonrpc, id, method, params } = body as Record<string, unknown>;
  return jsonrpc === "2.0" && (typeof id === "string" || Number.isInteger(id)) && typeof method === "string" && (params === undefined || (typeof params === "object" && params !== null && !Array.isArray(params)));
}

function isArguments(value: unknown): value is Record<string, unknown> | undefined {
  return value === undefined || (typeof value === "object" && value !== null && !Array.isArray(value));
}

/** What the SDK's streamable HTTP transport requires of a POST (it answers 406, 415 or 400 otherwise). */
function transportAccepts(request: Request): boolean {
  const accept = request.headers.get("accept");
  const type = request.headers.get("content-type");
  const version = request.headers.get("mcp-protocol-version");
  return (
    acceptsBoth(accept) &&
    type !== null &&
    type.split(";")[0]!.trim().toLowerCase() === "application/json" &&
    (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

function json(text: string): Response {
  return new Response(text, { status: 200, headers: { "content-type": "application/json" } });
}
