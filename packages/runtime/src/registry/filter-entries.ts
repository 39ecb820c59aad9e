import type { EntryHead } from "./entry-definition.js";

/** Which entries a registry exposes. Every filter given must let an entry through. */
export interface EntryFilters {
  /** The host identities this application declares (`@supportedFor` / `@excludedFor`). */
  hosts?: readonly string[];
  /** Only these entry names (an allowlist). */
  allow?: readonly string[];
  /** Only entries carrying at least one of these `@tags`. */
  tags?: readonly string[];
}

/**
 * `@supportedFor` / `@excludedFor` (the seeds' `SupportedFor`): an exclude always vetoes; no
 * `supportedFor` permits every host; otherwise the application must declare one of them. An
 * application that declares no host gets only the unrestricted entries.
 */
export function isAllowedForHosts(entry: EntryHead, hosts: readonly string[]): boolean {
  if (entry.excludedFor?.some((h) => hosts.includes(h))) return false;
  if (!entry.supportedFor || entry.supportedFor.length === 0) return true;
  return entry.supportedFor.some((h) => hosts.includes(h));
}

export function passesFilters(entry: EntryHead, filters: EntryFilters): boolean {
  return whyFilteredOut(entry, filters) === undefined;
}

/** Which filter leaves the entry out, in words (for the `unknown_tool` that a call of it gets), or undefined when none does. */
export function whyFilteredOut(entry: EntryHead, filters: EntryFilters): string | undefined {
  const hosts = filters.hosts ?? [];
  const declared = hosts.length ? `this registry's hosts are ${hosts.join(", ")}` : "this registry declares no host";
  const excluded = entry.excludedFor?.find((h) => hosts.includes(h));
  if (excluded) return `it is @excludedFor ${excluded}`;
  if (!isAllowedForHosts(entry, hosts)) return `it is @supportedFor ${entry.supportedFor!.join(", ")} only, and ${declared}`;
  if (filters.allow && !filters.allow.includes(entry.name)) return "it is not in this registry's allow list";
  if (filters.tags && !entry.tags?.some((t) => filters.tags!.includes(t))) return `it has none of the tags ${filters.tags.join(", ")}`;
  return undefined;
}
