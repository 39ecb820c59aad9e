import { ToolError } from "../outcome/errors.js";
import { describeValue } from "../pipeline/validate-arguments.js";
import type { CallHost, ElicitContent, ElicitResult, ElicitSchema, LogLevel, SampleRequest, SampleResult } from "./call-host.js";
import type { ToolContext } from "./tool-context.js";

type HostMethods = Pick<ToolContext, "log" | "reportProgress" | "sample" | "elicit">;

/**
 * The context's ways to reach the host, for one call: log messages and progress go where the
 * host sends them (nowhere when it does not say); sampling and elicitation throw a `ToolError`
 * the model can read when the host cannot answer them, and the answers are checked before
 * the tool sees them, so the types it was promised hold. Once the call is given up (a timeout,
 * an abort), what the tool still logs or reports is dropped, and what it asks throws the
 * signal's reason: its request is answered, and nobody waits for a model's or a person's reply.
 */
export function hostMethods(host: CallHost, signal: AbortSignal): HostMethods {
  const tell = (send: () => unknown) => {
    if (!signal.aborted) told(send);
  };
  return {
    log(level: LogLevel, data: unknown, logger?: string) {
      tell(() => host.log?.(logger === undefined ? { level, data } : { level, data, logger }));
    },
    reportProgress(progress: number, total?: number, message?: string) {
      tell(() => host.progress?.({ progress, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) }));
    },
    async sample(request: SampleRequest): Promise<SampleResult> {
      if (!host.sample) throw unavailable("sample a model", "sampling");
      signal.throwIfAborted();
      const reply = await host.sample(request, signal);
      const content: unknown = reply?.content;
      // Newer clients may answer a list of blocks; a text block must have its text.
      const texts = [content].flat().map((b) => ((b as { type?: unknown })?.type === "text" ? (b as { text?: unknown }).text : ""));
      if (typeof content !== "object" || content === null || !texts.every((t) => typeof t === "string")) throw new ToolError(`The host answered the sampling request with ${content === undefined ? describeValue(reply) : `content ${describeValue(content)}`}, not content blocks (a text block with its text).`);
      return { ...reply, text: texts.join("") };
    },
    async elicit<const S extends ElicitSchema>(message: string, schema: S): Promise<ElicitResult<ElicitContent<S>>> {
      if (!host.elicit) throw unavailable("ask the user", "elicitation");
      signal.throwIfAborted();
      const answer = await host.elicit({ message, requestedSchema: schema }, signal);
      if (!["accept", "decline", "cancel"].includes(answer?.action)) throw new ToolError(`The host answered the form with ${describeValue(typeof answer === "object" && answer ? answer.action : answer)}, not an action of accept, decline or cancel.`);
      if (answer.action !== "accept") return answer.action === "decline" ? { action: "decline" } : { action: "cancel" };
      // MCP lets an accepted answer leave out its content: a form of no required field, answered empty.
      const content = answer.content ?? {};
      const problem = answerProblem(schema, content);
      if (problem) throw new ToolError(`The user's answer does not match the form: ${problem}.`);
      return { ...answer, content } as ElicitResult<ElicitContent<S>>;
    },
  };
}

/** Logs and progress are sent and forgotten: a host callback that throws, or whose promise rejects, fails neither the tool nor the application (no unhandled rejection). */
function told(send: () => unknown): void {
  try {
    void Promise.resolve(send()).catch(() => {});
  } catch {
    // dropped, as a message with no host to take it
  }
}

function unavailable(what: string, capability: string): ToolError {
  return new ToolError(`This host cannot ${what}: it offers no ${capability}.`);
}

/** What is wrong with an accepted form's content, or undefined: required fields, each field's JSON type, and its choices. */
function answerProblem(schema: ElicitSchema, content: unknown): string | undefined {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return "the content is not an object";
  const values = content as Record<string, unknown>;
  for (const key of schema.required ?? []) if (values[key] === undefined) return `'${key}' is required`;
  for (const [key, value] of Object.entries(values)) {
    // Own fields only: `toString` is no field of a form.
    const field = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!field) return `'${key}' is not a field of the form`;
    const ok =
      field.type === "array"
        ? Array.isArray(value) && value.every((v) => typeof v === "string")
        : field.type === "integer"
          ? Number.isInteger(value)
          : typeof value === field.type;
    if (!ok) return `'${key}' should be ${field.type === "array" ? "a list of strings" : field.type === "integer" ? "an integer" : `a ${field.type}`}`;
    // A field of choices is typed as its choices: another value would break that type.
    const choices = choicesOf(field.type === "array" ? field.items : field);
    if (choices && ![value].flat().every((v) => choices.includes(v as string))) return `'${key}' should be one of ${JSON.stringify(choices)}`;
  }
  return undefined;
}

function choicesOf(field: object): readonly string[] | undefined {
  const { enum: values, oneOf, anyOf } = field as { enum?: readonly string[]; oneOf?: readonly { const: string }[]; anyOf?: readonly { const: string }[] };
  return values ?? (oneOf ?? anyOf)?.map((choice) => choice.const);
}
