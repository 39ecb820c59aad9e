/**
 * Whether an `Accept` header lists both media types a POST's answer may come as (JSON, or an
 * event stream), as MCP's HTTP transport asks: by media type, not by substring
 * (`application/jsonx` is another type).
 */
export function acceptsBoth(accept: string | null): boolean {
  const types = (accept ?? "").split(",").map((range) => range.split(";")[0]!.trim().toLowerCase());
  return types.includes("application/json") && types.includes("text/event-stream");
}
