import { context, metrics, propagation, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "../outcome/errors.js";
import { aiSdkTools } from "../providers/project/project-ai-sdk.js";
import { createRegistry } from "../registry/create-registry.js";
import { telemetry } from "./telemetry.js";

/** The interceptor with the OpenTelemetry SDK's in-memory exporters registered, as an application would. */
const spans = new InMemorySpanExporter();
const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
const reader = new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), exportIntervalMillis: 3_600_000 });

function registry() {
  const r = createRegistry([]);
  r.register({ name: "add", description: "Adds two numbers.", params: [{ name: "a", type: "number" }, { name: "b", type: "number" }], fn: ({ a, b }) => Number(a) + Number(b) });
  r.register({ name: "fail", description: "Always fails.", fn: () => { throw new ToolError("no stock"); } });
  r.registerSchema({ name: "ask", description: "Asks the user." });
  return r.use(telemetry());
}

describe("telemetry()", () => {
  it("does nothing visible without an SDK: calls go through", async () => {
    expect(await registry().call("add", { a: 1, b: 2 })).toMatchObject({ status: "ok", text: "3" });
  });

  describe("with an SDK registered", () => {
    beforeAll(() => {
      trace.setGlobalTracerProvider(tracerProvider);
      metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    });

    it("one span per call, named and attributed by the GenAI conventions, with error.type for a failed outcome", async () => {
      const r = registry();
      await r.call("add", { a: 1, b: 2 });
      await r.call("fail", {});
      const suspended = await r.call("ask", {});
      await tracerProvider.forceFlush(); // the SDK exports ended spans asynchronously
      const finished = spans.getFinishedSpans().map((s) => ({ name: s.name, attributes: s.attributes, status: s.status.code }));
      expect(finished).toEqual([
        { name: "execute_tool add", attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "add", "gen_ai.tool.type": "function", "gen_ai.tool.description": "Adds two numbers." }, status: SpanStatusCode.UNSET },
        { name: "execute_tool fail", attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "fail", "gen_ai.tool.type": "function", "gen_ai.tool.description": "Always fails.", "error.type": "tool_error" }, status: SpanStatusCode.ERROR },
        { name: "execute_tool ask", attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "ask", "gen_ai.tool.type": "function", "gen_ai.tool.description": "Asks the user.", "gen_ai.tool.call.id": suspended.status === "suspended" ? suspended.call.id : "" }, status: SpanStatusCode.UNSET },
      ]);
    });

    it("a duration histogram and an outcome counter, by tool, status and error code", async () => {
      const { resourceMetrics } = await reader.collect();
      const found = resourceMetrics.scopeMetrics.flatMap((s) => s.metrics);
      const counter = found.find((m) => m.descriptor.name === "toolgen.tool.call.outcomes")!;
      expect(counter.dataPoints.map((p) => [p.attributes, p.value])).toEqual([
        [{ "gen_ai.tool.name": "add", "toolgen.outcome.status": "ok" }, 1],
        [{ "gen_ai.tool.name": "fail", "toolgen.outcome.status": "error", "error.type": "tool_error" }, 1],
        [{ "gen_ai.tool.name": "ask", "toolgen.outcome.status": "suspended" }, 1],
      ]);
      const histogram = found.find((m) => m.descriptor.name === "toolgen.tool.call.duration")!;
      expect(histogram.descriptor.unit).toBe("s");
      expect(counter.descriptor.unit).toBe("{call}");
      expect(histogram.dataPoints).toHaveLength(3);
      expect(histogram.dataPoints.every((p) => (p.value as { count: number }).count === 1)).toBe(true);
      // Buckets in seconds, as the GenAI conventions advise: calls of milliseconds fall in the first.
      const { buckets } = histogram.dataPoints[0]!.value as { buckets: { boundaries: number[]; counts: number[] } };
      expect(buckets.boundaries).toEqual([0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92]);
      expect(buckets.counts[0]).toBe(1);
    });

    it("the model's id of the call (callId, as the AI SDK's toolCallId) is the span's gen_ai.tool.call.id, a suspended call's too", async () => {
      spans.reset();
      const r = registry();
      await r.call("add", { a: 1, b: 2 }, { callId: "call_abc" });
      await r.call("ask", {}, { callId: "call_def" });
      await tracerProvider.forceFlush();
      expect(spans.getFinishedSpans().map((s) => s.attributes["gen_ai.tool.call.id"])).toEqual(["call_abc", "call_def"]);
      // Through the AI SDK projection, from what the SDK passes execute.
      spans.reset();
      const { tools } = aiSdkTools(r);
      await tools.add!.execute!({ a: 1, b: 2 }, { toolCallId: "call_xyz", messages: [] } as never);
      await tracerProvider.forceFlush();
      expect(spans.getFinishedSpans().map((s) => s.attributes["gen_ai.tool.call.id"])).toEqual(["call_xyz"]);
    });

    it("a failed call's status holds its message, cut to 256 characters (a tool's message may be megabytes)", async () => {
      const r = registry();
      r.register({ name: "shout", description: "Fails loudly.", fn: () => { throw new ToolError("x".repeat(100_000)); } });
      r.register({ name: "smile", description: "Fails with an emoji across the cut.", fn: () => { throw new ToolError(`${"x".repeat(255)}😀 and more`); } });
      spans.reset();
      await r.call("fail", {});
      await r.call("shout", {});
      await r.call("smile", {});
      await tracerProvider.forceFlush();
      // Never half a character: the emoji is two UTF-16 units, the 256th and 257th.
      expect(spans.getFinishedSpans().map((s) => s.status.message)).toEqual(["no stock", "x".repeat(256), "x".repeat(255)]);
    });

    it("continues the caller's trace from the request's meta (MCP's _meta.traceparent), linked to the span active here", async () => {
      const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
      const r = registry();
      spans.reset();
      await r.call("add", { a: 1, b: 2 }, { meta: { traceparent, progressToken: 7 } });
      const server = trace.getTracer("test").startSpan("POST /mcp");
      await context.with(trace.setSpan(context.active(), server), () => r.call("add", { a: 1, b: 2 }, { meta: { traceparent } }));
      await context.with(trace.setSpan(context.active(), server), () => r.call("add", { a: 1, b: 2 }, { meta: { traceparent: "not a trace" } }));
      server.end();
      await tracerProvider.forceFlush();
      const [alone, linked, unreadable] = spans.getFinishedSpans().filter((s) => s.name === "execute_tool add");
      for (const span of [alone!, linked!]) {
        expect(span.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
        expect(span.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
      }
      expect(alone!.links).toEqual([]);
      expect(linked!.links.map((l) => l.context.spanId)).toEqual([server.spanContext().spanId]);
      // A traceparent the propagator cannot read leaves the span where it was: under the active one.
      expect(unreadable!.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
      expect(unreadable!.links).toEqual([]);
    });

    it("a traceparent naming the span active here makes it the parent only, not also a link", async () => {
      const r = registry();
      spans.reset();
      const caller = trace.getTracer("test").startSpan("agent step");
      const { traceId, spanId } = caller.spanContext();
      await context.with(trace.setSpan(context.active(), caller), () => r.call("add", { a: 1, b: 2 }, { meta: { traceparent: `00-${traceId}-${spanId}-01` } }));
      caller.end();
      await tracerProvider.forceFlush();
      const [span] = spans.getFinishedSpans().filter((s) => s.name === "execute_tool add");
      expect(span!.parentSpanContext?.spanId).toBe(spanId);
      expect(span!.links).toEqual([]);
    });
  });
});
