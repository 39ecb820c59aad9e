export { type ChangeSeverity, type ContractChange, type ContractDiff } from "./change.js";
export { compareSchemas } from "./compare-schemas.js";
export { diffManifests } from "./diff-manifests.js";
