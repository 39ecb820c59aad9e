// The CLI bundled (see scripts/bundle-package.mjs); each command stays a chunk of its own,
// imported when it runs.
import { bundlePackage } from "../../scripts/bundle-package.mjs";

export default bundlePackage({ main: "dist/main.js", index: "dist/index.js" });
