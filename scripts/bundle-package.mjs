// The rolldown configuration every package's `npm run bundle` uses: the package's compiled
// JavaScript (dist/, from tsc) bundled into one file per public entry point, with shared
// chunks, in dist/bundle/. Node.js resolves, reads and compiles every ES module separately:
// core alone is ~70 files, 45 ms to import, 8 ms bundled. Other packages and Node.js built-ins
// stay imports; types stay tsc's (dist/**/*.d.ts) unless a package bundles them too.
import { defineConfig } from "rolldown";
import { dts } from "rolldown-plugin-dts";

/** Other packages and Node.js built-ins stay imports. */
const external = (id) => !id.startsWith(".") && !id.startsWith("/");

/** `input`: entry name → compiled file, e.g. `{ index: "dist/index.js" }`. */
export function bundlePackage(input) {
  return defineConfig({
    input,
    platform: "node",
    external,
    output: { dir: "dist/bundle", cleanDir: true, format: "esm", entryFileNames: "[name].js", chunkFileNames: "chunk-[hash].js" },
  });
}

/**
 * The package's declarations (dist/, from tsc) bundled the same way, into dist/types/: one file
 * per entry point and shared chunks, so that a type has one declaration whichever entry point
 * it is reached through. `input`: entry name → declaration file, e.g. `{ index: "dist/index.d.ts" }`.
 */
export function bundleDeclarations(input) {
  return defineConfig({
    input,
    platform: "node",
    external,
    plugins: [dts({ dtsInput: true, emitDtsOnly: true, tsconfig: false })],
    output: { dir: "dist/types", cleanDir: true, format: "esm", entryFileNames: "[name].d.ts", chunkFileNames: "chunk-[hash].d.ts" },
  });
}
