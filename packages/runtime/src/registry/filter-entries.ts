import type { ManifestEntry } from "../manifest/manifest-format.js";

/**
 * `@supportedFor` / `@excludedFor` (the seeds' `SupportedFor`): an exclude always vetoes; no
 * `supportedFor` permits every host; otherwise the application must declare one of them. An
 * application that declares no host gets only the unrestricted entries.
 */
export function isAllowedForHosts(entry: ManifestEntry, hosts: readonly string[]): boolean {
  if (entry.excludedFor?.some((h) => hosts.includes(h))) return false;
  if (!entry.supportedFor || entry.supportedFor.length === 0) return true;
  return entry.supportedFor.some((h) => hosts.includes(h));
}
