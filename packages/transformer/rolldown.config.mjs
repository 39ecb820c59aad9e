// The transformer and the shared build logic bundled (see scripts/bundle-package.mjs).
import { bundlePackage } from "../../scripts/bundle-package.mjs";

export default bundlePackage({ index: "dist/index.js", project: "dist/project/index.js" });
