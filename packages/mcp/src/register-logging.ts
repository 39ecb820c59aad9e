import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SetLevelRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { LOG_LEVELS, type LogLevel } from "@toolgen/runtime";

/** Whether a tool's log message at a level goes to the client. */
export interface LogGate {
  sends(level: LogLevel): boolean;
}

/**
 * `logging/setLevel`: messages below the level the client set are not sent (all are until it
 * sets one). The level lives as long as the server: a session's, or one request's when the
 * server is stateless.
 */
export function registerLogging(server: Server): LogGate {
  let least = 0;
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    least = LOG_LEVELS.indexOf(request.params.level);
    return {};
  });
  return { sends: (level) => LOG_LEVELS.indexOf(level) >= least };
}
