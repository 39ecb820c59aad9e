import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { ProtocolError } from "./protocol-error.js";

/**
 * Every list is answered in one page, so no cursor is ever issued and any cursor is invalid:
 * -32602, as the specification's pagination asks (…/2025-11-25/server/utilities/pagination).
 */
export function onePage<T>(list: () => T): (request: { params?: { cursor?: unknown } }) => T {
  return (request) => {
    if (request.params?.cursor !== undefined) throw new ProtocolError(ErrorCode.InvalidParams, `Invalid cursor ${JSON.stringify(request.params.cursor)}: this server lists everything in one page and issues no cursors.`);
    return list();
  };
}
