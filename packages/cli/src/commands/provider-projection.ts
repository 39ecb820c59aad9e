import { isAllowedForHosts, type ManifestEntry } from "@toolgen/runtime";
import { isProviderId, NameCollisionError, projectTools, PROVIDERS, type Projection, type ProviderId } from "@toolgen/runtime/providers";
import { UsageError } from "./usage-error.js";

/** Checks `--provider`; the error lists the ones there are. */
export function readProvider(value: string): ProviderId {
  if (!isProviderId(value)) throw new UsageError(`--provider must be one of ${PROVIDERS.join(", ")}; got '${value}'.`);
  return value;
}

/**
 * The entries an application declaring these hosts registers (`@supportedFor`, `@excludedFor`),
 * as `toolgen call` and `serve` filter them: with no host, only the unrestricted ones.
 */
export function forHosts(entries: readonly ManifestEntry[], hosts: readonly string[] = []): ManifestEntry[] {
  return entries.filter((entry) => isAllowedForHosts(entry, hosts));
}

/** The hosts an entry is registered for, `only ide; not web`, or empty for every host (list's HOSTS, inspect's `hosts:`). */
export function hostsOf(entry: ManifestEntry): string {
  return [entry.supportedFor?.length ? `only ${entry.supportedFor.join(", ")}` : "", entry.excludedFor?.length ? `not ${entry.excludedFor.join(", ")}` : ""].filter(Boolean).join("; ");
}

/**
 * The projection `--provider` prints, or exit code 1 when two tool names collide for that
 * provider. What the projection had to change goes to stderr (for one tool's, `onlyIssuesOf`),
 * so stdout is exactly the provider's JSON.
 */
export function projectForProvider(provider: ProviderId, entries: readonly ManifestEntry[], onlyIssuesOf?: string): Projection<unknown, unknown> | number {
  let projection: Projection<unknown, unknown>;
  try {
    projection = projectTools(provider, entries);
  } catch (error) {
    if (error instanceof NameCollisionError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  for (const issue of projection.issues) {
    if (onlyIssuesOf !== undefined && issue.tool !== onlyIssuesOf) continue;
    const where = issue.path ? ` at ${issue.path}` : "";
    const effect = issue.severity === "error" ? " (left out)" : "";
    process.stderr.write(`toolgen: ${provider}: ${issue.severity}: ${issue.tool ? `'${issue.tool}'${where}: ` : ""}${issue.message}${effect}\n`);
  }
  return projection;
}
