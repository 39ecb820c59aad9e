// The analyzer bundled (see scripts/bundle-package.mjs): every build, check and tspc run loads it.
import { bundlePackage } from "../../scripts/bundle-package.mjs";

export default bundlePackage({ index: "dist/index.js" });
