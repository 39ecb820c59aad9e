/** Who the server says it is in `initialize` (the seeds' `@McpService`). */
export interface ServerIdentity {
  name: string;
  version: string;
  description?: string;
}

/**
 * The configuration's `server` section wins, field by field, over the package's own
 * `package.json` name, version and description.
 */
export function resolveServerIdentity(config: Partial<ServerIdentity> | undefined, packageJson: { name?: unknown; version?: unknown; description?: unknown }): ServerIdentity {
  const name = config?.name ?? (typeof packageJson.name === "string" ? packageJson.name : "toolgen");
  const version = config?.version ?? (typeof packageJson.version === "string" ? packageJson.version : "0.0.0");
  const description = config?.description ?? (typeof packageJson.description === "string" ? packageJson.description : undefined);
  return description === undefined ? { name, version } : { name, version, description };
}
