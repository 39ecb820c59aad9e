/**
 * `WWW-Authenticate: Bearer …` parameters (RFC 6750 §3), values quoted, with only the
 * characters §3 allows (printable ASCII but `"` and `\`): a refused token's problem can quote
 * its header, whose line breaks or non-Latin text no HTTP header may carry.
 */
function challenge(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${v!.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, "?")}"`);
  // RFC 6750 §3: the scheme is followed by at least one parameter.
  return `Bearer ${parts.length === 0 ? 'realm="mcp"' : parts.join(", ")}`;
}

function oauthError(status: number, params: Record<string, string | undefined>, body: Record<string, string> | undefined): Response {
  return new Response(body ? JSON.stringify(body) : null, { status, headers: { "www-authenticate": challenge(params), ...(body ? { "content-type": "application/json" } : {}) } });
}

/**
 * 401 without an error: the request carried no token, or credentials of another scheme
 * (RFC 6750 §3.1 says to add no error code then).
 */
export function tokenRequired(metadataUrl: string | undefined, description = "This server needs a bearer token in the Authorization header."): Response {
  return oauthError(401, { resource_metadata: metadataUrl }, { error: "unauthorized", error_description: description });
}

/** The longest description of a refused token sent: its problem may quote what the token's sender wrote in it. */
const MAX_REFUSAL = 300;

/** 401 `invalid_token`: a token that does not pass. */
export function tokenRefused(metadataUrl: string | undefined, description: string): Response {
  if (description.length > MAX_REFUSAL) description = `${description.slice(0, MAX_REFUSAL - 3)}...`;
  return oauthError(401, { error: "invalid_token", error_description: description, resource_metadata: metadataUrl }, { error: "invalid_token", error_description: description });
}

/** 400 `invalid_request` (RFC 6750 §3.1): a malformed header, or a token where none may be. */
export function requestMalformed(metadataUrl: string | undefined, description: string): Response {
  return oauthError(400, { error: "invalid_request", error_description: description, resource_metadata: metadataUrl }, { error: "invalid_request", error_description: description });
}

/** 403 `insufficient_scope`, naming the scopes the call needs. */
export function scopeMissing(metadataUrl: string | undefined, needed: readonly string[], description: string): Response {
  return oauthError(403, { error: "insufficient_scope", scope: needed.join(" "), error_description: description, resource_metadata: metadataUrl }, { error: "insufficient_scope", error_description: description });
}

/** How long a client waits before trying again a token that could not be checked (the key set unreachable). */
export const RETRY_AFTER_S = 5;

/** 503: the token could not be checked now (the key set unreachable, a `verify` that threw); no detail of why reaches the client. */
export function tokenUncheckable(): Response {
  const body = { error: "temporarily_unavailable", error_description: "The token could not be checked just now; try again shortly." };
  return new Response(JSON.stringify(body), { status: 503, headers: { "content-type": "application/json", "retry-after": String(RETRY_AFTER_S) } });
}
