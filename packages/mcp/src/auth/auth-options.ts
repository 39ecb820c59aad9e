import type { Principal } from "@toolgen/runtime";

/** A JSON Web Key Set, as an authorization server publishes it. */
export interface JsonWebKeySet {
  keys: Array<Record<string, unknown>>;
}

/**
 * OAuth 2.1 bearer authentication for the HTTP endpoint (MCP 2025-11-25, Authorization): the
 * server is a resource server; it verifies tokens and announces its authorization servers
 * through RFC 9728 Protected Resource Metadata. The same keys as the `server.auth` section of
 * the toolgen config (where `jwks` may also be a file path, read by the CLI).
 */
export interface AuthOptions {
  /** The tokens' issuer (`iss`), checked exactly. */
  issuer?: string;
  /** A value the token's `aud` must contain (RFC 8707: the MCP server's URL). */
  audience?: string | string[];
  /** The issuer's signing keys: a key set, or an `https:` URL (fetched, cached, fetched again for an unknown `kid`). */
  jwks?: JsonWebKeySet | string;
  /** This server's canonical URL, announced in the metadata; default: `audience` when it is one URL, else the URL the request came to. */
  resource?: string;
  /** Announced in the metadata; default: `[issuer]`. */
  authorizationServers?: string[];
  /**
   * Any other token scheme: the caller, or undefined to refuse the token (`401`). Replaces the
   * JWT checks. Throw only when the token cannot be checked just now (a store unreachable): that
   * is `503`, and a client keeps its token and tries again.
   */
  verify?: (token: string, request: Request) => Promise<Principal | undefined>;
}
