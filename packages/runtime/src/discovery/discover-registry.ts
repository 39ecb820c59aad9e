import type { Registry } from "../registry/create-registry.js";
import type { DiscoverRegistryOptions } from "./load-discovered.js";

/**
 * Discovers the manifests from an application root (its own and its dependencies') and
 * builds one registry of all their entries — see `load-discovered.ts`. Discovery is
 * imported on first use, so applications that only use their generated module do not load
 * it at start-up.
 */
export async function discoverRegistry(root: string, options: DiscoverRegistryOptions = {}): Promise<Registry> {
  const { discoverRegistryNow } = await import("./load-discovered.js");
  return discoverRegistryNow(root, options);
}
