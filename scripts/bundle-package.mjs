// The rolldown configuration every package's `npm run bundle` uses: the package's compiled
// JavaScript (dist/, from tsc) bundled into one file per public entry point, with shared
// chunks, in dist/bundle/. Node.js resolves, reads and compiles every ES module separately:
// core alone is ~70 files, 45 ms to import, 8 ms bundled. Other packages and Node.js built-ins
// stay imports; types stay tsc's (dist/**/*.d.ts).
import { defineConfig } from "rolldown";

/** `input`: entry name → compiled file, e.g. `{ index: "dist/index.js" }`. */
export function bundlePackage(input) {
  return defineConfig({
    input,
    platform: "node",
    external: (id) => !id.startsWith(".") && !id.startsWith("/"),
    output: { dir: "dist/bundle", cleanDir: true, format: "esm", entryFileNames: "[name].js", chunkFileNames: "chunk-[hash].js" },
  });
}
