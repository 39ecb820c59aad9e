import { isObject } from "@toolgen/runtime/validation";

/**
 * Why a parsed body is not a JSON-RPC message MCP accepts, or undefined when it is. The SDK's
 * transport answers such bodies `-32700 Parse error`, which tells a client its JSON was broken;
 * JSON-RPC 2.0 (§5.1) says a well-formed body of the wrong shape is `-32600 Invalid Request`.
 * Batches went out of MCP with 2025-06-18: a client that announces that version or a later
 * one in `Mcp-Protocol-Version` may not send one.
 */
export function invalidMessage(body: unknown, protocolVersion: string | null): string | undefined {
  if (!Array.isArray(body)) return invalidSingle(body);
  if (body.length === 0) return "an empty batch";
  // Any other header value is the SDK's to refuse (an unsupported protocol version).
  if (protocolVersion !== null && /^\d{4}-\d{2}-\d{2}$/.test(protocolVersion) && protocolVersion >= "2025-06-18") return `batches are not part of MCP ${protocolVersion}; send one message per request`;
  for (const [index, message] of body.entries()) {
    const why = invalidSingle(message) ?? ((message as { method?: unknown }).method === "initialize" ? `initialize may not be part of a batch (MCP 2025-03-26, lifecycle)` : undefined);
    if (why) return `message ${index} of the batch: ${why}`;
  }
  // Two requests of one id: both would run, and one answer be lost (a client matches answers by id).
  const ids = body.filter((message) => isObject(message) && "method" in message && "id" in message).map((message) => (message as { id: unknown }).id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  return twice === undefined ? undefined : `the id ${JSON.stringify(twice)} is on two requests of this batch; give each its own`;
}

/** The id to answer an invalid message with: its own when it has a usable one (JSON-RPC §5), else null. */
export function idOf(body: unknown): unknown {
  return isObject(body) && isId(body.id) ? body.id : null;
}

/** Whether a message is a response (no `method`; a `result` or an `error`), well-formed or not: JSON-RPC never answers one. */
export function isResponse(message: unknown): boolean {
  return isObject(message) && !("method" in message) && ("result" in message || "error" in message);
}

function invalidSingle(message: unknown): string | undefined {
  if (!isObject(message)) return `expected a JSON-RPC message (an object), received ${message === null ? "null" : Array.isArray(message) ? "an array" : typeof message}`;
  if (message.jsonrpc !== "2.0") return `"jsonrpc" must be "2.0"`;
  const unknown = Object.keys(message).find((key) => !MEMBERS.has(key));
  if (unknown !== undefined) return `${JSON.stringify(unknown)} is no member of a JSON-RPC message (jsonrpc, id, method, params, result, error)`;
  if ("method" in message && ("result" in message || "error" in message)) return `a message is a request ("method") or a response ("result", "error"), not both`;
  if ("id" in message && !isId(message.id)) return `"id" must be a string or an integer${message.id === null ? " (MCP forbids null)" : Number.isInteger(message.id) ? ` from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (this one would be answered as another number)` : ""}`;
  if ("method" in message) {
    if (typeof message.method !== "string") return `"method" must be a string`;
    if (!("params" in message)) return undefined;
    if (!isObject(message.params)) return `"params" must be an object`;
    return "_meta" in message.params ? invalidMeta(message.params._meta) : undefined;
  }
  // Without a method: a client's answer to a server request (sampling, elicitation). An error
  // answer may lack the id (one it could not read); a result may not.
  if (("result" in message) === ("error" in message)) return `expected "method" (a request or notification), or exactly one of "result" and "error" (a response)`;
  if ("result" in message) return !("id" in message) ? `a result needs the "id" of the request it answers` : isObject(message.result) ? undefined : `"result" must be an object`;
  const error = message.error;
  return isObject(error) && Number.isInteger(error.code) && typeof error.message === "string" ? undefined : `"error" must be { "code": an integer, "message": a string }`;
}

/** `params._meta` as every MCP message may carry it (what the SDK's transport would refuse as a parse error). */
function invalidMeta(meta: unknown): string | undefined {
  if (!isObject(meta)) return `"params._meta" must be an object`;
  if ("progressToken" in meta && !isId(meta.progressToken)) return `"params._meta.progressToken" must be a string or an integer`;
  const task = meta[RELATED_TASK];
  if (task !== undefined && !(isObject(task) && typeof task.taskId === "string")) return `"params._meta.${RELATED_TASK}" must be { "taskId": a string }`;
  return undefined;
}

const RELATED_TASK = "io.modelcontextprotocol/related-task";

const MEMBERS = new Set(["jsonrpc", "id", "method", "params", "result", "error"]);

/** A string, or an integer a double holds exactly: a larger one would be answered with another id. */
function isId(value: unknown): boolean {
  return typeof value === "string" || Number.isSafeInteger(value);
}
