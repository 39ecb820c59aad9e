import { existsSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import type { AuthOptions, JsonWebKeySet } from "@toolgen/mcp";
import { jsonErrorPlace } from "@toolgen/transformer/project";
import { UsageError } from "../commands/usage-error.js";
import { relativePosix } from "../output/diagnostic-json.js";

const FIELDS = new Set(["issuer", "audience", "jwks", "resource", "authorizationServers"]);

/**
 * The `server.auth` section of the toolgen config as `createMcpHandler` takes it: a `jwks`
 * file path is read here (relative to the package). Anything missing or of the wrong type is
 * an error naming the field: an `auth` that cannot verify tokens must not start an open server.
 */
export function readServerAuth(raw: Record<string, unknown>, packageRoot: string): AuthOptions {
  const field = authField(packageRoot);
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) throw new UsageError(`${field(key)} is not an auth setting (known: ${[...FIELDS].join(", ")}).`);
  const text = (name: string, required: boolean): string | undefined => {
    const value = raw[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string" || value === "") throw new UsageError(`${field(name)} must be a non-empty string${required ? " (tokens cannot be checked without it)" : ""}.`);
    return value;
  };
  const issuer = text("issuer", true)!;
  const audienceValue = raw.audience;
  if (Array.isArray(audienceValue) && !(audienceValue.length > 0 && audienceValue.every((a) => typeof a === "string" && a !== ""))) {
    throw new UsageError(`${field("audience")} must be a non-empty string or a non-empty list of them (tokens cannot be checked without it).`);
  }
  const audience = Array.isArray(audienceValue) ? (audienceValue as string[]) : text("audience", true)!;
  const jwksText = text("jwks", true)!;
  const resource = text("resource", false);
  const servers = raw.authorizationServers;
  if (servers !== undefined && !(Array.isArray(servers) && servers.length > 0 && servers.every((s) => typeof s === "string" && /^https?:\/\/[^/]/.test(s)))) throw new UsageError(`${field("authorizationServers")} must be a non-empty list of URLs (left out, it is [issuer]): clients find where to get tokens there.`);
  return {
    issuer,
    audience,
    jwks: /^[a-z][a-z0-9+.-]*:\/\//i.test(jwksText) ? jwksText : readKeySet(path.resolve(packageRoot, jwksText), field("jwks")),
    ...(resource ? { resource } : {}),
    ...(servers ? { authorizationServers: servers as string[] } : {}),
  };
}

function readKeySet(file: string, field: string): JsonWebKeySet {
  if (!existsSync(file)) throw new UsageError(`${field}: ${file} does not exist.`);
  if (!statSync(file).isFile()) throw new UsageError(`${field}: ${file} is not a file; name the JSON Web Key Set's file.`);
  // A byte-order mark, which some editors write, is no error: tsc reads tsconfig.json past it too.
  const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${field}: ${file}${jsonErrorPlace(text, (error as Error).message)} is not JSON (${(error as Error).message}).`);
  }
  const keys = (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new UsageError(`${field}: ${file} is not a JSON Web Key Set with keys ({ "keys": [ … ] }).`);
  return value as JsonWebKeySet;
}

/**
 * How a message names a field of `server.auth`, in the file it was read from: toolgen.config.json
 * when it has a `server` section (it replaces package.json's), else package.json's `"toolgen"`.
 */
export function authField(packageRoot: string): (name: string) => string {
  const configFile = path.join(packageRoot, "toolgen.config.json");
  let inConfigFile = false;
  try {
    inConfigFile = existsSync(configFile) && Object.hasOwn(JSON.parse(readFileSync(configFile, "utf8")) as object, "server");
  } catch {
    // Not JSON: reading the config reported it already.
  }
  const where = inConfigFile ? `${relativePosix(configFile)}: "server"` : `${relativePosix(path.join(packageRoot, "package.json"))}: "toolgen"."server"`;
  return (name) => `${where}."auth"."${name}"`;
}
