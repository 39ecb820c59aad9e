import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, InitializeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ProtocolError } from "./protocol-error.js";

type RequestSchema = z.ZodObject<z.ZodRawShape>;
type Handler = (request: unknown, extra: unknown) => unknown;

/**
 * Makes the server answer a request whose params its method's schema refuses with
 * InvalidParams (-32602), saying where and what, as JSON-RPC and MCP ask. The SDK parses a
 * request before its handler and answers a refusal with InternalError (-32603), or for
 * `tools/call` InvalidParams, with zod's issue list as JSON for the message. Every handler
 * registered after this call is registered with a schema that takes any params but first
 * parses the request with the method's own, throwing the readable error (the SDK passes on
 * what its parse throws); the handler then gets the request as the method's schema parsed it.
 */
export function answerInvalidParams(server: Server): void {
  const register = server.setRequestHandler.bind(server) as unknown as (schema: RequestSchema, handler: Handler) => void;
  const registerChecked = (schema: RequestSchema, handler: Handler) => {
    // By the lenient parse's result, which the SDK hands to the handler: each request is parsed strictly once.
    const parsed = new WeakMap<object, unknown>();
    register(
      schema.extend({ params: z.unknown().optional() }).check((ctx) => void parsed.set(ctx.value, strictly(schema, ctx.value))),
      (request, extra) => handler(parsed.get(request as object) ?? strictly(schema, request), extra),
    );
  };
  Object.assign(server, { setRequestHandler: registerChecked });
  // `initialize` was registered by the SDK's constructor, before this: registered again, checked.
  const sdk = server as unknown as { _oninitialize?: (request: unknown) => Promise<unknown> };
  const initialize = sdk._oninitialize;
  if (typeof initialize === "function") server.setRequestHandler(InitializeRequestSchema, (request) => initialize.call(server, request) as never);
}

/** What is wrong with a request's params by its method's schema, as the `-32602` message says it; undefined when nothing is. */
export function invalidParams(schema: RequestSchema, request: unknown): string | undefined {
  const result = schema.safeParse(request);
  return result.success ? undefined : describeIssues(result.error.issues);
}

function strictly(schema: RequestSchema, request: unknown): unknown {
  const result = schema.safeParse(request);
  if (!result.success) throw new ProtocolError(ErrorCode.InvalidParams, describeIssues(result.error.issues));
  return result.data;
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const problems = issues.map((issue) => `${issue.path.map(String).join(".") || "the request"}: ${issue.message.replace(/^Invalid input: /, "")}`);
  return `Invalid params: ${problems.join("; ")}.`;
}
