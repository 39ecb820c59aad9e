/** `@toolgen/runtime/telemetry`: OpenTelemetry spans and metrics for calls (needs `@opentelemetry/api`). */
export { telemetry } from "./telemetry.js";
