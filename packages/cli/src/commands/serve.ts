import { isIPv4 } from "node:net";
import { createMcpServer, resolveServerIdentity } from "@toolgen/mcp";
import { createMcpHandler } from "@toolgen/mcp";
import { MCP_PATH, serveHandler, serveStdio } from "@toolgen/mcp/node";
import { NameCollisionError } from "@toolgen/runtime/providers";
import { telemetry } from "@toolgen/runtime/telemetry";
import { withToolOutputOnStderr } from "../output/tool-output.js";
import { loadBuiltRegistry } from "../project/load-built-registry.js";
import { locateBuiltPackage } from "../project/locate-built-package.js";
import { authField, readServerAuth } from "../project/server-auth.js";
import { UsageError } from "./usage-error.js";
import { describeStrayError } from "../output/stray-error.js";

export interface ServeOptions {
  project?: string;
  host?: string[];
  tag?: string[];
  allow?: string[];
  http?: string;
  bind?: string;
  sessions?: boolean;
}

/**
 * `toolgen serve`: the built registry as an MCP server. stdio by default (stdout carries
 * only the protocol; messages go to stderr); `--http <port>` serves streamable HTTP at `/mcp`
 * on 127.0.0.1, or on `--bind <address>`, until SIGINT or SIGTERM: stateless, or with a
 * session per client with `--sessions` (or `server.sessions` in the config).
 * `@external` tools are not offered: an MCP client has no way to run them for us.
 */
export async function runServe(options: ServeOptions, stop: AbortSignal): Promise<number> {
  const port = parsePort(options.http);
  if (options.bind !== undefined && port === undefined) throw new UsageError("--bind only applies with --http <port>.");
  // An empty address is every interface to Node.js: an unset variable (`--bind "$ADDR"`) must not open the server.
  if (options.bind !== undefined && options.bind.trim() === "") throw new UsageError(`--bind must be an address to listen on, such as 127.0.0.1; got ${JSON.stringify(options.bind)}.`);
  if (options.sessions && port === undefined) throw new UsageError("--sessions only applies with --http <port> (over stdio, the connection is the session).");
  const info = await locateBuiltPackage(options.project);
  // Over stdio, stdout carries only the protocol, from the first byte: what a module prints as it loads goes to stderr.
  const registry = await withToolOutputOnStderr(() => loadBuiltRegistry(info, { hosts: options.host ?? [], ...(options.tag ? { tags: options.tag } : {}), ...(options.allow ? { allow: options.allow } : {}), workingDirectory: process.cwd() }));
  // Spans and metrics for every call: a no-op unless an OpenTelemetry SDK is registered (`node --import`).
  registry.use(telemetry());
  if (registry.entries.length === 0) {
    const filtered = options.tag?.length || options.allow?.length || options.host?.length;
    const ownless = "this package has no tools of its own (no tsconfig, no manifest), and no package it depends on has a toolgen manifest";
    process.stderr.write(`toolgen: warning: serving no entries: ${filtered ? "none passes the --tag, --allow and --host given" : info.manifestPath === undefined ? ownless : "the manifest has none"}.\n`);
  }
  const { server = {} } = info.config;
  const identity = resolveServerIdentity(server, info.packageJson);
  // Over stdio the server lives as long as the connection: it is stateful.
  const newServer = () => createMcpServer(registry, { identity, stateful: port === undefined });
  // Build one server now: tool names that collide for MCP are reported before serving starts.
  let first: ReturnType<typeof newServer>;
  try {
    first = newServer();
  } catch (error) {
    if (error instanceof NameCollisionError) throw new UsageError(error.message.replace(/^toolgen: /, ""));
    throw error;
  }

  keepServingThroughStrayErrors();
  // Stopped while loading: nothing is served yet.
  if (stop.aborted) return 0;
  if (port === undefined) {
    // SIGTERM and SIGINT as over HTTP: the calls in flight may finish for the grace period, then are aborted; exit 0.
    await serveStdio(first, { graceMs: server.shutdownGraceMs ?? DEFAULT_GRACE_MS, signal: stop });
    return 0;
  }
  const auth = server.auth ? readServerAuth(server.auth, info.packageRoot) : undefined;
  const sessions = options.sessions ? (typeof server.sessions === "object" ? server.sessions : true) : server.sessions;
  let handler: ReturnType<typeof createMcpHandler>;
  try {
    handler = createMcpHandler(registry, { identity, path: MCP_PATH, ...(auth ? { auth } : {}), ...(sessions ? { sessions } : {}), ...(server.allowedOrigins ? { allowedOrigins: server.allowedOrigins } : {}), ...(server.maxBodyBytes ? { maxBodyBytes: server.maxBodyBytes } : {}) });
  } catch (error) {
    // The handler names `auth.jwks`; the user wrote it in a file, at a field.
    const field = authField(info.packageRoot);
    throw new UsageError((error as Error).message.replace(/^toolgen: /, "").replace(/^auth\.(\w+)/, (_, name: string) => field(name)));
  }
  const running = await serveHandler(handler, { port, host: options.bind ?? "127.0.0.1" }).catch((error: unknown) => {
    throw new UsageError(`cannot listen on ${options.bind ?? "127.0.0.1"}:${port}: ${(error as Error).message}`);
  });
  if (!auth && !isLoopback(options.bind ?? "127.0.0.1")) process.stderr.write(`toolgen: warning: serving ${options.bind} without auth: anyone who can reach it may call every tool; configure server.auth.\n`);
  process.stderr.write(`toolgen: MCP server '${identity.name}' at ${running.url} (${sessions ? "streamable HTTP with sessions" : "stateless streamable HTTP"}${auth ? ", bearer tokens required" : ""}; Ctrl-C stops it)\n`);
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener("abort", resolve, { once: true }));
  // Graceful: no new connections, calls in flight may finish for the grace period.
  await running.close(server.shutdownGraceMs ?? DEFAULT_GRACE_MS);
  return 0;
}

/**
 * A tool's error that no call awaits (a promise it left unhandled, a throw in its timer) is
 * printed, and serving goes on: Node.js's default, ending the process, would drop every other
 * call in flight and every session for one tool's slip.
 */
function keepServingThroughStrayErrors(): void {
  const report = (error: unknown) => process.stderr.write(`toolgen: an error outside any call (serving goes on): ${describeStrayError(error)}\n`);
  process.on("unhandledRejection", report);
  process.on("uncaughtException", report);
}

/** How long calls in flight may finish after SIGTERM or SIGINT, unless `server.shutdownGraceMs` says otherwise. */
const DEFAULT_GRACE_MS = 10_000;

/** An address of this machine only: `localhost`, `::1` or 127.x.x.x itself, not a name that merely starts so (`127.0.0.1.example.com`). */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || (isIPv4(host) && host.startsWith("127."));
}

function parsePort(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new UsageError(`--http must be a port number from 0 to 65535; got '${raw}'.`);
  return port;
}
