import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CreateMessageResultSchema, ElicitResultSchema, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { CallHost, ElicitResult } from "@toolgen/runtime";
import type { LogGate } from "./register-logging.js";

/** The host for one request's calls. */
export type HostFor = (extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => CallHost;

/**
 * What a running tool can reach of the MCP client that called it: log messages (above the
 * level the client set) and progress (when the request carried a progress token) go out as
 * notifications tied to the request, so they travel on its response stream; sampling and
 * elicitation are requests to the client, offered only when the client declared the
 * capability and the server is stateful — stdio, or HTTP with sessions (stateless, the
 * client's answer would reach another server).
 */
export function clientHost(server: Server, extra: RequestHandlerExtra<ServerRequest, ServerNotification>, logs: LogGate, stateful: boolean): CallHost {
  const progressToken = extra._meta?.progressToken;
  const client = server.getClientCapabilities() ?? {};
  const notify = (notification: ServerNotification) => void extra.sendNotification(notification).catch(() => undefined);
  return {
    log(message) {
      if (logs.sends(message.level)) notify({ method: "notifications/message", params: message });
    },
    ...(progressToken !== undefined ? { progress: (progress) => notify({ method: "notifications/progress", params: { progressToken, ...progress } }) } : {}),
    ...(stateful && client.sampling
      ? {
          async sample(request, signal) {
            const reply = await extra.sendRequest({ method: "sampling/createMessage", params: request }, CreateMessageResultSchema, { signal });
            return reply as Awaited<ReturnType<NonNullable<CallHost["sample"]>>>;
          },
        }
      : {}),
    ...(stateful && client.elicitation
      ? {
          async elicit(request, signal) {
            const reply = await extra.sendRequest({ method: "elicitation/create", params: request as never }, ElicitResultSchema, { signal });
            return reply as ElicitResult;
          },
        }
      : {}),
  };
}
