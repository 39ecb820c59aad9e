import { uriToRead } from "../normal-uri.js";
import { missingScopes, type ManifestEntry } from "@toolgen/runtime";
import type { Gate } from "../handle-mcp-request.js";
import type { McpRegistry } from "../mcp-registry.js";
import { toolCalled, type ExternalPolicy } from "../register-tools.js";
import type { AuthOptions } from "./auth-options.js";
import { scopeMissing, requestMalformed, tokenRefused, tokenRequired, tokenUncheckable } from "./bearer-responses.js";
import { createTokenVerifier } from "./verify-jwt.js";

const METADATA_PATH = "/.well-known/oauth-protected-resource";
const PUBLIC = { "access-control-allow-origin": "*" };

/** The endpoint's authentication: the gate every MCP request passes, and the metadata document. */
export interface Access extends Gate {
  /** The Protected Resource Metadata document, when the request asks for it (no token needed). */
  metadata(request: Request): Response | undefined;
}

/**
 * Bearer authentication as MCP 2025-11-25 asks of a resource server: tokens only in the
 * `Authorization` header, checked by `createTokenVerifier`; `401` with the metadata URL in
 * `WWW-Authenticate` (and `error="invalid_token"` when a token was sent); `403
 * insufficient_scope` for an entry the token does not cover. `mcpPath` is where the endpoint
 * is served (for the path-suffixed metadata URL), when known; `external` is the server's
 * policy for `@external` tools (it decides the names tools are listed under).
 */
export function createAccess(auth: AuthOptions, mcpPath: string | undefined, registry: McpRegistry, external: ExternalPolicy): Access {
  const verify = createTokenVerifier(auth);
  if (auth.resource !== undefined && !isHttpUrl(auth.resource)) throw new TypeError(`toolgen: auth.resource must be this server's URL (https://…); got ${JSON.stringify(auth.resource)}.`);
  // The token audience, when it is one URL, is the resource: clients ask their authorization
  // server for a token for the resource announced (RFC 8707), which the audience check must
  // then take. Only without either does the request's URL (its Host header) stand for it.
  const resource = auth.resource ?? audienceUrl(auth.audience);
  // The paths the metadata's suffixed form is served at: the endpoint's, and the one `resource` tells clients (behind a proxy).
  const metadataSuffixes = [mcpPath, resource === undefined ? undefined : new URL(resource).pathname].filter((p): p is string => p !== undefined && p !== "/");
  // A path is joined to the request's origin, never resolved against it: `//evil.example/mcp` is a path here, not another host.
  const onOrigin = (request: Request, pathname: string) => new URL(`${new URL(request.url).origin}${pathname}`).href;
  const resourceOf = (request: Request) => resource ?? onOrigin(request, mcpPath ?? new URL(request.url).pathname);
  // MCP clients read the metadata to find where tokens come from. A `verify` without
  // `authorizationServers` names none (API keys handed out some other way): then there is no
  // metadata to point to, and a challenge does not point to any.
  const authorizationServers = auth.authorizationServers ?? (auth.issuer ? [auth.issuer] : []);
  if (!Array.isArray(authorizationServers) || !authorizationServers.every((server) => typeof server === "string" && isHttpUrl(server))) {
    throw new TypeError(`toolgen: auth.authorizationServers must be a list of the authorization servers' URLs (https://…); got ${JSON.stringify(authorizationServers)}.`);
  }
  if (auth.jwks !== undefined && authorizationServers.length === 0) {
    throw new TypeError("toolgen: auth.authorizationServers is empty: MCP clients could not find where to get a token for this server. Leave it out to announce the issuer.");
  }
  const metadataUrl = (request: Request) => {
    if (authorizationServers.length === 0) return undefined;
    const resource = new URL(resourceOf(request));
    return `${resource.origin}${METADATA_PATH}${resource.pathname === "/" ? "" : resource.pathname}`;
  };
  /** The tool or prompt a JSON-RPC message calls, or the resource it reads, if any. */
  const calledEntry = (message: unknown): ManifestEntry | undefined => {
    if (typeof message !== "object" || message === null) return undefined;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
    if (method === "resources/read") return typeof params?.uri === "string" ? registry.resourceAt?.(uriToRead(params.uri, registry.entries)) : undefined;
    const name = params?.name;
    if (typeof name !== "string") return undefined;
    if (method === "prompts/get") return registry.entries.find((e) => e.kind === "prompt" && e.name === name);
    return method === "tools/call" ? toolCalled(registry, external, name) : undefined;
  };
  return {
    metadata(request) {
      const { pathname } = new URL(request.url);
      // The bare form, and a suffixed one: the endpoint's or the resource's path; any, when the
      // handler serves every path and no resource is configured (then the suffix is the resource).
      const suffixed = mcpPath === undefined && resource === undefined ? pathname.startsWith(`${METADATA_PATH}/`) : metadataSuffixes.some((suffix) => pathname === `${METADATA_PATH}${suffix}`);
      if (pathname !== METADATA_PATH && !suffixed) return undefined;
      // Public, and fetched by browser-based clients before they authorize: readable from any
      // page, also when it sends the MCP-Protocol-Version header (as the SDK's client does).
      if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { ...PUBLIC, "access-control-allow-methods": "GET, HEAD", "access-control-allow-headers": "mcp-protocol-version", "access-control-max-age": "86400" } });
      if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { allow: "GET, HEAD, OPTIONS", ...PUBLIC } });
      // HEAD: the same status and headers, no body (RFC 9110 §9.3.2).
      const json = (body: unknown, status = 200) => new Response(request.method === "HEAD" ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...PUBLIC } });
      if (authorizationServers.length === 0) {
        return json({ error: "not_found", error_description: "This server names no authorization server (auth.authorizationServers): its tokens are issued elsewhere." }, 404);
      }
      const scopes = [...new Set(registry.entries.flatMap((e) => e.scopes ?? []))].sort();
      const document = {
        // The identifier the document's URL was built from (RFC 9728 §3.3): the origin for the bare form.
        resource: pathname === METADATA_PATH ? new URL(resource ?? request.url).origin : (resource ?? onOrigin(request, pathname.slice(METADATA_PATH.length))),
        authorization_servers: authorizationServers,
        // A parameter with no value is left out (RFC 9728 §3.2).
        ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
        bearer_methods_supported: ["header"],
      };
      return json(document);
    },

    async authenticate(request) {
      // Its name read as a URL reads it (`%61ccess_token` too), wherever there is a query.
      if (request.url.includes("?") && new URL(request.url).searchParams.has("access_token")) {
        return requestMalformed(metadataUrl(request), "Tokens are accepted in the Authorization header only, never in the URL.");
      }
      const header = request.headers.get("authorization");
      // An empty header sends no credentials at all, as a missing one.
      if (header === null || header.trim() === "") return tokenRequired(metadataUrl(request));
      // `Bearer` with a tab or other space after it is a malformed Bearer header (400), not another scheme.
      if (!/^Bearer(?:\s|$)/i.test(header)) return tokenRequired(metadataUrl(request), "This server accepts bearer tokens only (Authorization: Bearer <token>), no other scheme.");
      const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
      if (!match) return requestMalformed(metadataUrl(request), "The Authorization header must be 'Bearer <token>'.");
      const check = await verify(match[1]!, request);
      if ("unavailable" in check) return tokenUncheckable();
      return "principal" in check ? check.principal : tokenRefused(metadataUrl(request), `The token was refused: ${check.problem}.`);
    },

    authorize(request, body, principal) {
      // Every refused entry of a batch: a challenge naming the first only would send a client
      // stepping up for it into the next refusal, without the scopes it had.
      const refused = (Array.isArray(body) ? body : [body]).map((message) => calledEntry(message)).filter((entry) => entry && missingScopes(entry, principal).length > 0) as ManifestEntry[];
      if (refused.length === 0) return undefined;
      const needed = [...new Set(refused.flatMap((entry) => entry.scopes!))];
      const missing = missingScopes({ scopes: needed }, principal);
      const who = [...new Set(refused.map((entry) => `'${entry.name}'`))].join(", ");
      return scopeMissing(metadataUrl(request), needed, `${who} ${refused.length === 1 ? "needs" : "need"} the scopes ${needed.join(" ")}; the token lacks ${missing.join(" ")}.`);
    },
  };
}

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The audience when it is one `http(s):` URL (a string, or a list of one). */
function audienceUrl(audience: AuthOptions["audience"]): string | undefined {
  const only = Array.isArray(audience) ? (audience.length === 1 ? audience[0] : undefined) : audience;
  return typeof only === "string" && isHttpUrl(only) ? only : undefined;
}
