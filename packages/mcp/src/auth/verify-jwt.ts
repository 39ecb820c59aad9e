import type { Principal } from "@toolgen/runtime";
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { AuthOptions } from "./auth-options.js";
import { RETRY_AFTER_S } from "./bearer-responses.js";

/**
 * Signature algorithms with public keys only: `none` and the HMAC family (a shared secret
 * the resource server would have to hold) are refused whatever the token's header says.
 */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
const PUBLIC_KEY_TYPES = new Set(["RSA", "EC", "OKP"]);
/** Clock skew tolerated on `exp` and `nbf`, in seconds. */
const CLOCK_TOLERANCE_S = 60;

/**
 * A verdict on a token: its caller, what is wrong with it (`401`), or that it could not be
 * checked now — the key set unreachable, a `verify` function that threw — which is the
 * server's trouble, not the token's (`503`: a client must not throw away a good token).
 */
export type TokenCheck = { principal: Principal } | { problem: string } | { unavailable: true };
export type TokenVerifier = (token: string, request: Request) => Promise<TokenCheck>;

/** The verifier `auth` describes; a configuration that cannot verify anything throws here, before serving. */
export function createTokenVerifier(auth: AuthOptions): TokenVerifier {
  if (auth.verify !== undefined) {
    if (typeof auth.verify !== "function") throw new TypeError(`toolgen: auth.verify must be a function (token, request) => Promise<Principal | undefined>; got ${auth.verify === null ? "null" : typeof auth.verify}.`);
    const verify = auth.verify;
    return async (token, request) => {
      let principal: Principal | undefined;
      try {
        principal = await verify(token, request);
      } catch {
        return { unavailable: true };
      }
      return principal ? { principal } : { problem: "the verify function did not accept it" };
    };
  }
  if (auth.jwks === undefined) throw new TypeError("toolgen: auth needs 'jwks' (a key set or an https: URL) or a 'verify' function: without one no token could be checked.");
  if (!auth.issuer || !auth.audience || (Array.isArray(auth.audience) && auth.audience.length === 0)) {
    throw new TypeError("toolgen: auth with 'jwks' needs 'issuer' and 'audience' (a string, or a list of at least one): a token signed by the right key but issued for another server must not pass.");
  }
  const options = { issuer: auth.issuer, audience: auth.audience, algorithms: ALGORITHMS, clockTolerance: CLOCK_TOLERANCE_S, requiredClaims: ["exp"] };
  const keys = typeof auth.jwks === "string" ? remoteKeys(createRemoteJWKSet(remoteUrl(auth.jwks))) : { get: createLocalJWKSet(checkKeySet(auth.jwks)), failed() {} };
  // A client sends the same token with every request: its signature is checked once, and the
  // verdict kept until the token expires. Only tokens that passed are kept, so what an
  // attacker sends never grows the cache; it holds at most CACHED_TOKENS.
  const verified = new Map<string, { principal: Principal; expires: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known && Date.now() < known.expires) return { principal: known.principal };
    verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, keys.get, options);
      const principal = principalOf(payload);
      if (verified.size >= CACHED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { principal, expires: payload.exp! * 1000 });
      return { principal };
    } catch (error) {
      // The key set could not be had (unreachable, too slow, an error status, not a key set): no verdict on the token.
      // jose throws its base class itself (ERR_JOSE_GENERIC) for a key set answered with an error or not JSON.
      const keySetTrouble = !(error instanceof errors.JOSEError) || error.code === "ERR_JOSE_GENERIC" || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid;
      if (keySetTrouble) {
        if (!(error instanceof KeySetUnavailable)) keys.failed();
        return { unavailable: true };
      }
      return { problem: error.message };
    }
  };
}

/** A token's key is not among those at hand, and the key set is not asked for now. */
class KeySetUnavailable extends Error {}

/**
 * A remote key set that, once it could not be had, is not asked again for as long as the 503's
 * Retry-After says: else every request (any made-up token, any unknown `kid`) fetched it anew
 * from an identity provider in trouble and waited out jose's timeout. Meanwhile tokens are
 * checked against the keys last fetched, while they are fresh: a token signed by one of them
 * passes, a malformed one is still 401; only a key not among them is 503.
 */
function remoteKeys(remote: ReturnType<typeof createRemoteJWKSet>): { get: JWTVerifyGetKey; failed(): void } {
  let unavailableUntil = 0;
  let lastKnown: JWTVerifyGetKey | undefined;
  return {
    get: async (header, token) => {
      if (Date.now() >= unavailableUntil) return remote(header, token);
      if (!lastKnown) throw new KeySetUnavailable();
      try {
        return await lastKnown(header, token);
      } catch (error) {
        throw error instanceof errors.JWKSNoMatchingKey ? new KeySetUnavailable() : error;
      }
    },
    failed() {
      unavailableUntil = Date.now() + RETRY_AFTER_S * 1000;
      const jwks = remote.fresh ? remote.jwks() : undefined;
      lastKnown = jwks ? createLocalJWKSet(jwks) : undefined;
    },
  };
}

/** Verified tokens kept at once (the oldest goes first). */
const CACHED_TOKENS = 1000;

/**
 * The caller a verified token names: `sub`, the scopes of `scope` (RFC 8693's space-separated
 * string) or else `scp` (a list, or a string as Microsoft Entra ID issues it), and every claim.
 */
export function principalOf(payload: JWTPayload): Principal {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  const scopes = scopesOf(scope) ?? scopesOf(scp) ?? [];
  // An empty or non-string `sub` names no one: such tokens must not share what a subject owns (a session).
  return { ...(typeof payload.sub === "string" && payload.sub !== "" ? { subject: payload.sub } : {}), scopes, claims: payload };
}

function scopesOf(claim: unknown): string[] | undefined {
  if (typeof claim === "string") return claim.split(" ").filter(Boolean);
  return Array.isArray(claim) ? claim.filter((s): s is string => typeof s === "string") : undefined;
}

function remoteUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`toolgen: auth.jwks must be a key set or an https: URL; got ${JSON.stringify(text)}.`);
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) throw new TypeError(`toolgen: auth.jwks must be an https: URL (http: only on this machine); got ${text}.`);
  return url;
}

function checkKeySet(set: unknown): { keys: [] } {
  if (typeof set !== "object" || set === null || !Array.isArray((set as { keys?: unknown }).keys)) throw new TypeError("toolgen: auth.jwks must be a JSON Web Key Set ({ \"keys\": [...] }).");
  const keys = (set as { keys: unknown[] }).keys;
  if (keys.length === 0) throw new TypeError("toolgen: auth.jwks has no keys: no token could be verified.");
  // An `oct` key is a shared secret, for the HMAC tokens refused above.
  if (!keys.some((key) => PUBLIC_KEY_TYPES.has((key as { kty?: unknown } | null)?.kty as string))) throw new TypeError("toolgen: auth.jwks has no public key (kty RSA, EC or OKP): symmetric keys are refused, as HMAC tokens are, so no token could be verified.");
  // A private key (its "d") makes jose refuse the whole set at the first token, a 503 for ever: said at start, and a private key belongs in no configuration a server reads.
  const secret = keys.findIndex((key) => typeof key === "object" && key !== null && "d" in key);
  if (secret >= 0) throw new TypeError(`toolgen: auth.jwks.keys[${secret}] is a private key (it has "d"): give the server the public key set alone (jose's exportJWK of the public key, or the issuer's JWKS).`);
  return set as { keys: [] };
}
