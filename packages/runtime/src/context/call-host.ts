import type { AudioContent, ImageContent, TextContent } from "../content/content.js";
import type { PlatformSignal } from "./platform-signal.js";

/** Syslog severities, least severe first (MCP's logging levels). */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogMessage {
  level: LogLevel;
  /** Anything JSON can carry: a string, or an object with details. */
  data: unknown;
  logger?: string;
}

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** A message for the client's model (MCP `sampling/createMessage`). */
export interface SamplingMessage {
  role: "user" | "assistant";
  content: TextContent | ImageContent | AudioContent;
}

export interface SampleRequest {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: {
    hints?: { name?: string }[];
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
}

export interface SampleResult {
  role: "user" | "assistant";
  content: TextContent | ImageContent | AudioContent;
  /** The model the client used. */
  model: string;
  stopReason?: string;
  /** The reply's text (empty for an image or audio reply). */
  text: string;
}

/** One field of an elicitation form: MCP allows flat objects of primitives and string lists. */
export type ElicitField =
  | {
      type: "string";
      title?: string;
      description?: string;
      minLength?: number;
      maxLength?: number;
      format?: "email" | "uri" | "date" | "date-time";
      enum?: readonly string[];
      /** Titles for `enum` (the older form of `oneOf`). */
      enumNames?: readonly string[];
      oneOf?: readonly { const: string; title: string }[];
      default?: string;
    }
  | { type: "number" | "integer"; title?: string; description?: string; minimum?: number; maximum?: number; default?: number }
  | { type: "boolean"; title?: string; description?: string; default?: boolean }
  | {
      type: "array";
      title?: string;
      description?: string;
      minItems?: number;
      maxItems?: number;
      items: { type: "string"; enum: readonly string[] } | { anyOf: readonly { const: string; title: string }[] };
      default?: readonly string[];
    };

export interface ElicitSchema {
  type: "object";
  properties: Readonly<Record<string, ElicitField>>;
  required?: readonly string[];
}

/** The value a field's answer has, read from the field's schema. */
export type ElicitValue<F> = F extends { type: "boolean" }
  ? boolean
  : F extends { type: "number" | "integer" }
    ? number
    : F extends { type: "array"; items: { enum: readonly (infer E)[] } }
      ? E[]
      : F extends { type: "array"; items: { anyOf: readonly { const: infer C }[] } }
        ? C[]
        : F extends { enum: readonly (infer E)[] }
          ? E
          : F extends { oneOf: readonly { const: infer C }[] }
            ? C
            : string;

type RequiredKeys<S extends ElicitSchema> = S extends { required: readonly (infer R)[] } ? R & keyof S["properties"] : never;

/** The answers to a form, typed from its schema: required fields present, the others optional. */
export type ElicitContent<S extends ElicitSchema> = { -readonly [K in RequiredKeys<S>]: ElicitValue<S["properties"][K]> } & {
  -readonly [K in Exclude<keyof S["properties"], RequiredKeys<S>>]?: ElicitValue<S["properties"][K]>;
};

/** The user's answer: accepted with the form's content, declined, or dismissed. */
export type ElicitResult<C = Record<string, unknown>> = { action: "accept"; content: C } | { action: "decline" } | { action: "cancel" };

export interface ElicitRequest {
  message: string;
  requestedSchema: ElicitSchema;
}

/**
 * What the host offers a running tool (given to the registry, or per call): where its log
 * messages and progress go, and who answers its sampling and elicitation requests. The MCP
 * server supplies these from its client; in-process, the application does.
 */
export interface CallHost {
  log?(message: LogMessage): void;
  progress?(progress: Progress): void;
  sample?(request: SampleRequest, signal: PlatformSignal): Promise<Omit<SampleResult, "text">>;
  elicit?(request: ElicitRequest, signal: PlatformSignal): Promise<ElicitResult>;
}
