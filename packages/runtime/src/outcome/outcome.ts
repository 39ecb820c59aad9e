import type { Content } from "../content/content.js";
import type { ArgumentIssue } from "../pipeline/validate-arguments.js";

/**
 * The result of every call: plain JSON, a union on `status`, never a throw.
 * This is exactly what `toolgen call --json` prints.
 */
export type Outcome = OkOutcome | ErrorOutcome | SuspendedOutcome | EndedOutcome;

export interface OkOutcome {
  status: "ok";
  /** The result as text: strings as they are, everything else as JSON. */
  text: string;
  /** Object results, as they are (matching the output schema). */
  structured?: Record<string, unknown>;
  /** Tools that return content blocks (images, audio, resources…): the blocks; `text` joins their texts. */
  content?: Content[];
  /** Prompts: the rendered messages, each with its role. `text` joins their texts. */
  messages?: PromptMessage[];
  /** Resources: the URI that was read; binary contents come as base64 in `blob` (and `text` is empty). */
  resource?: { uri: string; mimeType?: string; blob?: string };
  /** Lenient repairs applied to the arguments before the call. */
  repairs?: Repair[];
}

export type ErrorCode =
  | "invalid_arguments"
  | "unknown_tool"
  | "tool_error"
  | "execution_error"
  | "timeout"
  | "aborted"
  | "forbidden"
  | "internal";

/** What the runtime puts in `payload` for these codes; the others carry what the tool gave (`ToolError`), or nothing. */
export interface ErrorPayloads {
  /** The first 100 issues; `total` counts them when there are more, `truncated` when validation stopped at 1,000 (there may be more still). */
  invalid_arguments: { issues: ArgumentIssue[]; total?: number; truncated?: true };
  unknown_tool: { suggestions: string[] };
  forbidden: { missing: string[] };
}

/** An outcome's error: its `payload` typed by its `code`, and always there for the runtime's (narrow on `code` to read `issues`, `suggestions`, `missing`). */
export type OutcomeError = { [C in ErrorCode]: C extends keyof ErrorPayloads ? { code: C; message: string; payload: ErrorPayloads[C] } : { code: C; message: string; payload?: unknown } }[ErrorCode];

export interface ErrorOutcome {
  status: "error";
  error: OutcomeError;
  repairs?: Repair[];
}

export interface SuspendedOutcome {
  status: "suspended";
  call: { id: string; name: string; arguments: Record<string, unknown> };
}

export interface EndedOutcome {
  status: "ended";
  value?: unknown;
}

/** One message of a rendered prompt (the shape MCP's `prompts/get` returns). */
export interface PromptMessage {
  role: "user" | "assistant";
  content: Content;
}

/** One lenient repair: where, and what was done. */
export interface Repair {
  path: string;
  repair: "null_as_absent" | "parsed_json_string" | "parsed_number_string";
}

/** The outcome of an error, with a stable `code` a host can branch on. */
export function errorOutcome(code: ErrorCode, message: string, payload?: unknown): ErrorOutcome {
  return { status: "error", error: (payload === undefined ? { code, message } : { code, message, payload }) as OutcomeError };
}
