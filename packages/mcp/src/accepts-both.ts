/**
 * Whether an `Accept` header lists both media types a POST's answer may come as (JSON, or an
 * event stream), as MCP's HTTP transport asks: by media type, not by substring
 * (`application/jsonx` is another type), and not one listed with `q=0`, which says "not this"
 * (RFC 9110, 12.4.2): the answer would come as a type the client refused.
 */
export function acceptsBoth(accept: string | null): boolean {
  const types = (accept ?? "")
    .split(",")
    .map((range) => range.split(";").map((part) => part.trim().toLowerCase()))
    .filter(([, ...parameters]) => !parameters.some((parameter) => /^q\s*=\s*0(?:\.0{0,3})?$/.test(parameter)))
    .map(([type]) => type);
  return types.includes("application/json") && types.includes("text/event-stream");
}

/**
 * The request as the SDK's transport is to read it. The transport looks for the media types
 * of `Accept` as lowercase substrings, where HTTP compares them regardless of case (RFC 9110,
 * 8.3.1): `APPLICATION/JSON` would be served by toolgen's own answers and refused by the SDK's.
 */
export function withLowercaseAccept(request: Request): Request {
  const accept = request.headers.get("accept");
  if (accept === null || accept === accept.toLowerCase()) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", accept.toLowerCase());
  // The body, if any, has been read: the transport is given it parsed.
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
