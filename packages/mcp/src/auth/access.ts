import type { ManifestEntry, Principal } from "@toolgen/runtime";
import { projectMcp } from "@toolgen/runtime/providers";
import type { AuthOptions } from "./auth-options.js";
import { scopeMissing, tokenRefused, tokenRequired } from "./bearer-responses.js";
import { createTokenVerifier } from "./verify-jwt.js";

const METADATA_PATH = "/.well-known/oauth-protected-resource";

/** What the endpoint asks of its authentication, once per request. */
export interface Access {
  /** The Protected Resource Metadata document, when the request asks for it (no token needed). */
  metadata(request: Request, entries: () => readonly ManifestEntry[]): Response | undefined;
  /** The caller, or the `401` to answer. */
  authenticate(request: Request): Promise<Principal | Response>;
  /** The `403` to answer when a message of the body calls a tool or prompt whose `@scopes` the caller lacks. */
  authorize(request: Request, body: unknown, principal: Principal, entries: readonly ManifestEntry[]): Response | undefined;
}

/**
 * Bearer authentication as MCP 2025-11-25 asks of a resource server: tokens only in the
 * `Authorization` header, checked by `createTokenVerifier`; `401` with the metadata URL in
 * `WWW-Authenticate` (and `error="invalid_token"` when a token was sent); `403
 * insufficient_scope` for an entry the token does not cover. `mcpPath` is where the endpoint
 * is served (for the path-suffixed metadata URL), when known.
 */
export function createAccess(auth: AuthOptions, mcpPath: string | undefined): Access {
  const verify = createTokenVerifier(auth);
  const resourceOf = (request: Request) => auth.resource ?? new URL(mcpPath ?? new URL(request.url).pathname, request.url).href;
  const metadataUrl = (request: Request) => {
    const resource = new URL(resourceOf(request));
    return `${resource.origin}${METADATA_PATH}${resource.pathname === "/" ? "" : resource.pathname}`;
  };
  return {
    metadata(request, entries) {
      const { pathname } = new URL(request.url);
      if (request.method !== "GET" || (pathname !== METADATA_PATH && !pathname.startsWith(`${METADATA_PATH}/`))) return undefined;
      const scopes = [...new Set(entries().flatMap((e) => e.scopes ?? []))].sort();
      const document = {
        resource: auth.resource ?? new URL(pathname.slice(METADATA_PATH.length) || mcpPath || "/", request.url).href,
        authorization_servers: auth.authorizationServers ?? (auth.issuer ? [auth.issuer] : []),
        scopes_supported: scopes,
        bearer_methods_supported: ["header"],
      };
      return new Response(JSON.stringify(document), { headers: { "content-type": "application/json" } });
    },

    async authenticate(request) {
      if (request.url.includes("access_token=") && new URL(request.url).searchParams.has("access_token")) {
        return tokenRefused(metadataUrl(request), "Tokens are accepted in the Authorization header only, never in the URL.", "invalid_request");
      }
      const header = request.headers.get("authorization");
      if (header === null) return tokenRequired(metadataUrl(request));
      const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
      if (!match) return tokenRefused(metadataUrl(request), "The Authorization header must be 'Bearer <token>'.");
      const check = await verify(match[1]!, request);
      return "principal" in check ? check.principal : tokenRefused(metadataUrl(request), `The token was refused: ${check.problem}.`);
    },

    authorize(request, body, principal, entries) {
      for (const message of Array.isArray(body) ? body : [body]) {
        const entry = calledEntry(message, entries);
        const missing = entry?.scopes?.filter((s) => !principal.scopes.includes(s)) ?? [];
        if (entry && missing.length > 0) return scopeMissing(metadataUrl(request), entry.scopes!, `'${entry.name}' needs the scopes ${entry.scopes!.join(" ")}; the token lacks ${missing.join(" ")}.`);
      }
      return undefined;
    },
  };
}

/** The tool or prompt a JSON-RPC message calls, if it calls one. */
function calledEntry(message: unknown, entries: readonly ManifestEntry[]): ManifestEntry | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  const name = params?.name;
  if (typeof name !== "string") return undefined;
  if (method === "prompts/get") return entries.find((e) => e.kind === "prompt" && e.name === name);
  return method === "tools/call" ? toolsByMcpName(entries).get(name) : undefined;
}

let lastTools: { entries: readonly ManifestEntry[]; byName: Map<string, ManifestEntry> } | undefined;

/** Tools by the name MCP clients call them (sanitized names can differ); worked out again only when the entries change. */
function toolsByMcpName(entries: readonly ManifestEntry[]): Map<string, ManifestEntry> {
  if (lastTools && lastTools.entries.length === entries.length && lastTools.entries.every((e, i) => e === entries[i])) return lastTools.byName;
  const { names } = projectMcp(entries);
  const byName = new Map<string, ManifestEntry>();
  for (const entry of entries) if (entry.kind === "tool") byName.set(names.toProvider(entry.name) ?? entry.name, entry);
  lastTools = { entries, byName };
  return byName;
}
