/** `@toolgen/runtime/discovery`: the parts of discovery below `discoverRegistry`. */
export { discoverManifests, type DiscoveredManifest, type DiscoveryOptions } from "./discover-manifests.js";
export { loadDiscovered, type DiscoverRegistryOptions } from "./load-discovered.js";
export { parseManifest, readManifest } from "../manifest/read-manifest.js";
