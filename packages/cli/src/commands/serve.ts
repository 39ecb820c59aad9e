import { createMcpServer, resolveServerIdentity } from "@toolgen/mcp";
import { serveHttp, serveStdio } from "@toolgen/mcp/node";
import { NameCollisionError } from "@toolgen/runtime/providers";
import { loadBuiltRegistry } from "../project/load-built-registry.js";
import { loadProjectInfo } from "../project/load-project.js";
import { UsageError } from "./usage-error.js";

export interface ServeOptions {
  project?: string;
  host?: string[];
  tag?: string[];
  allow?: string[];
  http?: string;
  bind?: string;
}

/**
 * `toolgen serve`: the built registry as an MCP server. stdio by default (stdout carries
 * only the protocol; messages go to stderr); `--http <port>` serves stateless streamable
 * HTTP at `/mcp` on 127.0.0.1, or on `--bind <address>`, until SIGINT or SIGTERM.
 * `@external` tools are not offered: an MCP client has no way to run them for us.
 */
export async function runServe(options: ServeOptions): Promise<number> {
  const port = parsePort(options.http);
  if (options.bind !== undefined && port === undefined) throw new UsageError("--bind only applies with --http <port>.");
  const info = loadProjectInfo(options.project);
  const registry = await loadBuiltRegistry(info, { hosts: options.host ?? [], ...(options.tag ? { tags: options.tag } : {}), ...(options.allow ? { allow: options.allow } : {}), workingDirectory: process.cwd() });
  const server = info.config as { server?: { name?: string; version?: string; description?: string } };
  const identity = resolveServerIdentity(server.server, info.packageJson);
  const newServer = () => createMcpServer(registry, { identity });
  // Build one server now: tool names that collide for MCP are reported before serving starts.
  let first: ReturnType<typeof newServer>;
  try {
    first = newServer();
  } catch (error) {
    if (error instanceof NameCollisionError) throw new UsageError(error.message.replace(/^toolgen: /, ""));
    throw error;
  }

  if (port === undefined) {
    await serveStdio(first);
    return 0;
  }
  const running = await serveHttp(newServer, { port, host: options.bind ?? "127.0.0.1" }).catch((error: unknown) => {
    throw new UsageError(`cannot listen on ${options.bind ?? "127.0.0.1"}:${port}: ${(error as Error).message}`);
  });
  process.stderr.write(`toolgen: MCP server '${identity.name}' at ${running.url} (stateless streamable HTTP; Ctrl-C stops it)\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await running.close();
  return 0;
}

function parsePort(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new UsageError(`--http must be a port number from 0 to 65535; got '${raw}'.`);
  return port;
}
