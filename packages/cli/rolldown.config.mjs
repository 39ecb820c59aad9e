// The CLI bundled (see scripts/bundle-package.mjs); each command stays a chunk of its own,
// imported when it runs. The catalog page's script (toolgen docs) is bundled apart, with the
// provider projections it runs, as one classic script: the page opens from file://, where a
// browser loads no ES modules.
import { defineConfig } from "rolldown";
import { bundlePackage } from "../../scripts/bundle-package.mjs";

export default [
  bundlePackage({ main: "dist/main.js", index: "dist/index.js" }),
  defineConfig({
    input: "dist/catalog/page/catalog-page.js",
    platform: "browser",
    output: { file: "dist/page/catalog-page.js", format: "iife", minify: true },
  }),
];
