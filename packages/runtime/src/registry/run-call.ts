import { missingScopes, type ToolContext } from "../context/tool-context.js";
import { hostMethods } from "../context/host-methods.js";
import { contentText, readContent } from "../content/read-content.js";
import { EndTask, ToolError } from "../outcome/errors.js";
import { errorOutcome, type Outcome } from "../outcome/outcome.js";
import { renderPrompt } from "../prompts/render-prompt.js";
import { serializeResource } from "../resources/serialize-resource.js";
import { expandUriTemplate, isUriTemplate, uncarriedVariable } from "../resources/uri-template.js";
import { bindArguments } from "../pipeline/bind-arguments.js";
import { followSignal } from "../pipeline/follow-signal.js";
import { typedVariables } from "../resources/typed-variables.js";
import { conformResult } from "../pipeline/conform-result.js";
import { convertArguments } from "../pipeline/convert-arguments.js";
import { abortedBeforeStart, invokeWithLimits } from "../pipeline/invoke-with-limits.js";
import { mapThrown } from "../pipeline/map-thrown.js";
import { prepareArguments } from "../pipeline/prepare-arguments.js";
import { resolveImplementation } from "../pipeline/resolve-implementation.js";
import { messageOf, serializeResult } from "../pipeline/serialize-result.js";
import { describeValue, formatIssues } from "../pipeline/validate-arguments.js";
import type { CallInfo, CallOptions, Interceptor, RegistryOptions } from "./create-registry.js";
import type { FormatLookup } from "../validation/format-checks.js";
import type { EntryDefinition } from "./entry-definition.js";
import type { SuspendedCalls } from "./suspended-calls.js";

/** What every call of one registry shares. */
export interface CallContext {
  options: RegistryOptions;
  interceptors: Interceptor[];
  /** `@toolset` instances, one per class. */
  instances: Map<unknown, unknown>;
  suspended: SuspendedCalls;
  /** The format checks the registry carries (results are held to their output schemas with them). */
  formats: FormatLookup;
  /** Tells `onResourceUpdated` listeners. */
  resourceUpdated(uri: string): void;
}

/**
 * The call pipeline: prepare (validate → repair → defaults) → convert (dates, aliases) →
 * interceptors → invoke within the limits → the result as an outcome for the entry's kind.
 * External tools stop after the interceptors with a `suspended` outcome.
 */
export async function runCall(definition: EntryDefinition, rawArgs: unknown, callOptions: CallOptions, uri: string | undefined, shared: CallContext): Promise<Outcome> {
  const { entry } = definition;
  const { principal } = callOptions;
  // `null` (no one authenticated) holds no scope, as a principal without a list does.
  const missing = principal !== undefined ? missingScopes(entry, principal) : [];
  if (missing.length > 0) return errorOutcome("forbidden", `The caller may not use '${entry.name}': it needs the scopes ${missing.join(" ")}.`, { missing });
  // A resource read by URI gets its variables as text: typed first as their parameters are.
  const prepared = prepareArguments(definition, uri === undefined ? rawArgs : typedVariables(entry.inputSchema, rawArgs as Record<string, string>), shared.options.strict ?? false);
  if (!prepared.ok) return prepared.outcome;
  const args = entry.external ? prepared.args : convertArguments(prepared.args, entry.conversions, entry.conversionDefs);
  const uncarried = entry.kind === "resource" && uri === undefined ? uncarriedVariable(entry.uris ?? [], prepared.args) : undefined;
  if (uncarried !== undefined) {
    const issue = { path: `/${uncarried}`, expected: `one segment of ${entry.uris!.find((u) => u.includes(`{${uncarried}}`))} (not empty, '.' or '..'; no '/' or '\\')`, received: describeValue(prepared.args[uncarried]) };
    return errorOutcome("invalid_arguments", formatIssues(entry.name, { issues: [issue] }), { issues: [issue] });
  }
  const controller = new AbortController();
  const context: ToolContext = {
    ...(shared.options.workingDirectory !== undefined ? { workingDirectory: shared.options.workingDirectory } : {}),
    hosts: shared.options.hosts ?? [],
    signal: controller.signal,
    toolName: entry.name,
    values: { ...shared.options.values, ...callOptions.values },
    principal,
    meta: callOptions.meta,
    ...hostMethods({ ...shared.options.host, ...callOptions.host }, controller.signal),
    resourceUpdated: shared.resourceUpdated,
  };
  const info: CallInfo = { name: entry.name, entry, arguments: args, context, ...(callOptions.callId !== undefined && { callId: callOptions.callId }) };
  const invoke = async (): Promise<Outcome> => {
    // A caller that gave up is not handed to the host to run for it.
    if (entry.external) return controller.signal.aborted ? abortedBeforeStart(entry.name) : shared.suspended.suspend(entry.name, args);
    return invokeWithLimits(entry.name, () => produce(definition, info, uri, shared), controller, callOptions.timeoutMs ?? shared.options.timeoutMs);
  };
  // The caller's abort reaches the tool's signal from the start, so an interceptor that waits (an approval) can stop too.
  const unfollow = followSignal(callOptions.signal, controller);
  // An interceptor is the host's code: what it returns is checked where it returns it, so the
  // interceptor around it (telemetry) and the caller get an outcome.
  const checked = async (interceptor: Interceptor, next: () => Promise<Outcome>): Promise<Outcome> => {
    let outcome: unknown;
    let passedOn: Outcome | undefined;
    let called = false;
    let answered = false;
    try {
      outcome = await interceptor(info, async () => {
        // As Koa's: a tool that charges a card is not run twice by a retry or a cache's mistake,
        // nor after the call was answered (resolved, not thrown: nobody may be there to catch it).
        if (answered) return errorOutcome("internal", "next() was called after the interceptor answered; the tool did not run");
        if (called) throw new Error("next() was called twice; a call runs its tool once");
        called = true;
        return (passedOn = await next());
      });
    } catch (error) {
      // What it meant (a ToolError: a refusal with its payload; an EndTask) as a tool's throw; anything else is its bug.
      return error instanceof ToolError || error instanceof EndTask ? mapThrown(error) : errorOutcome("internal", `An interceptor threw: ${messageOf(error)}`);
    } finally {
      answered = true;
    }
    // The outcome of the call it wraps is checked already; one of its own must be one the caller can send on as JSON.
    const problem = outcome !== undefined && outcome === passedOn ? undefined : outcomeProblem(outcome);
    return problem ? errorOutcome("internal", `An interceptor returned ${problem}.`) : (outcome as Outcome);
  };
  const chain = shared.interceptors.reduceRight<() => Promise<Outcome>>((next, interceptor) => () => checked(interceptor, next), invoke);
  try {
    const outcome = await chain();
    return prepared.repairs.length > 0 && (outcome.status === "ok" || outcome.status === "error") ? { ...outcome, repairs: prepared.repairs } : outcome;
  } finally {
    unfollow();
  }
}

/** Loads the implementation, calls it, and turns its result or its throw into an outcome. */
async function produce(definition: EntryDefinition, info: CallInfo, uri: string | undefined, shared: CallContext): Promise<Outcome> {
  const { entry } = definition;
  let fn: (...args: unknown[]) => unknown;
  try {
    fn = await resolveImplementation(definition, shared.instances, shared.options.toolsetFactory);
  } catch (error) {
    return errorOutcome("internal", `Cannot load '${entry.name}': ${messageOf(error)}`);
  }
  let result: unknown;
  try {
    result = await fn(...bindArguments(entry.arguments, info.arguments, info.context));
  } catch (error) {
    return mapThrown(error);
  }
  if (entry.kind === "prompt") return renderPrompt(entry.name, result, entry.role ?? "user");
  if (entry.kind === "resource") return serializeResource(result, uri ?? uriOf(entry.uris ?? [], info.arguments), entry.mimeType);
  if (entry.content) return contentOutcome(result);
  const { outputSchema } = entry;
  return serializeResult(result, outputSchema === undefined ? undefined : (json) => conformResult(entry.name, outputSchema, json, shared.formats, "The tool's result does not match its declared type"));
}

/** A tool declared to return content blocks: checked, then passed on with their text. */
function contentOutcome(result: unknown): Outcome {
  const read = readContent(result);
  if ("problem" in read) return errorOutcome("execution_error", `The tool's result is not content blocks: ${read.problem}.`);
  return { status: "ok", text: contentText(read.blocks), content: read.blocks };
}

/** The URI a resource called by name was read at: the first template its arguments fill, else its static URI. */
function uriOf(uris: readonly string[], args: Readonly<Record<string, unknown>>): string {
  return uris.map((u) => (isUriTemplate(u) ? expandUriTemplate(u, args) : undefined)).find((u) => u !== undefined) ?? uris.find((u) => !isUriTemplate(u)) ?? uris[0] ?? "";
}

const ERROR_CODES = "invalid_arguments unknown_tool tool_error execution_error timeout aborted forbidden internal".split(" ");

/** What makes `value` no outcome, or one JSON cannot carry; undefined for a good one. */
function outcomeProblem(value: unknown): string | undefined {
  if (!isOutcome(value)) return `${describeValue(value)} instead of an outcome ({ status: "ok", text } | { status: "error", error: { code, message } } | …)`;
  if (value.status === "error" && !ERROR_CODES.includes(value.error.code)) return `the error code ${JSON.stringify(value.error.code)}, which is none of ${ERROR_CODES.join(", ")}`;
  try {
    JSON.stringify(value);
  } catch (error) {
    return `an outcome JSON cannot carry (${messageOf(error).split("\n")[0]})`;
  }
  return undefined;
}

/** An outcome with what its status requires: `text`, an `error`'s code and message, a suspended `call`'s id and name. */
function isOutcome(value: unknown): value is Outcome {
  const o = value as { status?: unknown; text?: unknown; error?: { code?: unknown; message?: unknown }; call?: { id?: unknown; name?: unknown } } | null;
  if (typeof o !== "object" || o === null) return false;
  if (o.status === "ok") return typeof o.text === "string";
  if (o.status === "error") return typeof o.error?.code === "string" && typeof o.error.message === "string";
  if (o.status === "suspended") return typeof o.call?.id === "string" && typeof o.call.name === "string";
  return o.status === "ended";
}
