import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CreateMessageResultSchema, ElicitResultSchema, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { ToolError, type CallHost, type ElicitResult } from "@toolgen/runtime";
import { MAX_DELAY_MS } from "./max-delay.js";
import type { LogGate } from "./register-logging.js";

/** The host for one request's calls. */
export type HostFor = (extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => CallHost;

/**
 * What a running tool can reach of the MCP client that called it: log messages (above the
 * level the client set) and progress (when the request carried a progress token) go out as
 * notifications tied to the request, so they travel on its response stream; sampling and
 * elicitation are requests to the client, made only when the client declared the capability
 * and the server is stateful — stdio, or HTTP with sessions (stateless, the client's answer
 * would reach another server); otherwise the tool is told which is missing. They wait as long
 * as the call may run (its timeout, a cancellation), not the SDK's 60 s: a person filling in a
 * form takes longer.
 */
export function clientHost(server: Server, extra: RequestHandlerExtra<ServerRequest, ServerNotification>, logs: LogGate, stateful: boolean): CallHost {
  const progressToken = extra._meta?.progressToken;
  const client = server.getClientCapabilities() ?? {};
  const notify = (notification: ServerNotification) => void extra.sendNotification(notification).catch(() => undefined);
  // MCP: progress "MUST increase with each notification"; a value not above the last sent is not sent.
  let lastProgress = -Infinity;
  // What the tool (and its model) reads when the server cannot ask this client. Sessions first:
  // a stateless server never sees the client's initialize, so it knows none of its capabilities.
  const refuseWithout = (capability: "sampling" | "elicitation", what: string) => {
    if (!stateful) throw new ToolError(`This server cannot ${what}: it keeps no sessions, and the client's answer would reach another server (serve with sessions: \`toolgen serve --http <port> --sessions\`, or \`sessions\` in serveHttp, or in createMcpHandler where one instance serves every request, which Cloudflare Workers do not).`);
    if (!client[capability]) throw new ToolError(`This server cannot ${what}: the client did not declare the ${capability} capability.`);
  };
  return {
    log(message) {
      if (logs.sends(message.level)) notify({ method: "notifications/message", params: message });
    },
    ...(progressToken !== undefined
      ? {
          progress(progress) {
            if (!(progress.progress > lastProgress)) return;
            lastProgress = progress.progress;
            notify({ method: "notifications/progress", params: { progressToken, ...progress } });
          },
        }
      : {}),
    async sample(request, signal) {
      refuseWithout("sampling", "sample a model");
      const reply = await extra.sendRequest({ method: "sampling/createMessage", params: request }, CreateMessageResultSchema, { signal, timeout: MAX_DELAY_MS }).catch((error: unknown) => {
        throw inWords(error, "The client's answer to sampling/createMessage is not a sampling result");
      });
      return reply as Awaited<ReturnType<NonNullable<CallHost["sample"]>>>;
    },
    async elicit(request, signal) {
      refuseWithout("elicitation", "ask the user");
      const nested = Object.entries(request.requestedSchema.properties ?? {}).find(([, field]) => !FORM_FIELD_TYPES.has((field as { type?: unknown })?.type as string));
      if (nested) throw new ToolError(`context.elicit takes a flat form: the field '${nested[0]}' is ${JSON.stringify((nested[1] as { type?: unknown })?.type ?? "untyped")}, where each must be a string, number, integer, boolean or a list of choices.`);
      const reply = await extra.sendRequest({ method: "elicitation/create", params: request as never }, ElicitResultSchema, { signal, timeout: MAX_DELAY_MS }).catch((error: unknown) => {
        throw inWords(error, "The client refused or garbled elicitation/create");
      });
      return reply as ElicitResult;
    },
  };
}

/** MCP's form fields: primitives, and lists of choices (multi-select). */
const FORM_FIELD_TYPES = new Set(["string", "number", "integer", "boolean", "array"]);

/**
 * A failed request to the client as the tool (and its model) should read it: a list of schema
 * issues (zod's, as JSON, in the SDK's error) as "where: what" for the first few, not kilobytes
 * of JSON; any other error as it is.
 */
function inWords(error: unknown, what: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  const start = message.indexOf("[");
  try {
    const issues = JSON.parse(message.slice(start)) as Array<{ path?: unknown[]; message?: string }>;
    if (start >= 0 && Array.isArray(issues) && issues.length > 0) {
      const listed = issues.slice(0, 5).map((issue) => `${issue.path?.length ? issue.path.join(".") : "(root)"}: ${issue.message ?? "invalid"}`);
      return new ToolError(`${what}: ${listed.join("; ")}${issues.length > 5 ? `; and ${issues.length - 5} more` : ""}.`);
    }
  } catch {
    // Not a list of issues: the error says what it says.
  }
  return error instanceof Error ? error : new Error(message);
}
