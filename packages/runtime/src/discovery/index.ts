/**
 * `@toolgen/runtime/discovery`: finding and loading the manifests of an application and its
 * installed dependencies. Node.js only (it reads `node_modules`); everything else of the
 * runtime is platform-neutral.
 */
export { discoverRegistry } from "./discover-registry.js";
export { DiscoveryError } from "./discovery-error.js";
export { discoverManifests, type DiscoveredManifest, type DiscoveryOptions } from "./discover-manifests.js";
export { loadDiscovered, type DiscoverRegistryOptions } from "./load-discovered.js";
export { parseManifest, readManifest, readManifestLazily } from "../manifest/read-manifest.js";
export { readFileStart } from "./read-file-start.js";
export { resolveDuplicates } from "./resolve-duplicates.js";
