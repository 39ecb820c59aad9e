import { context, metrics, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Counter, type Histogram, type Link, type MeterProvider } from "@opentelemetry/api";
import type { Outcome } from "../outcome/outcome.js";
import type { Interceptor } from "../registry/create-registry.js";

const SCOPE = "@toolgen/runtime";
/** The characters of an error outcome's message a span's status keeps. */
const STATUS_MESSAGE_LENGTH = 256;

interface Instruments {
  provider: MeterProvider;
  duration: Histogram;
  outcomes: Counter;
}

/**
 * OpenTelemetry for every call, through `@opentelemetry/api` alone: a no-op until the
 * application registers an SDK. Each call that reaches the tool (validated, allowed) is a
 * span `execute_tool <name>` with the GenAI semantic conventions' attributes
 * (`gen_ai.operation.name`, `gen_ai.tool.name`, `gen_ai.tool.type` `function` for a tool — the
 * application runs it, not the model's provider — `gen_ai.tool.description`,
 * `gen_ai.tool.call.id` the model's id of the call (`CallOptions.callId`), else a suspended call's own, `error.type` = the outcome's error code), and
 * is counted in a duration histogram and an outcome counter by status and code.
 *
 * `registry.use(telemetry())`; `toolgen serve` installs it (register an SDK with
 * `node --import ./instrumentation.mjs`).
 */
export function telemetry(): Interceptor {
  let instruments: Instruments | undefined;
  // A meter taken before the application registers its SDK would stay a no-op: take it again when the provider changes.
  const instrumentsFor = (provider: MeterProvider): Instruments => {
    if (instruments?.provider === provider) return instruments;
    const meter = provider.getMeter(SCOPE);
    return (instruments = {
      provider,
      duration: meter.createHistogram("toolgen.tool.call.duration", {
        unit: "s",
        description: "How long calls to tools, prompts and resources take, from the interceptors on.",
        // The GenAI conventions' buckets for durations in seconds: the SDK's default ones are for milliseconds, and would put every call below 5 s in one.
        advice: { explicitBucketBoundaries: [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92] },
      }),
      outcomes: meter.createCounter("toolgen.tool.call.outcomes", { unit: "{call}", description: "Calls by outcome status and error code." }),
    });
  };
  return (call, next) => {
    const { parent, links } = parentOf(call.context.meta);
    return trace.getTracer(SCOPE).startActiveSpan(
      `execute_tool ${call.name}`,
      { kind: SpanKind.INTERNAL, links, attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.name, ...(call.callId !== undefined ? { "gen_ai.tool.call.id": call.callId } : {}), ...(call.entry.kind === "tool" ? { "gen_ai.tool.type": "function" } : {}), ...(call.entry.description ? { "gen_ai.tool.description": call.entry.description } : {}) } },
      parent,
      async (span) => {
        const started = performance.now();
        let outcome: Outcome | undefined;
        try {
          outcome = await next();
          return outcome;
        } finally {
          const attributes = attributesOf(call.name, outcome);
          // Without the model's id, a suspended call's own: the host completes it by that one.
          if (outcome?.status === "suspended" && call.callId === undefined) span.setAttribute("gen_ai.tool.call.id", outcome.call.id);
          if (attributes["error.type"] !== undefined) {
            span.setAttribute("error.type", attributes["error.type"]);
            // The message cut short: span limits do not bound a status, and a tool's message may be megabytes.
            span.setStatus({ code: SpanStatusCode.ERROR, ...(outcome?.status === "error" ? { message: cut(outcome.error.message, STATUS_MESSAGE_LENGTH) } : {}) });
          }
          span.end();
          const { duration, outcomes } = instrumentsFor(metrics.getMeterProvider());
          duration.record((performance.now() - started) / 1000, attributes);
          outcomes.add(1, attributes);
        }
      },
    );
  };
}

/**
 * The span's parent: the caller's trace context when the request carries one (MCP's
 * `params._meta.traceparent`, SEP-414; read by the application's propagator), with a link to
 * the span active here (an HTTP server's); otherwise the active span.
 */
function parentOf(meta: Readonly<Record<string, unknown>> | undefined): { parent: Context; links: Link[] } {
  const active = context.active();
  if (typeof meta?.traceparent !== "string") return { parent: active, links: [] };
  const parent = propagation.extract(active, meta);
  const caller = trace.getSpanContext(parent);
  const here = trace.getSpanContext(active);
  // The same span (the caller's own trace context handed in too): a parent, not also a link.
  if (!caller || (here && caller.traceId === here.traceId && caller.spanId === here.spanId)) return { parent: active, links: [] };
  return { parent, links: here && trace.isSpanContextValid(here) ? [{ context: here }] : [] };
}

/** At most `length` UTF-16 units of `text`, never half a character (a surrogate pair cut in two is no valid text). */
function cut(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.length > length && code >= 0xd800 && code <= 0xdbff ? text.slice(0, length - 1) : text.slice(0, length);
}

/** The metric attributes of a finished call; an interceptor that threw has no outcome (`error.type` says so). */
function attributesOf(name: string, outcome: Outcome | undefined): Attributes {
  const attributes: Attributes = { "gen_ai.tool.name": name, "toolgen.outcome.status": outcome?.status ?? "error" };
  if (!outcome) attributes["error.type"] = "internal";
  else if (outcome.status === "error") attributes["error.type"] = outcome.error.code;
  return attributes;
}
